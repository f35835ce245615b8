// @ts-check
// The views of a large organization, in a real VS Code: a sandbox seeded with 10,000 activities, 1,000 private
// keys, 500 smart contract interfaces and a wallet of 10,000 accounts (bench/largeOrganization.mjs), then the extension's Activities and
// Organization views built in code-server's extension host (bench/trees.host.cjs), timed from the service's
// answer to the last row built. The goal is 50 ms: past it, the view visibly stalls.
//
//   BENCH_ACTIVITIES (10000), BENCH_MAX_SECONDS (300, the whole run in VS Code)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedLargeOrganization } from './largeOrganization.mjs';
import { extensionHostCommand } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const activities = Number(process.env.BENCH_ACTIVITIES ?? 10_000);
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 300);

const walletAccounts = 10_000;
const large = await seedLargeOrganization({ activities, interfaces: 500, privateKeys: 1_000, walletAccounts });
console.log(
  `Seeded ${activities} activities, 1000 private keys, 500 interfaces, ${walletAccounts} wallet accounts in ${large.seedSeconds.toFixed(1)} s at ${large.baseUrl}`,
);
const scratch = mkdtempSync(path.join(tmpdir(), 'countersign-bench-trees-'));
const benchFile = path.join(scratch, 'large.json');
try {
  writeFileSync(
    benchFile,
    JSON.stringify({
      baseUrl: large.baseUrl,
      organizationId: large.organizationId,
      apiKey: large.apiKey,
      counts: large.counts,
    }),
    { mode: 0o600 },
  );
  // Asynchronous: this process serves the sandbox while VS Code runs.
  const [command, args] = extensionHostCommand('trees.host.cjs', maxSeconds);
  /** @type {number} */
  const code = await new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, COUNTERSIGN_BENCH_FILE: benchFile },
    });
    child.once('exit', (status) => resolve(status ?? 1));
  });
  process.exitCode = code;
} finally {
  rmSync(scratch, { recursive: true, force: true });
  await large.close();
}
