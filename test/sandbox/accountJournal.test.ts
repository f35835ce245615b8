import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { decryptExportBundle, encryptPrivateKeyToBundle, generateP256KeyPair } from '@turnkey/crypto';
import { generatePrivateKey } from 'viem/accounts';
import type { LogFields, Logger } from '../../src/api';
import { ApiKeyStamper, CountersignClient, generateApiKeyPair } from '../../src/api/remote';
import { startSandbox, type SandboxCredentials } from '../../src/sandbox';
import { JOURNAL_FILE_NAME } from '../../src/sandbox/storage/journalStorage';
import { repoRoot } from '../support/fixtures';

/** Demo's root user's client on a sandbox at `baseUrl`, from the credentials it wrote. */
function demoOf(baseUrl: string, credentials: SandboxCredentials) {
  const org = credentials.organizations.find((o) => o.name === 'Demo');
  const user = org?.users[0];
  const key = user?.apiKeys[0];
  assert.ok(org && user && key);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return {
    client: new CountersignClient({ baseUrl }, stamper, { maxAttempts: 1 }),
    organizationId: org.organizationId,
    rootId: user.userId,
    keyId: org.privateKeyIds[1] ?? '',
  };
}

/** Every line a logger was given, as text. */
function recordingLogger(lines: string[]): Logger {
  const log = (message: string, fields?: LogFields): void => void lines.push(`${message} ${JSON.stringify(fields)}`);
  return { trace: log, debug: log, info: log, warn: log, error: log };
}

