/**
 * An organization's wallets and accounts in memory: by id, by wallet, by address, in creation order, and the
 * effects that change them. Signing keys are derived from a wallet's mnemonic when first needed and kept in memory
 * only (the BIP-39 seed costs thousands of hash rounds; the journal holds the mnemonic alone).
 */
import { deriveKey, seedOfMnemonic, type WalletCurve } from '../../api/remote';
import type { WalletAccountRecord, WalletEffect, WalletRecord } from './walletRecords';

export class OrganizationWallets {
  readonly byId = new Map<string, WalletRecord>();
  /** Every account, in creation order. */
  readonly accounts = new Map<string, WalletAccountRecord>();
  readonly #ofWallet = new Map<string, WalletAccountRecord[]>();
  /** Lower-case address → accounts (one address may be in two wallets made from one mnemonic). */
  readonly #byAddress = new Map<string, WalletAccountRecord[]>();
  readonly #seeds = new Map<string, Uint8Array>();
  readonly #keys = new Map<string, Uint8Array>();
  #ordered: WalletAccountRecord[] | undefined;

  list(): WalletRecord[] {
    return [...this.byId.values()];
  }

  /** A wallet's accounts in creation order, or every account of the organization. */
  accountsOf(walletId?: string): readonly WalletAccountRecord[] {
    if (walletId !== undefined) return this.#ofWallet.get(walletId) ?? [];
    this.#ordered ??= [...this.accounts.values()];
    return this.#ordered;
  }

  /** The account with this address (any letter case), the first made when several wallets hold it. */
  byAddress(address: string): WalletAccountRecord | undefined {
    return this.#byAddress.get(address.trim().toLowerCase())?.[0];
  }

  /** The private key of an account (32 bytes: a secp256k1 scalar or an ed25519 seed), derived once. */
  privateKeyOf(account: WalletAccountRecord): Uint8Array | undefined {
    const known = this.#keys.get(account.walletAccountId);
    if (known) return known;
    const wallet = this.byId.get(account.walletId);
    if (!wallet) return undefined;
    let seed = this.#seeds.get(wallet.walletId);
    if (!seed) {
      seed = seedOfMnemonic(wallet.mnemonic);
      this.#seeds.set(wallet.walletId, seed);
    }
    const derived = deriveKey(seed, account.curve as WalletCurve, account.path);
    if ('problem' in derived) return undefined;
    this.#keys.set(account.walletAccountId, derived.privateKey);
    return derived.privateKey;
  }

  /** For export: the wallet's mnemonic and each account's curve, path and address. */
  exportOf(walletId: string): { mnemonic: string; accounts: readonly WalletAccountRecord[] } | undefined {
    const wallet = this.byId.get(walletId);
    return wallet ? { mnemonic: wallet.mnemonic, accounts: this.accountsOf(walletId) } : undefined;
  }

  apply(effect: WalletEffect): void {
    switch (effect.op) {
      case 'putWallet':
        if (this.byId.has(effect.record.walletId)) return;
        this.byId.set(effect.record.walletId, effect.record);
        this.#ofWallet.set(effect.record.walletId, []);
        this.#addAccounts(effect.record.walletId, effect.accounts);
        return;
      case 'putWalletAccounts':
        this.#addAccounts(effect.walletId, effect.accounts);
        return;
      case 'updateWallet': {
        const wallet = this.byId.get(effect.walletId);
        if (!wallet) return;
        wallet.walletName = effect.walletName;
        wallet.updatedAtMs = effect.updatedAtMs;
        return;
      }
      case 'setWalletExported': {
        const wallet = this.byId.get(effect.walletId);
        if (!wallet) return;
        const account = effect.walletAccountId === undefined ? undefined : this.accounts.get(effect.walletAccountId);
        if (account) {
          account.exported = true;
          account.updatedAtMs = effect.updatedAtMs;
          return;
        }
        wallet.exported = true;
        wallet.updatedAtMs = effect.updatedAtMs;
        return;
      }
      case 'deleteWallets':
        for (const walletId of effect.walletIds) {
          for (const account of this.#ofWallet.get(walletId) ?? []) this.#removeAccount(account);
          this.byId.delete(walletId);
          this.#ofWallet.delete(walletId);
          this.#seeds.delete(walletId);
        }
        return;
      case 'deleteWalletAccounts':
        for (const id of effect.walletAccountIds) {
          const account = this.accounts.get(id);
          if (!account) continue;
          this.#removeAccount(account);
          const siblings = this.#ofWallet.get(account.walletId);
          if (siblings) siblings.splice(siblings.indexOf(account), 1);
        }
        return;
    }
  }

  #addAccounts(walletId: string, accounts: readonly WalletAccountRecord[]): void {
    const siblings = this.#ofWallet.get(walletId);
    if (!siblings) return;
    for (const account of accounts) {
      if (this.accounts.has(account.walletAccountId)) continue;
      this.accounts.set(account.walletAccountId, account);
      siblings.push(account);
      const key = account.address.toLowerCase();
      const same = this.#byAddress.get(key);
      if (same) same.push(account);
      else this.#byAddress.set(key, [account]);
      this.#ordered?.push(account);
    }
  }

  #removeAccount(account: WalletAccountRecord): void {
    this.accounts.delete(account.walletAccountId);
    this.#keys.delete(account.walletAccountId);
    this.#ordered = undefined;
    const key = account.address.toLowerCase();
    const rest = (this.#byAddress.get(key) ?? []).filter((a) => a !== account);
    if (rest.length > 0) this.#byAddress.set(key, rest);
    else this.#byAddress.delete(key);
  }
}
