// @ts-check
// A large organization for the benches: a sandbox (in this process, in memory) with an organization "Large" of
// 1,000 private keys (the service's documented limit per organization), 500 smart contract interfaces,
// 10,000 activities in all and a wallet of 10,000 accounts. The keys come with the organization's seed record and
// the wallet is put in its state as the journal would (deriving 10,000 keys is not what the benches measure); the
// interfaces and the other activities (private key tags) are real stamped submissions over HTTP.
//
//   const large = await seedLargeOrganization({ activities: 10_000, interfaces: 500, privateKeys: 1_000,
//     walletAccounts: 10_000 });
//   large.baseUrl, large.organizationId, large.apiKey { apiKeyId, publicKey, privateKey }; await large.close();
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { requireCompiled } from './report.mjs';

const ABI =
  '[{"type":"function","name":"get","inputs":[],"outputs":[{"name":"","type":"uint256"}],"stateMutability":"view"}]';

/**
 * @param {number} index
 * @param {number} nowMs
 */
function privateKeyRecord(index, nowMs) {
  const publicKey = `02${randomBytes(32).toString('hex')}`;
  return {
    privateKeyId: randomUUID(),
    privateKeyName: `Large key ${index + 1}`,
    publicKey,
    curve: 'CURVE_SECP256K1',
    addresses: [{ format: 'ADDRESS_FORMAT_COMPRESSED', address: publicKey }],
    privateKeyTags: [],
    exported: false,
    imported: false,
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  };
}

/**
 * Runs `count` jobs with `width` of them in flight; stops early past `deadline` (performance.now()).
 * @param {number} count
 * @param {number} width
 * @param {number} deadline
 * @param {(index: number) => Promise<void>} job
 */
async function inParallel(count, width, deadline, job) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count && performance.now() < deadline) await job(next++);
    }),
  );
  return next;
}

/**
 * A wallet "Large wallet" of `count` Ethereum accounts, put in the organization's state as the journal would.
 * @param {{ state: { organizations: Map<string, { wallets: { apply(effect: unknown): void } }> } }} engine
 * @param {string} organizationId
 * @param {number} count
 * @param {number} nowMs
 */
function putWallet(engine, organizationId, count, nowMs) {
  const organization = engine.state.organizations.get(organizationId);
  if (!organization) throw new Error('the large organization is not in the state');
  const walletId = randomUUID();
  organization.wallets.apply({
    op: 'putWallet',
    organizationId,
    record: {
      walletId,
      walletName: 'Large wallet',
      mnemonic: 'unused',
      exported: false,
      imported: false,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
    },
    accounts: Array.from({ length: count }, (_, i) => ({
      walletAccountId: randomUUID(),
      walletId,
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: `m/44'/60'/0'/0/${i}`,
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
      address: `0x${i.toString(16).padStart(40, '0')}`,
      publicKey: `02${i.toString(16).padStart(64, '0')}`,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
    })),
  });
}

export async function seedLargeOrganization({
  activities = 10_000,
  interfaces = 500,
  privateKeys = 1_000,
  walletAccounts = 0,
  concurrency = 32,
  maxSeconds = 120,
} = {}) {
  const { launchSandbox } = /** @type {typeof import('../src/sandbox/index.js')} */ (
    requireCompiled('src/sandbox/index.js')
  );
  const { ApiKeyStamper, CountersignClient, generateApiKeyPair } =
    /** @type {typeof import('../src/api/remote.js')} */ (requireCompiled('src/api/remote.js'));
  const started = performance.now();
  const { sandbox, engine } = await launchSandbox({ memory: true, port: 0 });
  const nowMs = Date.now();
  const pair = generateApiKeyPair();
  const apiKey = { apiKeyId: randomUUID(), apiKeyName: 'Large API key', ...pair };
  const userId = randomUUID();
  const organizationId = randomUUID();
  const keys = Array.from({ length: privateKeys }, (_, i) => privateKeyRecord(i, nowMs));
  await engine.commit({
    kind: 'seed',
    organizations: [
      {
        organizationId,
        name: 'Large',
        parentOrganizationId: null,
        rootQuorum: 1,
        rootUserIds: [userId],
        users: [
          {
            userId,
            userName: 'Large root',
            createdAtMs: nowMs,
            apiKeys: [
              {
                apiKeyId: apiKey.apiKeyId,
                apiKeyName: apiKey.apiKeyName,
                publicKey: pair.publicKey,
                createdAtMs: nowMs,
              },
            ],
          },
        ],
        privateKeys: keys,
        createdAtMs: nowMs,
      },
    ],
  });

  if (walletAccounts > 0) putWallet(engine, organizationId, walletAccounts, nowMs);

  const client = new CountersignClient(
    { baseUrl: sandbox.baseUrl },
    new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
    { maxAttempts: 1 },
  );
  const deadline = started + maxSeconds * 1000;
  // Interfaces that stay; tags (the service allows 100 per organization); then interface made and deleted again,
  // two activities each, for the rest.
  let tags = Math.min(100, Math.max(0, activities - interfaces));
  if ((activities - interfaces - tags) % 2 === 1) tags -= 1;
  const pairs = (activities - interfaces - tags) / 2;
  let failures = 0;
  /** @type {unknown} */
  let firstError;
  /** @param {string} label */
  const createInterface = (label) =>
    client.createSmartContractInterface({
      organizationId,
      parameters: {
        smartContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        smartContractInterface: ABI,
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label,
      },
    });
  const jobs = interfaces + tags + pairs;
  const done = await inParallel(jobs, concurrency, deadline, async (i) => {
    try {
      if (i < interfaces) await createInterface(`Large interface ${i + 1}`);
      else if (i < interfaces + tags) {
        const privateKeyIds = [keys[i % keys.length]?.privateKeyId ?? ''];
        await client.createPrivateKeyTag({
          organizationId,
          parameters: { privateKeyTagName: `Large tag ${i}`, privateKeyIds },
        });
      } else {
        const made = await createInterface(`Passing interface ${i}`);
        const result = /** @type {{ smartContractInterfaceId?: string } | undefined} */ (
          made.result?.createSmartContractInterfaceResult
        );
        const smartContractInterfaceId = result?.smartContractInterfaceId ?? '';
        await client.deleteSmartContractInterface({ organizationId, parameters: { smartContractInterfaceId } });
      }
    } catch (error) {
      failures += 1;
      firstError ??= error;
    }
  });
  const submitted = done < jobs ? 0 : activities;
  await client.close();
  if (failures > 0 || submitted < activities)
    throw new Error(
      `seeding the large organization: ${submitted - failures} of ${activities} activities made${firstError instanceof Error ? ` (${firstError.message})` : ''}`,
    );
  return {
    baseUrl: sandbox.baseUrl,
    organizationId,
    apiKey,
    counts: { activities, interfaces, privateKeys, walletAccounts },
    seedSeconds: (performance.now() - started) / 1000,
    close: () => sandbox.close(),
  };
}
