// @ts-check
// The peer of bench/activationProbe.js: in a fresh extension host, once it has settled, loads an extension entry
// that does nothing but import the vscode API (an ES module whose activate() returns at once) the way the probe
// loads Countersign's, and prints how long that took. The entry is written into Countersign's folder for the
// while, so that the host builds it an extension's vscode API as it does for Countersign's first module: what it
// measures is the host's own loader and that API, the floor under any extension's activation in this host.
'use strict';
const { rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const vscode = require('vscode');
const { hostSettled, threadCpuMs } = require('./hostSettled.js');

exports.run = async function run() {
  const extension = vscode.extensions.getExtension('countersign.countersign');
  if (!extension) throw new Error('countersign.countersign is not installed in this extension host.');
  const settled = await hostSettled();
  const entry = path.join(extension.extensionPath, 'dist', `peer-${process.pid}.mjs`);
  try {
    writeFileSync(
      entry,
      "import * as vscode from 'vscode';\n" +
        'export function activate() {\n  return { activationMs: 0, api: typeof vscode.window };\n}\n' +
        'export function deactivate() {}\n',
    );
    const cpuStarted = threadCpuMs();
    const loadStarted = performance.now();
    const peer = await /** @type {Promise<{ activate(): void }>} */ (import(pathToFileURL(entry).href));
    const loadMs = performance.now() - loadStarted;
    const started = performance.now();
    peer.activate();
    const activateMs = performance.now() - started;
    const cpuEnded = threadCpuMs();
    const cpuMs = cpuStarted === undefined || cpuEnded === undefined ? undefined : cpuEnded - cpuStarted;
    console.log(`COUNTERSIGN_ACTIVATION ${JSON.stringify({ loadMs, hostMs: activateMs, activateMs, cpuMs, settled })}`);
  } finally {
    rmSync(entry, { force: true });
  }
  const resultFile = process.env.VSCODE_TEST_RESULT_FILE;
  if (resultFile) writeFileSync(resultFile, JSON.stringify({ passes: 1, failures: 0, pending: 0, tests: 1 }));
};