describe('sandbox: sub-organizations, people, export and import in the journal', function () {
  this.timeout(30_000);
  let dir: string;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-accounts-'));
  });
  afterEach(() => {
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the signer key, an initialised import and an exported mark across a restart; secrets reach no log, and the journal once', async () => {
    const lines: string[] = [];
    const first = await startSandbox({ dataDir: dir, logger: recordingLogger(lines) });
    const signer = first.credentials.signerPublicKey;
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')) as SandboxCredentials;
    assert.equal(onDisk.signerPublicKey, signer, 'at the top level of credentials.json');
    const secret = generatePrivateKey();
    let exportedHex: string;
    let encryptedBundle: string;
    try {
      const demo = demoOf(first.baseUrl, first.credentials);
      const init = await demo.client.initImportPrivateKey({
        organizationId: demo.organizationId,
        parameters: { userId: demo.rootId },
      });
      const importBundle = (init.result['initImportPrivateKeyResult'] as { importBundle: string }).importBundle;
      const target = generateP256KeyPair();
      const exported = await demo.client.exportPrivateKey({
        organizationId: demo.organizationId,
        parameters: { privateKeyId: demo.keyId, targetPublicKey: target.publicKeyUncompressed },
      });
      exportedHex = await decryptExportBundle({
        exportBundle: (exported.result['exportPrivateKeyResult'] as { exportBundle: string }).exportBundle,
        embeddedKey: target.privateKey,
        organizationId: demo.organizationId,
        dangerouslyOverrideSignerPublicKey: signer,
        returnMnemonic: false,
      });
      await demo.client.close();
      // Encrypted now, imported after the restart: the import's target key outlives the process.
      encryptedBundle = await encryptPrivateKeyToBundle({
        privateKey: secret,
        keyFormat: 'HEXADECIMAL',
        importBundle,
        userId: demo.rootId,
        organizationId: demo.organizationId,
        dangerouslyOverrideSignerPublicKey: signer,
      });
    } finally {
      await first.close();
    }

    const second = await startSandbox({ dataDir: dir, logger: recordingLogger(lines) });
    try {
      assert.equal(second.credentials.signerPublicKey, signer, 'one signer key per data directory');
      const demo = demoOf(second.baseUrl, second.credentials);
      const key = await demo.client.getPrivateKey({ organizationId: demo.organizationId, privateKeyId: demo.keyId });
      assert.equal(key.exported, true);
      const imported = await demo.client.importPrivateKey({
        organizationId: demo.organizationId,
        parameters: {
          userId: demo.rootId,
          privateKeyName: 'after restart',
          encryptedBundle,
          curve: 'CURVE_SECP256K1',
          addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
        },
      });
      assert.equal(imported.status, 'ACTIVITY_STATUS_COMPLETED');
      await demo.client.close();
    } finally {
      await second.close();
    }
    const journalPath = path.join(dir, JOURNAL_FILE_NAME);
    assert.equal(statSync(journalPath).mode & 0o777, 0o600);
    const journal = readFileSync(journalPath, 'utf8');
    // Each private key is in the journal once, as the key the sandbox signs with; never in an intent or a result.
    assert.equal(journal.split(secret.slice(2)).length - 1, 1, 'the imported key, once');
    assert.equal(journal.split(exportedHex).length - 1, 1, 'the exported key, once');
    const logged = lines.join('\n');
    assert.ok(lines.length > 0);
    for (const hidden of [secret.slice(2), exportedHex])
      assert.ok(!logged.includes(hidden), 'a key reached a log line');
  });

  it('loses nothing acknowledged on SIGKILL: a sub-organization, a new API key, a deleted and an updated user, an export', async () => {
    const cli = path.join(repoRoot, 'out', 'src', 'sandbox', 'cli.js');
    assert.ok(existsSync(cli), 'compile first: out/src/sandbox/cli.js is missing');
    const started = spawn(process.execPath, [cli, '--port', '0', '--data-dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const line = await new Promise<RegExpExecArray>((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /listening on (http:\/\/\S+) with signer public key (04[0-9a-f]{128})\n/.exec(out);
        if (match) resolve(match);
      });
      started.once('exit', (code) => reject(new Error(`the sandbox exited early (${code})`)));
    });
    const credentials = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')) as SandboxCredentials;
    assert.equal(line[2], credentials.signerPublicKey, 'the start-up line names the signer key');
    const demo = demoOf(line[1] ?? '', credentials);
    const { organizationId, rootId } = demo;
    const subKey = generateApiKeyPair();
    const sub = await demo.client.createSubOrganization({
      organizationId,
      parameters: {
        subOrganizationName: 'survives',
        rootUsers: [
          {
            userName: 'sub root',
            apiKeys: [{ apiKeyName: 'k', publicKey: subKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
            authenticators: [],
            oauthProviders: [],
          },
        ],
        rootQuorumThreshold: 1,
      },
    });
    const subId = (sub.result['createSubOrganizationResultV8'] as { subOrganizationId: string }).subOrganizationId;
    const extra = generateApiKeyPair();
    await demo.client.createApiKeys({
      organizationId,
      parameters: {
        userId: rootId,
        apiKeys: [{ apiKeyName: 'extra', publicKey: extra.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      },
    });
    const users = await demo.client.createUsers({
      organizationId,
      parameters: {
        users: ['goes', 'stays'].map((userName) => ({
          userName,
          apiKeys: [
            {
              apiKeyName: userName,
              publicKey: generateApiKeyPair().publicKey,
              curveType: 'API_KEY_CURVE_P256' as const,
            },
          ],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        })),
      },
    });
    const [goes, stays] = (users.result['createUsersResult'] as { userIds: string[] }).userIds;
    assert.ok(goes && stays);
    await demo.client.deleteUsers({ organizationId, parameters: { userIds: [goes] } });
    await demo.client.updateUser({ organizationId, parameters: { userId: stays, userName: 'renamed' } });
    await demo.client.exportPrivateKey({
      organizationId,
      parameters: { privateKeyId: demo.keyId, targetPublicKey: generateP256KeyPair().publicKeyUncompressed },
    });
    await demo.client.close();
    const gone = new Promise((resolve) => started.once('exit', resolve));
    started.kill('SIGKILL');
    await gone;

    const restarted = await startSandbox({ dataDir: dir });
    try {
      const again = demoOf(restarted.baseUrl, restarted.credentials);
      assert.ok((await again.client.getSubOrgIds({ organizationId })).includes(subId));
      const subClient = new CountersignClient(
        { baseUrl: restarted.baseUrl },
        new ApiKeyStamper({ apiPublicKey: subKey.publicKey, apiPrivateKey: subKey.privateKey }),
        { maxAttempts: 1 },
      );
      assert.equal((await subClient.whoami({ organizationId: subId })).organizationName, 'survives');
      const extraClient = new CountersignClient(
        { baseUrl: restarted.baseUrl },
        new ApiKeyStamper({ apiPublicKey: extra.publicKey, apiPrivateKey: extra.privateKey }),
        { maxAttempts: 1 },
      );
      assert.equal((await extraClient.whoami({ organizationId })).userId, rootId);
      const listed = await again.client.listUsers({ organizationId });
      assert.ok(!listed.some((u) => u.userId === goes));
      assert.equal(listed.find((u) => u.userId === stays)?.userName, 'renamed');
      assert.equal((await again.client.getPrivateKey({ organizationId, privateKeyId: demo.keyId })).exported, true);
      await Promise.all([again.client.close(), subClient.close(), extraClient.close()]);
    } finally {
      await restarted.close();
    }
  });
});
