/** The client's cases for the wallet reads (client.test.ts runs them): path, exact body, and the answer parsed. */
import type { CountersignClient } from '../../src/api';
import { NOW } from './clientFixture';
import { ORG, ts } from './sampleRecords';

const wallet = { walletId: 'w-1', walletName: 'Hot', createdAt: ts, updatedAt: ts, exported: false, imported: false };
const account = {
  walletAccountId: 'wa-1',
  organizationId: ORG,
  walletId: 'w-1',
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  createdAt: ts,
  updatedAt: ts,
  publicKey: '02',
};

export const walletQueryCases: Array<{
  name: string;
  call: (c: CountersignClient) => Promise<unknown>;
  path: string;
  body: string;
  reply: unknown;
  expected: unknown;
}> = [
  {
    name: 'listWallets',
    call: (c) => c.listWallets({ organizationId: ORG }),
    path: '/public/v1/query/list_wallets',
    body: `{"organizationId":"${ORG}"}`,
    reply: { wallets: [wallet] },
    expected: [wallet],
  },
  {
    name: 'getWallet',
    call: (c) => c.getWallet({ organizationId: ORG, walletId: 'w-1' }),
    path: '/public/v1/query/get_wallet',
    body: `{"organizationId":"${ORG}","walletId":"w-1"}`,
    reply: { wallet },
    expected: wallet,
  },
  {
    name: 'listWalletAccounts',
    call: (c) => c.listWalletAccounts({ organizationId: ORG, paginationOptions: { limit: '1', after: 'wa-0' } }),
    path: '/public/v1/query/list_wallet_accounts',
    body: `{"organizationId":"${ORG}","paginationOptions":{"limit":"1","after":"wa-0"}}`,
    reply: { accounts: [account] },
    expected: [account],
  },
  {
    name: 'getWalletAccount',
    call: (c) => c.getWalletAccount({ organizationId: ORG, walletId: 'w-1', path: "m/44'/60'/0'/0/0" }),
    path: '/public/v1/query/get_wallet_account',
    body: `{"organizationId":"${ORG}","walletId":"w-1","path":"m/44'/60'/0'/0/0"}`,
    reply: { account },
    expected: account,
  },
];

const submission = (type: string, parameters: string): string =>
  `{"type":"${type}","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":${parameters}}`;
const ACCOUNT = `{"curve":"CURVE_SECP256K1","pathFormat":"PATH_FORMAT_BIP32","path":"m/44'/60'/0'/0/0","addressFormat":"ADDRESS_FORMAT_ETHEREUM"}`;
const accountParams = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const;

