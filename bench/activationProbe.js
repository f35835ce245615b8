// @ts-check
// Loaded by the extension host in place of a test suite (bench/activation.bench.mjs passes it as
// extensionTestsPath): once the host has settled, loads Countersign's entry module from cold, then activates it
// through the host, and prints how long each took. CommonJS, because the extension host requires a suite.
'use strict';
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const vscode = require('vscode');
const { hostSettled, threadCpuMs } = require('./hostSettled.js');

const EXTENSION_ID = 'countersign.countersign';

exports.run = async function run() {
  /** @type {vscode.Extension<{ activationMs: number }> | undefined} */
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed in this extension host.`);
  const settled = await hostSettled();
  if (extension.isActive) throw new Error(`${EXTENSION_ID} was active already: nothing to measure.`);
  // Loading: the entry module and the chunks it imports, cold, as the host would import them. The first
  // `import 'vscode'` of a module in the extension's folder also has the host build the extension's vscode API.
  /** @type {unknown} */
  const packageJson = extension.packageJSON;
  const manifest = /** @type {{ main: string }} */ (packageJson);
  const entry = path.join(extension.extensionPath, manifest.main);
  const cpuStarted = threadCpuMs();
  const loadStarted = performance.now();
  if (entry.endsWith('.mjs')) await import(pathToFileURL(entry).href);
  else require(entry); // a CommonJS build, loaded as the host loads one
  const loadMs = performance.now() - loadStarted;
  // Then activation through the host: its own work (context, storage, the module from its cache) and activate().
  const started = performance.now();
  const api = await extension.activate();
  const hostMs = performance.now() - started;
  // The main thread's CPU time over the load and the host's activate call.
  const cpuEnded = threadCpuMs();
  const cpuMs = cpuStarted === undefined || cpuEnded === undefined ? undefined : cpuEnded - cpuStarted;
  const figures = { loadMs, hostMs, activateMs: api.activationMs, cpuMs, settled };
  console.log(`COUNTERSIGN_ACTIVATION ${JSON.stringify(figures)}`);
  const resultFile = process.env.VSCODE_TEST_RESULT_FILE;
  if (resultFile) writeFileSync(resultFile, JSON.stringify({ passes: 1, failures: 0, pending: 0, tests: 1 }));
};
