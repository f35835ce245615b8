/**
 * Wallets and their accounts as the journal holds them, and the effects that change them (applied by
 * walletState.ts). A wallet's mnemonic lives only in the journal (a private file, as private keys' halves do) and
 * in memory: the renderers list fields one by one and leave it out. An account keeps its derived address and
 * public key, so that replaying the journal derives nothing.
 */

export interface WalletRecord {
  readonly walletId: string;
  walletName: string;
  /** The BIP-39 mnemonic: never in an answer, a log line or an error. */
  readonly mnemonic: string;
  exported: boolean;
  readonly imported: boolean;
  readonly createdAtMs: number;
  updatedAtMs: number;
}

export interface WalletAccountRecord {
  readonly walletAccountId: string;
  readonly walletId: string;
  readonly curve: string;
  readonly pathFormat: string;
  readonly path: string;
  readonly addressFormat: string;
  readonly address: string;
  /** Hex, compressed for secp256k1. */
  readonly publicKey: string;
  readonly name?: string;
  readonly createdAtMs: number;
  updatedAtMs: number;
  /** Set when this account alone was exported (the whole wallet's export is the wallet's flag). */
  exported?: boolean;
}

export type WalletEffect =
  /** A new wallet with the accounts it was created with. */
  | {
      readonly op: 'putWallet';
      readonly organizationId: string;
      readonly record: WalletRecord;
      readonly accounts: readonly WalletAccountRecord[];
    }
  | {
      readonly op: 'putWalletAccounts';
      readonly organizationId: string;
      readonly walletId: string;
      readonly accounts: readonly WalletAccountRecord[];
    }
  | {
      readonly op: 'updateWallet';
      readonly organizationId: string;
      readonly walletId: string;
      readonly walletName: string;
      readonly updatedAtMs: number;
    }
  /** The wallets go, with their accounts. */
  | { readonly op: 'deleteWallets'; readonly organizationId: string; readonly walletIds: readonly string[] }
  | {
      readonly op: 'deleteWalletAccounts';
      readonly organizationId: string;
      readonly walletAccountIds: readonly string[];
    }
  /**
   * Set once a wallet has been exported (or, with `walletAccountId`, one of its accounts): deleting it no longer
   * loses anything.
   */
  | {
      readonly op: 'setWalletExported';
      readonly organizationId: string;
      readonly walletId: string;
      readonly walletAccountId?: string;
      readonly updatedAtMs: number;
    };

/**
 * The effect that marks a wallet exported (or, with `walletAccountId`, one account), for the export activities to
 * return once the bundle is made: a wallet's mnemonic and its accounts' paths come from `OrganizationWallets.exportOf`,
 * an account's derived key from `OrganizationWallets.privateKeyOf`.
 */
export function walletExported(
  organizationId: string,
  walletId: string,
  updatedAtMs: number,
  walletAccountId?: string,
): WalletEffect {
  return {
    op: 'setWalletExported',
    organizationId,
    walletId,
    updatedAtMs,
    ...(walletAccountId !== undefined ? { walletAccountId } : {}),
  };
}
