/**
 * Wallets are journaled: they survive a restart and a SIGKILL with every acknowledged wallet and account, exported
 * or imported as they were, and the accounts sign after it with the same keys. Their mnemonics stay in the journal: never in a log line, an answer
 * or an error.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { encryptWalletToBundle, generateP256KeyPair } from '@turnkey/crypto';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { hashMessage, recoverMessageAddress } from 'viem';
import type { LogFields, Logger } from '../../src/api';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { startSandbox, type RunningSandbox, type SandboxCredentials } from '../../src/sandbox';
import { repoRoot } from '../support/fixtures';
import { startTestSandbox } from '../support/startTestSandbox';
import { createWallet, ethereumAccount, solanaAccount } from '../support/walletFixtures';

function demoClient(
  baseUrl: string,
  credentials: SandboxCredentials,
): { client: CountersignClient; organizationId: string } {
  const org = credentials.organizations.find((o) => o.name === 'Demo');
  const key = org?.users[0]?.apiKeys[0];
  assert.ok(org && key);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return {
    client: new CountersignClient({ baseUrl }, stamper, { maxAttempts: 1 }),
    organizationId: org.organizationId,
  };
}

async function signedBy(client: CountersignClient, organizationId: string, signWith: string): Promise<string> {
  const digest = hashMessage('journal');
  const activity = await client.signRawPayload({
    organizationId,
    parameters: {
      signWith,
      payload: digest,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    },
  });
  const { r, s, v } = activity.result?.['signRawPayloadResult'] as { r: string; s: string; v: string };
  return recoverMessageAddress({ message: 'journal', signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) } });
}

describe('sandbox: wallets in the journal', function () {
  this.timeout(40_000);
  let dir: string;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-wallets-'));
  });
  afterEach(() => {
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads back wallets, renamed, with accounts added and deleted, and their accounts still sign after a restart', async () => {
    let sandbox: RunningSandbox = await startSandbox({ dataDir: dir });
    let { client, organizationId } = demoClient(sandbox.baseUrl, sandbox.credentials);
    const { walletId, addresses } = await createWallet(client, organizationId, 'Kept', [
      ethereumAccount(0),
      solanaAccount(0),
    ]);
    await client.createWalletAccounts({
      organizationId,
      parameters: { walletId, accounts: [ethereumAccount(1), ethereumAccount(2)] },
    });
    await client.updateWallet({ organizationId, parameters: { walletId, walletName: 'Kept, renamed' } });
    const before = await client.listWalletAccounts({ organizationId, walletId });
    const gone = before.find((a) => a.path === "m/44'/60'/0'/0/2");
    assert.ok(gone);
    await client.deleteWalletAccounts({
      organizationId,
      parameters: { walletAccountIds: [gone.walletAccountId], deleteWithoutExport: true },
    });
    const doomed = await createWallet(client, organizationId, 'Doomed', []);
    await client.deleteWallets({
      organizationId,
      parameters: { walletIds: [doomed.walletId], deleteWithoutExport: true },
    });
    const accountsBefore = await client.listWalletAccounts({ organizationId, walletId });
    await client.close();
    await sandbox.close();

    sandbox = await startSandbox({ dataDir: dir });
    try {
      ({ client, organizationId } = demoClient(sandbox.baseUrl, sandbox.credentials));
      const wallets = await client.listWallets({ organizationId });
      assert.deepEqual(
        wallets.map((w) => w.walletName),
        ['Demo wallet', 'Kept, renamed'],
        "the seed's wallet, then the one kept",
      );
      assert.deepEqual(await client.listWalletAccounts({ organizationId, walletId }), accountsBefore);
      assert.equal(await signedBy(client, organizationId, addresses[0] ?? ''), addresses[0]);
      await client.close();
    } finally {
      await sandbox.close();
    }
  });

  it('keeps a wallet exported, an account exported and a wallet imported after a restart', async () => {
    let sandbox: RunningSandbox = await startSandbox({ dataDir: dir });
    let { client, organizationId } = demoClient(sandbox.baseUrl, sandbox.credentials);
    const userId = sandbox.credentials.organizations.find((o) => o.name === 'Demo')?.users[0]?.userId ?? '';
    const targetPublicKey = generateP256KeyPair().publicKeyUncompressed;
    const exported = await createWallet(client, organizationId, 'Exported', [ethereumAccount(0)]);
    await client.exportWallet({ organizationId, parameters: { walletId: exported.walletId, targetPublicKey } });
    const partly = await createWallet(client, organizationId, 'Partly', [ethereumAccount(0), ethereumAccount(1)]);
    await client.exportWalletAccount({
      organizationId,
      parameters: { address: partly.addresses[0] ?? '', targetPublicKey },
    });
    const init = await client.initImportWallet({ organizationId, parameters: { userId } });
    const encryptedBundle = await encryptWalletToBundle({
      mnemonic: generateMnemonic(wordlist),
      importBundle: (init.result?.['initImportWalletResult'] as { importBundle: string }).importBundle,
      userId,
      organizationId,
      dangerouslyOverrideSignerPublicKey: sandbox.credentials.signerPublicKey,
    });
    const imported = await client.importWallet({
      organizationId,
      parameters: { userId, walletName: 'Imported', encryptedBundle, accounts: [ethereumAccount(0)] },
    });
    const importedAddress = (imported.result?.['importWalletResult'] as { addresses: string[] }).addresses[0] ?? '';
    await client.close();
    await sandbox.close();

    sandbox = await startSandbox({ dataDir: dir });
    try {
      ({ client, organizationId } = demoClient(sandbox.baseUrl, sandbox.credentials));
      const flags = (await client.listWallets({ organizationId })).map((w) => [w.walletName, w.exported, w.imported]);
      assert.deepEqual(flags, [
        ['Demo wallet', false, false],
        ['Exported', true, false],
        ['Partly', false, false],
        ['Imported', false, true],
      ]);
      assert.equal(await signedBy(client, organizationId, importedAddress), importedAddress);
      const accounts = await client.listWalletAccounts({ organizationId, walletId: partly.walletId });
      const [first, second] = accounts.map((a) => a.walletAccountId);
      await assert.rejects(
        client.deleteWalletAccounts({ organizationId, parameters: { walletAccountIds: [second ?? ''] } }),
        /not been exported/,
      );
      await client.deleteWalletAccounts({ organizationId, parameters: { walletAccountIds: [first ?? ''] } });
      await client.deleteWallets({ organizationId, parameters: { walletIds: [exported.walletId] } });
      await client.close();
    } finally {
      await sandbox.close();
    }
  });

  it('keeps every acknowledged wallet after a SIGKILL in the middle of a stream of create_wallet', async () => {
    const cli = path.join(repoRoot, 'out', 'src', 'sandbox', 'cli.js');
    assert.ok(existsSync(cli), 'compile first: out/src/sandbox/cli.js is missing');
    const started = spawn(process.execPath, [cli, '--port', '0', '--data-dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      started.once('exit', (code) => reject(new Error(`the sandbox exited early (${code})`)));
    });
    const credentials = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')) as SandboxCredentials;
    const { client, organizationId } = demoClient(baseUrl, credentials);
    const acknowledged: { walletId: string; address: string }[] = [];
    let killed = false;
    let n = 0;
    const workers = Array.from({ length: 4 }, async () => {
      while (!killed) {
        try {
          const made = await createWallet(client, organizationId, `Stream ${n++}`, [ethereumAccount(0)]);
          acknowledged.push({ walletId: made.walletId, address: made.addresses[0] ?? '' });
        } catch {
          // Refused or cut by the kill: not acknowledged.
        }
      }
    });
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 5));
    const gone = new Promise((resolve) => started.once('exit', resolve));
    assert.ok(started.pid);
    process.kill(started.pid, 'SIGKILL');
    killed = true;
    await gone;
    await Promise.all(workers);
    await client.close();

    const restarted = await startSandbox({ dataDir: dir });
    try {
      const again = demoClient(restarted.baseUrl, restarted.credentials);
      const accounts = await Promise.all(
        acknowledged.map(({ walletId }) => again.client.listWalletAccounts({ organizationId, walletId })),
      );
      assert.deepEqual(
        accounts.map((list) => list[0]?.address),
        acknowledged.map((a) => a.address),
      );
      await again.client.close();
    } finally {
      await restarted.close();
    }
  });

  it('never puts a mnemonic in a log line, an answer or an error', async () => {
    const lines: string[] = [];
    const record = (message: string, fields: LogFields = {}): void => {
      lines.push(JSON.stringify({ message, fields }));
    };
    const logger: Logger = { trace: record, debug: record, info: record, warn: record, error: record };
    const t = await startTestSandbox({ logger });
    try {
      const client = t.clientFor('Demo');
      const organizationId = t.organization('Demo').organizationId;
      const answers: unknown[] = [];
      const made = await createWallet(client, organizationId, 'Secret', [ethereumAccount(0)]);
      answers.push(
        made,
        await client.listWallets({ organizationId }),
        await client.getOrganization({ organizationId }),
      );
      answers.push(await client.listWalletAccounts({ organizationId, includeWalletDetails: true }));
      answers.push(await client.listActivities({ organizationId, paginationOptions: { limit: '100' } }));
      for (const refused of [
        client.createWalletAccounts({
          organizationId,
          parameters: { walletId: made.walletId, accounts: [ethereumAccount(0)] },
        }),
        client.deleteWallets({ organizationId, parameters: { walletIds: [made.walletId] } }),
        client.createWallet({ organizationId, parameters: { walletName: 'Secret', accounts: [] } }),
      ])
        answers.push(
          await refused.then(
            () => 'no error',
            (error: unknown) => String(error),
          ),
        );
      const mnemonic = t.engine.state.organizations.get(organizationId)?.wallets.exportOf(made.walletId)?.mnemonic;
      assert.ok(mnemonic);
      const words = mnemonic.split(' ');
      // Any three words in a row would give it away.
      const trigrams = words.slice(0, -2).map((_, i) => words.slice(i, i + 3).join(' '));
      const seen = [...lines, JSON.stringify(answers)].join('\n');
      assert.ok(lines.length > 0, 'the sandbox logged nothing to check');
      for (const trigram of trigrams) assert.ok(!seen.includes(trigram), 'a mnemonic reached a log line or an answer');
    } finally {
      await t.close();
    }
  });
});