export const walletSubmitCases: Array<{
  name: string;
  call: (c: CountersignClient) => Promise<unknown>;
  path: string;
  body: string;
  result: Record<string, unknown>;
}> = [
  {
    name: 'createWallet',
    call: (c) =>
      c.createWallet({
        organizationId: ORG,
        parameters: { walletName: 'Hot', accounts: [accountParams], mnemonicLength: 24 },
      }),
    path: '/public/v1/submit/create_wallet',
    body: submission('ACTIVITY_TYPE_CREATE_WALLET', `{"walletName":"Hot","accounts":[${ACCOUNT}],"mnemonicLength":24}`),
    result: { createWalletResult: { walletId: 'w-1', addresses: ['0x01'] } },
  },
  {
    name: 'createWalletAccounts',
    call: (c) =>
      c.createWalletAccounts({
        organizationId: ORG,
        parameters: { walletId: 'w-1', accounts: [accountParams], persist: false },
      }),
    path: '/public/v1/submit/create_wallet_accounts',
    body: submission(
      'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS',
      `{"walletId":"w-1","accounts":[${ACCOUNT}],"persist":false}`,
    ),
    result: { createWalletAccountsResult: { addresses: ['0x01'] } },
  },
  {
    name: 'updateWallet',
    call: (c) => c.updateWallet({ organizationId: ORG, parameters: { walletId: 'w-1', walletName: 'Cold' } }),
    path: '/public/v1/submit/update_wallet',
    body: submission('ACTIVITY_TYPE_UPDATE_WALLET', `{"walletId":"w-1","walletName":"Cold"}`),
    result: { updateWalletResult: { walletId: 'w-1' } },
  },
  {
    name: 'deleteWallets',
    call: (c) =>
      c.deleteWallets({ organizationId: ORG, parameters: { walletIds: ['w-1'], deleteWithoutExport: true } }),
    path: '/public/v1/submit/delete_wallets',
    body: submission('ACTIVITY_TYPE_DELETE_WALLETS', `{"walletIds":["w-1"],"deleteWithoutExport":true}`),
    result: { deleteWalletsResult: { walletIds: ['w-1'] } },
  },
  {
    name: 'deleteWalletAccounts',
    call: (c) => c.deleteWalletAccounts({ organizationId: ORG, parameters: { walletAccountIds: ['wa-1'] } }),
    path: '/public/v1/submit/delete_wallet_accounts',
    body: submission('ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS', `{"walletAccountIds":["wa-1"]}`),
    result: { deleteWalletAccountsResult: { walletAccountIds: ['wa-1'] } },
  },
  {
    name: 'signRawPayloads',
    call: (c) =>
      c.signRawPayloads({
        organizationId: ORG,
        parameters: {
          signWith: '0x01',
          payloads: ['hi'],
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      }),
    path: '/public/v1/submit/sign_raw_payloads',
    body: submission(
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      `{"signWith":"0x01","payloads":["hi"],"encoding":"PAYLOAD_ENCODING_TEXT_UTF8","hashFunction":"HASH_FUNCTION_KECCAK256"}`,
    ),
    result: { signRawPayloadsResult: { signatures: [{ r: 'a'.repeat(64), s: 'b'.repeat(64), v: '00' }] } },
  },
  {
    name: 'exportWallet',
    call: (c) => c.exportWallet({ organizationId: ORG, parameters: { walletId: 'w-1', targetPublicKey: '04ab' } }),
    path: '/public/v1/submit/export_wallet',
    body: submission('ACTIVITY_TYPE_EXPORT_WALLET', `{"walletId":"w-1","targetPublicKey":"04ab"}`),
    result: { exportWalletResult: { walletId: 'w-1', exportBundle: '{}' } },
  },
  {
    name: 'exportWalletAccount',
    call: (c) =>
      c.exportWalletAccount({ organizationId: ORG, parameters: { address: '0x01', targetPublicKey: '04ab' } }),
    path: '/public/v1/submit/export_wallet_account',
    body: submission('ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT', `{"address":"0x01","targetPublicKey":"04ab"}`),
    result: { exportWalletAccountResult: { address: '0x01', exportBundle: '{}' } },
  },
  {
    name: 'initImportWallet',
    call: (c) => c.initImportWallet({ organizationId: ORG, parameters: { userId: 'user-1' } }),
    path: '/public/v1/submit/init_import_wallet',
    body: submission('ACTIVITY_TYPE_INIT_IMPORT_WALLET', `{"userId":"user-1"}`),
    result: { initImportWalletResult: { importBundle: '{}' } },
  },
  {
    name: 'importWallet',
    call: (c) =>
      c.importWallet({
        organizationId: ORG,
        parameters: { userId: 'user-1', walletName: 'Brought', encryptedBundle: '{}', accounts: [accountParams] },
      }),
    path: '/public/v1/submit/import_wallet',
    body: submission(
      'ACTIVITY_TYPE_IMPORT_WALLET',
      `{"userId":"user-1","walletName":"Brought","encryptedBundle":"{}","accounts":[${ACCOUNT}]}`,
    ),
    result: { importWalletResult: { walletId: 'w-2', addresses: ['0x01'] } },
  },
];
