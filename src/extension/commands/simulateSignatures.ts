/**
 * "Simulate a Teammate's Request" for signatures in Team: its second root user asks Team's signing key to sign
 * what wallets ask for most and approvers read least, each waiting for your vote as Team's first root user:
 * - a Permit2 permit (PermitSingle) letting a contract nobody registered spend every USDC the key holds, and
 *   never expiring: the typed data as a wallet sends it, with `PAYLOAD_ENCODING_EIP712`;
 * - a message signed as viem's and ethers' `signMessage` send it: the 32-byte EIP-191 digest of "hello" with
 *   `HASH_FUNCTION_NO_OP`, which neither you nor any policy can read back.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity } from '../../api';
import { payloadDigest } from '../../api/remote';
import type { SandboxCredentials, SandboxOrganizationRecord } from '../sandboxProcess';
import type { SimulatedSignature } from './reviewOptions';
import { teammateClient } from './sandboxTeammates';

const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** EIP-55's example of a contract with no registered interface: the spender. */
const UNREGISTERED_CONTRACT = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
/** Permit2's largest amount (uint160) and expiration (uint48): unlimited, and never. */
const MAX_UINT160 = (2n ** 160n - 1n).toString();
const MAX_UINT48 = (2n ** 48n - 1n).toString();
/** How long the signature itself may be used: the permit it carries never expires. */
const SIGNATURE_VALID_SECONDS = 30 * 60;
const MESSAGE = 'hello';

/** A simulated signature request, waiting for your vote, and what the notification said. */
export interface SimulatedSignatureRequest {
  readonly signature: SimulatedSignature;
  readonly activity: Activity;
  readonly message: string;
}

/** Permit2's PermitSingle: the spender may take every USDC the key holds, for ever. */
function unlimitedPermit2(now: number): string {
  const address = [
    { name: 'name', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ];
  return JSON.stringify({
    types: {
      EIP712Domain: address,
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint160' },
        { name: 'expiration', type: 'uint48' },
        { name: 'nonce', type: 'uint48' },
      ],
    },
    primaryType: 'PermitSingle',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      details: { token: USDC, amount: MAX_UINT160, expiration: MAX_UINT48, nonce: '0' },
      spender: UNREGISTERED_CONTRACT,
      sigDeadline: String(Math.floor(now / 1000) + SIGNATURE_VALID_SECONDS),
    },
  });
}

/** The EIP-191 digest of MESSAGE, as viem's and ethers' signMessage compute it before they send it. */
function messageDigest(): string {
  const prefixed = `\u0019Ethereum Signed Message:\n${Buffer.byteLength(MESSAGE)}${MESSAGE}`;
  const digest = payloadDigest({
    payload: prefixed,
    encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
    hashFunction: 'HASH_FUNCTION_KECCAK256',
  });
  if (!('digest' in digest) || digest.digest === undefined) throw new Error('The message has no keccak digest.');
  return digest.digest;
}

/** The teammate's request: it waits for your vote. */
export async function requestTeamSignature(
  credentials: SandboxCredentials,
  team: SandboxOrganizationRecord,
  signature: SimulatedSignature,
): Promise<Activity> {
  const signWith = team.privateKeyIds[0];
  if (!signWith)
    throw new InvalidInputError('local sandbox', vscode.l10n.t('The local sandbox has no Team signing key.'));
  const teammate = teammateClient(credentials, team, team.users[1]);
  try {
    const parameters =
      signature === 'permit'
        ? { payload: unlimitedPermit2(Date.now()), encoding: 'PAYLOAD_ENCODING_EIP712' as const }
        : { payload: messageDigest(), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL' as const };
    return await teammate.signRawPayload({
      organizationId: team.organizationId,
      parameters: { signWith, ...parameters, hashFunction: 'HASH_FUNCTION_NO_OP' },
    });
  } finally {
    await teammate.close();
  }
}

/** The pick's detail, before anything is sent. */
export function signatureOffer(signature: SimulatedSignature, teammate: string, you: string): string {
  return signature === 'permit'
    ? vscode.l10n.t(
        '{0} asks Team to sign a Permit2 permit: a contract nobody registered may spend every USDC of the key, and it never expires. You vote as {1}.',
        teammate,
        you,
      )
    : vscode.l10n.t(
        '{0} asks Team to sign a message as viem and ethers send it: its hash only, which neither you nor a policy can read. You vote as {1}.',
        teammate,
        you,
      );
}

/** The notification once the request waits for your vote. */
export function signatureAsked(signature: SimulatedSignature, teammate: string): string {
  return signature === 'permit'
    ? vscode.l10n.t(
        '{0} asks you to approve a Permit2 permit of Team, unlimited and never expiring: its review page reads it and says what it risks.',
        teammate,
      )
    : vscode.l10n.t(
        '{0} asks you to approve the signature of a message of Team sent as its hash only: its review page says what cannot be read.',
        teammate,
      );
}
