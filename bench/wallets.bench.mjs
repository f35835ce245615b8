// @ts-check
// Wallets in the sandbox (in process, in memory, over HTTP on 127.0.0.1), three figures:
// - creating a wallet with 10 Ethereum accounts (a fresh mnemonic, its BIP-39 seed, 10 BIP-32 derivations),
//   beside creating 10 private keys, measured in the same run;
// - signing a digest by wallet account against signing it by private key (aim: the account at ≥ 0.9× the key's
//   rate), in alternating rounds whose medians are compared;
// - list_wallet_accounts over an organization of 10,000 accounts, one page of 100 at the end (the cursor is the
//   9,900th), against whoami in the same run (goal: 20 ms).
// Runs the compiled code in out/ (scripts/bench.mjs compiles it first when it is stale).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchLine, median, requireCompiled } from './report.mjs';

const { ApiKeyStamper, CountersignClient } = /** @type {typeof import('../src/api/remote.js')} */ (
  requireCompiled('src/api/remote.js')
);
const { launchSandbox } = /** @type {typeof import('../src/sandbox/index.js')} */ (
  requireCompiled('src/sandbox/index.js')
);

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const signingsPerRound = Number(process.env.BENCH_SIGNINGS ?? 100);
const inFlight = 8;
const DIGEST = `0x${'ab'.repeat(32)}`;

/** @param {number} i */
const ethereumAccount = (i) => ({
  curve: /** @type {const} */ ('CURVE_SECP256K1'),
  pathFormat: /** @type {const} */ ('PATH_FORMAT_BIP32'),
  path: `m/44'/60'/0'/0/${i}`,
  addressFormat: /** @type {const} */ ('ADDRESS_FORMAT_ETHEREUM'),
});

/**
 * Milliseconds per call of `call`, `count` calls with `width` in flight.
 * @param {() => Promise<unknown>} call
 * @param {number} count
 * @param {number} width
 */
async function perCall(call, count, width) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < count) await call();
    }),
  );
  return (performance.now() - started) / count;
}

