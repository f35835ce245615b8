/** Ethereum addresses: `0x` + 40 hex, with the EIP-55 mixed-case checksum (ox computes it; the messages are ours). */
import * as Address from 'ox/Address';
import { InvalidInputError } from '../errors';

export interface CheckedAddress {
  /** The address as given, trimmed. */
  readonly address: string;
  /** The EIP-55 form. */
  readonly checksummed: string;
  /** `true`/`false` for mixed-case input; `'noChecksum'` when all letters have one case. */
  readonly checksumValid: boolean | 'noChecksum';
}

/** The EIP-55 checksummed form of a 0x-prefixed 40-hex address. */
export function toChecksumAddress(address: string): string {
  const lower = address.trim().toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(lower)) {
    throw new InvalidInputError('contract address', 'An Ethereum address is 0x followed by 40 hex characters.');
  }
  return Address.checksum(`0x${lower}`);
}

/** Checks the shape of an Ethereum address and its EIP-55 checksum, saying exactly what is wrong. */
export function checkEthereumAddress(input: string): CheckedAddress {
  const address = input.trim();
  if (address.length === 0) {
    throw new InvalidInputError('contract address', 'The contract address is empty.');
  }
  if (!/^0[xX]/.test(address)) {
    throw new InvalidInputError(
      'contract address',
      'An Ethereum address starts with 0x.',
      /^[0-9a-fA-F]{40}$/.test(address) ? `Did you mean 0x${address}?` : undefined,
    );
  }
  const body = address.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(body)) {
    throw new InvalidInputError(
      'contract address',
      'The address contains characters that are not hexadecimal (0-9, a-f).',
    );
  }
  if (body.length !== 40) {
    throw new InvalidInputError(
      'contract address',
      `An Ethereum address has 40 hex characters after 0x; this one has ${body.length}.`,
    );
  }
  const checksummed = toChecksumAddress(body);
  const hasLower = /[a-f]/.test(body);
  const hasUpper = /[A-F]/.test(body);
  const checksumValid = hasLower && hasUpper ? `0x${body}` === checksummed : 'noChecksum';
  return { address: `0x${body}`, checksummed, checksumValid };
}
