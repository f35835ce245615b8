// @ts-check
// A sandbox in memory in a process of its own, for bench/inboxStandings.bench.mjs: it reads one line of JSON on
// standard input (an organization of root users, by their public keys: { organizationId, nowMs, users: [{ userId,
// name, apiKeyId, publicKey }] }), seeds it, prints "listening on <url>" and runs until standard input closes.
// The bench then measures only its own process: the sandbox's work on each request is no longer counted in the
// inbox's turns.
import { createInterface } from 'node:readline';
import { requireCompiled } from './report.mjs';

const { launchSandbox } = /** @type {typeof import('../src/sandbox/index.js')} */ (
  requireCompiled('src/sandbox/index.js')
);

/** @typedef {{ organizationId: string, nowMs: number, users: { userId: string, name: string, apiKeyId: string, publicKey: string }[] }} Seed */

const lines = createInterface({ input: process.stdin });
/** @type {Promise<string>} */
const firstLine = new Promise((resolve) => lines.once('line', resolve));
/** @type {unknown} */
const parsed = JSON.parse(await firstLine);
const seed = /** @type {Seed} */ (parsed);
const { sandbox, engine } = await launchSandbox({ memory: true, port: 0 });
const { organizationId, nowMs, users } = seed;
await engine.commit({
  kind: 'seed',
  organizations: [
    {
      organizationId,
      name: 'Hostile',
      parentOrganizationId: null,
      rootQuorum: users.length,
      rootUserIds: users.map((u) => u.userId),
      users: users.map((u) => ({
        userId: u.userId,
        userName: u.name,
        createdAtMs: nowMs,
        apiKeys: [{ apiKeyId: u.apiKeyId, apiKeyName: u.name, publicKey: u.publicKey, createdAtMs: nowMs }],
      })),
      privateKeys: [],
      createdAtMs: nowMs,
    },
  ],
});
lines.once('close', () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
process.stdout.write(`listening on ${sandbox.baseUrl}\n`);
