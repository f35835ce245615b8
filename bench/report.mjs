// @ts-check
// One figure of a bench, in the line scripts/bench.mjs collects into its table:
//   BENCH {"figure":…,"value":…,"unit":…,"peer":…,"peerValue":…,"ratio":…,"goal":{"max":…}}
// A peer is something measured in the same run (another library, a bare server, an empty extension), and
// ratio = value / peerValue. A goal is a constant the figure should stay within: `{"max": …}` (a time, a size) or
// `{"min": …}` (a rate), in the figure's unit. Either is left out where there is none; a constant is never a peer.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const requireFromRoot = createRequire(import.meta.url);

/**
 * A module of the compiled tree (out/, CommonJS), by its path under out/. The caller states its type with a JSDoc
 * cast to the source module's (`typeof import('../src/…')`), which tsconfig.scripts.json checks.
 * @param {string} file
 * @returns {unknown}
 */
export function requireCompiled(file) {
  return requireFromRoot(path.join(root, 'out', file));
}
/** @param {number} value */
const round = (value) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

/**
 * Prints a BENCH line: `peer` is `{ name, value }` measured in this run, `goal` is `{ max }` or `{ min }`.
 * @param {string} figure
 * @param {number} value
 * @param {string} unit
 * @param {{ name: string, value: number }} [peer]
 * @param {{ max: number } | { min: number }} [goal]
 */
export function benchLine(figure, value, unit, peer, goal) {
  /** @type {Record<string, unknown>} */
  const line = { figure, value: round(value), unit };
  if (peer) Object.assign(line, { peer: peer.name, peerValue: round(peer.value), ratio: round(value / peer.value) });
  if (goal) line.goal = goal;
  console.log(`BENCH ${JSON.stringify(line)}`);
}

/**
 * @param {readonly number[]} values
 * @returns {number}
 */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * The command (for child_process.spawn) that runs `suite`, a file of bench/, as the extension's tests in a fresh
 * code-server extension host (scripts/runExtensionTests.mjs), stopped after `timeoutSeconds`, with `folder` open
 * (by default a copy of the test workspace, which holds a Hardhat project and so activates the extension at start).
 * `keys: false` for a suite that handles no private key (the secret scan then looks for stamps and signatures).
 * @param {string} suite
 * @param {number} timeoutSeconds
 * @param {string} [folder]
 * @param {{ keys?: boolean }} options
 * @returns {[string, string[]]}
 */
export function extensionHostCommand(suite, timeoutSeconds, folder, { keys = true } = {}) {
  return [
    process.execPath,
    [
      path.join(root, 'scripts', 'runExtensionTests.mjs'),
      `--extensionDevelopmentPath=${root}`,
      `--extensionTestsPath=${path.join(root, 'bench', suite)}`,
      '--timeout-seconds',
      String(timeoutSeconds),
      ...(keys ? [] : ['--no-keys']),
      ...(folder ? [folder] : []),
    ],
  ];
}
