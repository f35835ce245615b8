// The peer of bench/activationProbe.js: in a fresh extension host, loads an extension entry that does nothing (an
// ES module whose activate() returns at once) the way the probe loads Countersign's, and prints how long that took.
// What it measures is the host's own loader, the floor under any extension's activation in this host.
'use strict';
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

exports.run = async function run() {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-peer-'));
  try {
    const entry = path.join(dir, 'extension.mjs');
    writeFileSync(
      entry,
      'export function activate() {\n  return { activationMs: 0 };\n}\nexport function deactivate() {}\n',
    );
    const loadStarted = performance.now();
    const peer = await import(pathToFileURL(entry).href);
    const loadMs = performance.now() - loadStarted;
    const started = performance.now();
    peer.activate();
    const activateMs = performance.now() - started;
    console.log(`COUNTERSIGN_ACTIVATION ${JSON.stringify({ loadMs, hostMs: activateMs, activateMs })}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const resultFile = process.env.VSCODE_TEST_RESULT_FILE;
  if (resultFile) writeFileSync(resultFile, JSON.stringify({ passes: 1, failures: 0, pending: 0, tests: 1 }));
};