const { sandbox, engine } = await launchSandbox({ memory: true, port: 0, rateLimit: 1_000_000 });
try {
  const demo = sandbox.credentials.organizations.find((o) => o.name === 'Demo');
  const key = demo?.users[0]?.apiKeys[0];
  if (!demo || !key) throw new Error('The sandbox has no Demo organization with an API key.');
  const organizationId = demo.organizationId;
  const client = new CountersignClient(
    { baseUrl: sandbox.baseUrl },
    new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  );
  let n = 0;
  const createWallet = () =>
    client.createWallet({
      organizationId,
      parameters: { walletName: `bench ${n++}`, accounts: Array.from({ length: 10 }, (_, i) => ethereumAccount(i)) },
    });
  const createKeys = () =>
    client.createPrivateKeys({
      organizationId,
      parameters: {
        privateKeys: Array.from({ length: 10 }, () => ({
          privateKeyName: `bench key ${n++}`,
          curve: /** @type {const} */ ('CURVE_SECP256K1'),
          privateKeyTags: [],
          addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
        })),
      },
    });

  // 1. A wallet with 10 accounts, beside 10 private keys.
  await createWallet();
  await createKeys();
  /** @type {{ wallet: number[], keys: number[] }} */
  const creations = { wallet: [], keys: [] };
  for (let r = 0; r < rounds; r++) {
    creations.wallet.push(await perCall(createWallet, 3, 1));
    creations.keys.push(await perCall(createKeys, 3, 1));
  }

  // 2. Signing by account and by private key.
  const made = await createWallet();
  const created = /** @type {{ addresses: string[] } | undefined} */ (made.result?.['createWalletResult']);
  const address = created?.addresses[0] ?? '';
  const keyId = (await client.listPrivateKeys({ organizationId })).find(
    (k) => k.privateKeyName === 'Demo signing key',
  )?.privateKeyId;
  if (!keyId) throw new Error('Demo has no signing key.');
  /** @param {string} signWith */
  const sign = (signWith) => () =>
    client.signRawPayload({
      organizationId,
      parameters: {
        signWith,
        payload: DIGEST,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    });
  await perCall(sign(address), 50, inFlight);
  await perCall(sign(keyId), 50, inFlight);
  /** @type {{ account: number[], key: number[] }} */
  const signings = { account: [], key: [] };
  for (let r = 0; r < rounds; r++) {
    signings.account.push(await perCall(sign(address), signingsPerRound, inFlight));
    signings.key.push(await perCall(sign(keyId), signingsPerRound, inFlight));
  }

  // 3. 10,000 accounts in the organization (put in memory as the journal would: deriving them is not the figure).
  const organization = engine.state.organizations.get(organizationId);
  if (!organization) throw new Error('Demo is not in the state.');
  const walletId = randomUUID();
  const now = Date.now();
  organization.wallets.apply({
    op: 'putWallet',
    organizationId,
    record: {
      walletId,
      walletName: 'ten thousand',
      mnemonic: 'unused',
      exported: false,
      imported: false,
      createdAtMs: now,
      updatedAtMs: now,
    },
    accounts: Array.from({ length: 10_000 }, (_, i) => ({
      walletAccountId: randomUUID(),
      walletId,
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: `m/44'/60'/0'/0/${i}`,
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
      address: `0x${i.toString(16).padStart(40, '0')}`,
      publicKey: `02${i.toString(16).padStart(64, '0')}`,
      createdAtMs: now,
      updatedAtMs: now,
    })),
  });
  const all = organization.wallets.accountsOf();
  const after = all[all.length - 101]?.walletAccountId ?? '';
  const listPage = async () => {
    const page = await client.listWalletAccounts({ organizationId, paginationOptions: { limit: '100', after } });
    if (page.length !== 100) throw new Error(`a page of ${page.length}`);
  };
  const whoami = () => client.whoami({ organizationId });
  await perCall(listPage, 20, 1);
  await perCall(whoami, 20, 1);
  /** @type {{ list: number[], whoami: number[] }} */
  const reads = { list: [], whoami: [] };
  for (let r = 0; r < rounds; r++) {
    reads.list.push(await perCall(listPage, 20, 1));
    reads.whoami.push(await perCall(whoami, 20, 1));
  }
  await client.close();

  const wallet = median(creations.wallet);
  const keys = median(creations.keys);
  console.log(`wallets: median of ${rounds} rounds, in process at ${sandbox.baseUrl}`);
  console.log(
    `  create_wallet with 10 accounts ${wallet.toFixed(2)} ms; create_private_keys of 10 ${keys.toFixed(2)} ms`,
  );
  benchLine('wallets: ms per create_wallet with 10 accounts', wallet, 'ms', {
    name: 'create_private_keys of 10 keys',
    value: keys,
  });
  // Rates, so that the ratio reads as the aim does: the account's rate over the key's (aim ≥ 0.9).
  const accountRate = 1000 / median(signings.account);
  const keyRate = 1000 / median(signings.key);
  console.log(`  sign_raw_payload by account ${accountRate.toFixed(0)}/s, by private key ${keyRate.toFixed(0)}/s`);
  benchLine(`wallets: signatures per second by account, ${inFlight} in flight`, accountRate, '/s', {
    name: 'by private key',
    value: keyRate,
  });
  const list = median(reads.list);
  console.log(
    `  list_wallet_accounts (10,000, last page of 100) ${list.toFixed(2)} ms; whoami ${median(reads.whoami).toFixed(2)} ms`,
  );
  benchLine(
    'wallets: ms per list_wallet_accounts page of 100 among 10,000 accounts',
    list,
    'ms',
    { name: 'whoami', value: median(reads.whoami) },
    { max: 20 },
  );
} finally {
  await sandbox.close();
}
