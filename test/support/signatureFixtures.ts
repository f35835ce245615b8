/**
 * Signatures as the SDKs send them, for the summary's tests: a Permit2 permit (single and batch), an EIP-2612
 * permit of USDC, DAI's permit, an EIP-3009 transfer, an EIP-7702 authorization, a signMessage hash, and a Solana
 * and a Tron transaction sent as raw payloads.
 */
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const SPENDER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
export const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** 2026-11-26T12:00:00Z, the tests' now. */
export const NOW = Date.parse('2026-11-26T12:00:00Z');
const DAY = 86_400;
const nowSeconds = NOW / 1000;
export const MAX_UINT160 = (2n ** 160n - 1n).toString();
export const MAX_UINT256 = (2n ** 256n - 1n).toString();
export const MAX_UINT48 = (2n ** 48n - 1n).toString();

const PERMIT_DETAILS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
];
const DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** Permit2's PermitSingle: `amount` of USDC for SPENDER until `expiration`, the signature valid until `sigDeadline`. */
export function permit2Single(
  options: { amount?: string; expiration?: string; sigDeadline?: string; domain?: Record<string, unknown> } = {},
) {
  return {
    types: {
      EIP712Domain: DOMAIN_TYPE,
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: PERMIT_DETAILS,
    },
    primaryType: 'PermitSingle',
    domain: options.domain ?? { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      details: {
        token: USDC,
        amount: options.amount ?? MAX_UINT160,
        expiration: options.expiration ?? MAX_UINT48,
        nonce: '0',
      },
      spender: SPENDER,
      sigDeadline: options.sigDeadline ?? String(nowSeconds + 600),
    },
  };
}

export function permit2Batch(amounts: readonly string[]) {
  return {
    types: {
      EIP712Domain: DOMAIN_TYPE,
      PermitBatch: [
        { name: 'details', type: 'PermitDetails[]' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: PERMIT_DETAILS,
    },
    primaryType: 'PermitBatch',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      details: amounts.map((amount, nonce) => ({
        token: nonce === 0 ? USDC : DAI,
        amount,
        expiration: String(nowSeconds + DAY),
        nonce: String(nonce),
      })),
      spender: SPENDER,
      sigDeadline: String(nowSeconds + 600),
    },
  };
}

/** EIP-2612's Permit of USDC for SPENDER. */
export function usdcPermit(
  options: { value?: string; deadline?: string; domain?: Record<string, unknown>; withoutDeadline?: boolean } = {},
) {
  const fields = [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    ...(options.withoutDeadline ? [] : [{ name: 'deadline', type: 'uint256' }]),
  ];
  return {
    types: { Permit: fields },
    primaryType: 'Permit',
    domain: options.domain ?? { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
    message: {
      owner: OWNER,
      spender: SPENDER,
      value: options.value ?? '250000000',
      nonce: '0',
      ...(options.withoutDeadline ? {} : { deadline: options.deadline ?? String(nowSeconds + 3600) }),
    },
  };
}

/** DAI's permit: `allowed` true is an unlimited allowance; `expiry` 0 never expires. */
export function daiPermit(allowed: boolean, expiry: string) {
  return {
    types: {
      Permit: [
        { name: 'holder', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'expiry', type: 'uint256' },
        { name: 'allowed', type: 'bool' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: DAI },
    message: { holder: OWNER, spender: SPENDER, nonce: '0', expiry, allowed },
  };
}

export const EIP3009 = {
  types: {
    TransferWithAuthorization: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'validAfter', type: 'uint256' },
      { name: 'validBefore', type: 'uint256' },
      { name: 'nonce', type: 'bytes32' },
    ],
  },
  primaryType: 'TransferWithAuthorization',
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
  message: {
    from: OWNER,
    to: SPENDER,
    value: '1000000',
    validAfter: '0',
    validBefore: String(nowSeconds - DAY),
    nonce: `0x${'ab'.repeat(32)}`,
  },
};

/** What `@turnkey/viem`'s signAuthorization sends. */
export const AUTHORIZATION = JSON.stringify({ address: SPENDER, chainId: 1, nonce: 3 });

/** What viem's signMessage sends for "hello": the EIP-191 digest, 32 bytes, with HASH_FUNCTION_NO_OP. */
export const MESSAGE_HASH = '50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750';

/** A legacy Solana message: one SystemProgram transfer of 1 SOL between two accounts. */
export function solanaTransferMessage(): string {
  const bytes = [1, 0, 1, 3];
  for (let account = 1; account <= 2; account++) bytes.push(...new Array<number>(32).fill(account));
  bytes.push(...new Array<number>(32).fill(0)); // the system program
  bytes.push(...new Array<number>(32).fill(9)); // the recent blockhash
  const lamports = [0, 0xca, 0x9a, 0x3b, 0, 0, 0, 0];
  bytes.push(1, 2, 2, 0, 1, 12, 2, 0, 0, 0, ...lamports);
  return Buffer.from(bytes).toString('hex');
}

/** A Tron transaction's raw_data: reference block, expiration, one contract, timestamp. */
export function tronRawData(): string {
  const contract = [0x08, 0x01, 0x12, 0x02, 0x0a, 0x00];
  const bytes = [
    0x0a,
    0x02,
    0x12,
    0x34,
    0x22,
    0x08,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    0x40,
    0x80,
    0xa0,
    0xb7,
    0x87,
    0xc5,
    0x33,
    0x5a,
    contract.length,
    ...contract,
    0x70,
    0x80,
    0x9e,
    0xb1,
    0x87,
    0xc5,
    0x33,
  ];
  return Buffer.from(bytes).toString('hex');
}
