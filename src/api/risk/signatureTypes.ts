/**
 * The shapes of a signature's summary (typed data, an authorization, a message, a bare hash, a transaction sent as
 * a raw payload) and of its risk flags. Types only; `signatureSummary.ts` builds them.
 */
import type { RawTransactionChain } from './rawTransactions';
import type { SummaryContext, TokenAmount } from './summaryTypes';

/** The permits and transfers by signature that typed data is read as. */
export type PermitStandard =
  'EIP-2612' | 'DAI' | 'Permit2' | 'Permit2 batch' | 'Permit2 transfer' | 'Permit2 batch transfer' | 'EIP-3009';

export interface NamedAddress {
  readonly address: string;
  /** The organization's name for it, a known token's symbol, or a known contract's name ("Permit2"). */
  readonly name: string | undefined;
}

/** One value of a typed-data message, by its path (`details.token`, `permitted[0].amount`). */
export interface TypedField {
  readonly path: string;
  readonly type: string;
  /** The value as text, at most MAX_VALUE_CHARS characters (`truncated` says when more were cut). */
  readonly text: string;
  readonly truncated: boolean;
  /** An ERC-7730 descriptor's label for it ("Amount allowance"). */
  readonly label?: string;
  readonly addressName?: string;
  readonly amount?: TokenAmount;
  /** A deadline or expiry as an ISO date, or `never` for a value past the year 9999. */
  readonly date?: string;
}

export interface TypedDomain {
  readonly name: string | undefined;
  readonly version: string | undefined;
  readonly chainId: string | undefined;
  readonly verifyingContract: NamedAddress | undefined;
  readonly salt: string | undefined;
  /** No domain was sent, or an empty one. */
  readonly empty: boolean;
}

export type SignatureReading =
  | {
      readonly kind: 'typedData';
      readonly primaryType: string;
      readonly standard: PermitStandard | undefined;
      readonly domain: TypedDomain;
      /** The first fields of the message, in order; `omitted` more were not read. */
      readonly fields: readonly TypedField[];
      readonly omitted: number;
      /** Who may spend or receive by the permit, when its standard names one. */
      readonly spender?: NamedAddress;
      /** The intent ("Authorize spending of token") of the ERC-7730 descriptor (its file) bound to the domain. */
      readonly intent?: string | undefined;
      readonly descriptor?: string;
    }
  | {
      readonly kind: 'authorization';
      /** The account delegated: the key that signs, when the intent names it. */
      readonly account: NamedAddress | undefined;
      readonly contract: NamedAddress;
      readonly chainId: string;
      readonly nonce: string;
    }
  | {
      readonly kind: 'message';
      /** The text, when the bytes are printable UTF-8. */
      readonly text: string | undefined;
      readonly bytes: number;
      /** The bytes in hex (0x…), at most MAX_HEX_BYTES of them. */
      readonly hex: string;
      /** The digest the key signs, when it can be computed. */
      readonly digest: string | undefined;
    }
  | { readonly kind: 'hashOnly'; readonly hash: string }
  | { readonly kind: 'rawTransaction'; readonly chain: RawTransactionChain; readonly bytes: number }
  | { readonly kind: 'unreadable'; readonly encoding: string; readonly problem: string };

export type SignatureFlag =
  | {
      readonly kind: 'unlimitedPermit';
      readonly standard: PermitStandard;
      readonly spender: NamedAddress | undefined;
      readonly token: NamedAddress | undefined;
    }
  | {
      readonly kind: 'largePermit';
      readonly standard: PermitStandard;
      readonly spender: NamedAddress | undefined;
      readonly amount: TokenAmount;
    }
  /** `field` is missing, or so far away it never comes (past the year 9999, or DAI's expiry 0). */
  | { readonly kind: 'noExpiry'; readonly field: string }
  | { readonly kind: 'farExpiry'; readonly field: string; readonly date: string; readonly days: number }
  | { readonly kind: 'pastExpiry'; readonly field: string; readonly date: string }
  /** `checked` false: the organization's interfaces could not be read, so whether it is one of them is not known. */
  | { readonly kind: 'spenderNotOurs'; readonly spender: NamedAddress; readonly checked: boolean }
  | { readonly kind: 'emptyDomain' }
  /**
   * The domain names another chain than the one known for the signature: the caller's (`contract` undefined), or
   * that of a contract the typed data names, which the built-in token list knows on `expected` only.
   */
  | {
      readonly kind: 'domainChain';
      readonly domainChainId: string | undefined;
      readonly expected: string;
      readonly contract?: NamedAddress;
    }
  /** The domain names a token (or Permit2) whose contract is not `verifyingContract`. */
  | { readonly kind: 'notTheToken'; readonly name: string; readonly verifyingContract: string | undefined }
  | { readonly kind: 'delegation'; readonly contract: NamedAddress; readonly chainId: string }
  | { readonly kind: 'rawTransaction'; readonly chain: RawTransactionChain }
  | { readonly kind: 'hashOnly' }
  | { readonly kind: 'unreadablePayload'; readonly encoding: string; readonly problem: string };

export interface SignatureSummary {
  readonly reading: SignatureReading;
  readonly flags: readonly SignatureFlag[];
}

export interface SignatureContext extends SummaryContext {
  /**
   * The chain the signature is meant for, when the caller knows it: a typed-data domain on another is flagged. A
   * sign_raw_payload names no chain, and neither the organization nor its interfaces have one, so the extension
   * gives none; a domain is then checked against the chains of the contracts it names (typedDataFlags.ts).
   */
  readonly chainId?: string | undefined;
}

/** What a sign_raw_payload intent says, as far as a summary needs it. */
export interface SignedPayload {
  readonly payload: string;
  readonly encoding: string;
  readonly hashFunction: string;
  readonly signWith?: string | undefined;
}
