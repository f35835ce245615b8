// One figure of a bench, in the line scripts/bench.mjs collects into its table:
//   BENCH {"figure":…,"value":…,"unit":…,"peer":…,"peerValue":…,"ratio":…}
// `peer` (a named peer, or a budget) and its value are left out where there is none; ratio = value / peerValue.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const round = (value) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

export function benchLine(figure, value, unit, peer) {
  const line = { figure, value: round(value), unit };
  if (peer) Object.assign(line, { peer: peer.name, peerValue: round(peer.value), ratio: round(value / peer.value) });
  console.log(`BENCH ${JSON.stringify(line)}`);
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The command (for child_process.spawn) that runs `suite`, a file of bench/, as the extension's tests in a fresh
 * code-server extension host (scripts/runExtensionTests.mjs), stopped after `timeoutSeconds`, with `folder` open
 * (by default a copy of the test workspace, which holds a Hardhat project and so activates the extension at start).
 * `keys: false` for a suite that handles no private key (the secret scan then looks for stamps and signatures).
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
