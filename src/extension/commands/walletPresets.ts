/**
 * The accounts Create Wallet and Add Accounts offer, one preset per address format the local sandbox derives:
 * each with its curve and the path its network's wallets use (BIP-44, BIP-84 for native SegWit, BIP-86 for
 * Taproot), counted by the index that changes from one account to the next. Pure (no `vscode`).
 */
import type { WalletAccountParams, WalletAddressFormat } from '../../api';

export interface WalletPreset {
  /** Stable, for callers: `ethereum`, `solana`, `bitcoinMainnetP2wpkh`… */
  readonly id: string;
  /** The network's name (a proper noun, not translated). */
  readonly label: string;
  readonly curve: 'CURVE_SECP256K1' | 'CURVE_ED25519';
  readonly addressFormat: WalletAddressFormat;
  /** The path with `{i}` for the account's index: `m/44'/60'/0'/0/{i}`. */
  readonly path: string;
}

const secp = (id: string, label: string, addressFormat: WalletAddressFormat, path: string): WalletPreset => ({
  id,
  label,
  curve: 'CURVE_SECP256K1',
  addressFormat,
  path,
});
const ed = (id: string, label: string, addressFormat: WalletAddressFormat, path: string): WalletPreset => ({
  id,
  label,
  curve: 'CURVE_ED25519',
  addressFormat,
  path,
});

const BITCOIN_NETWORKS = [
  ['Mainnet', 'MAINNET', 0],
  ['Testnet', 'TESTNET', 1],
  ['Signet', 'SIGNET', 1],
  ['Regtest', 'REGTEST', 1],
] as const;

const BITCOIN_KINDS = [
  ['P2wpkh', 'P2WPKH', 'native SegWit', 84],
  ['P2tr', 'P2TR', 'Taproot', 86],
  ['P2pkh', 'P2PKH', 'legacy', 44],
] as const;

/** Ethereum and Solana first: the ones most organizations sign with. */
export const WALLET_PRESETS: readonly WalletPreset[] = [
  secp('ethereum', 'Ethereum', 'ADDRESS_FORMAT_ETHEREUM', "m/44'/60'/0'/0/{i}"),
  ed('solana', 'Solana', 'ADDRESS_FORMAT_SOLANA', "m/44'/501'/{i}'/0'"),
  ...BITCOIN_NETWORKS.flatMap(([network, NETWORK, coin]) =>
    BITCOIN_KINDS.map(([kind, KIND, words, purpose]) =>
      secp(
        `bitcoin${network}${kind}`,
        `Bitcoin ${network === 'Mainnet' ? '' : `${network.toLowerCase()} `}(${words})`,
        `ADDRESS_FORMAT_BITCOIN_${NETWORK}_${KIND}`,
        `m/${purpose}'/${coin}'/0'/0/{i}`,
      ),
    ),
  ),
  secp('tron', 'Tron', 'ADDRESS_FORMAT_TRON', "m/44'/195'/0'/0/{i}"),
  secp('cosmos', 'Cosmos', 'ADDRESS_FORMAT_COSMOS', "m/44'/118'/0'/0/{i}"),
  secp('dogecoin', 'Dogecoin', 'ADDRESS_FORMAT_DOGE_MAINNET', "m/44'/3'/0'/0/{i}"),
  secp('dogecoinTestnet', 'Dogecoin testnet', 'ADDRESS_FORMAT_DOGE_TESTNET', "m/44'/1'/0'/0/{i}"),
  ed('sui', 'Sui', 'ADDRESS_FORMAT_SUI', "m/44'/784'/{i}'/0'/0'"),
  ed('aptos', 'Aptos', 'ADDRESS_FORMAT_APTOS', "m/44'/637'/{i}'/0'/0'"),
  secp('secp256k1Compressed', 'secp256k1 public key (compressed)', 'ADDRESS_FORMAT_COMPRESSED', "m/44'/60'/0'/0/{i}"),
  secp(
    'secp256k1Uncompressed',
    'secp256k1 public key (uncompressed)',
    'ADDRESS_FORMAT_UNCOMPRESSED',
    "m/44'/60'/0'/0/{i}",
  ),
  ed('ed25519', 'ed25519 public key', 'ADDRESS_FORMAT_COMPRESSED', "m/44'/501'/{i}'/0'"),
];

export function presetById(id: string): WalletPreset | undefined {
  return WALLET_PRESETS.find((preset) => preset.id === id);
}

/** The path of the preset's account at `index`. */
export function presetPath(preset: Pick<WalletPreset, 'path'>, index: number): string {
  return preset.path.replace('{i}', String(index));
}

function pathPattern(preset: Pick<WalletPreset, 'path'>): RegExp {
  const [before = '', after = ''] = preset.path.split('{i}');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['hH]");
  return new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`);
}

/**
 * The first index after every path of the wallet that the preset's template matches, whatever the account's
 * format: a path is used once in a wallet, so an Ethereum account at m/44'/60'/0'/0/0 takes index 0 from a
 * compressed key's preset too. 0 for a wallet without such a path.
 */
export function nextPresetIndex(preset: Pick<WalletPreset, 'path'>, paths: readonly string[]): number {
  const pattern = pathPattern(preset);
  let next = 0;
  for (const path of paths) {
    const index = pattern.exec(path.trim())?.[1];
    if (index !== undefined) next = Math.max(next, Number(index) + 1);
  }
  return next;
}

/** `count` accounts of the preset from index `from`, as create_wallet and create_wallet_accounts take them. */
export function presetAccounts(preset: WalletPreset, from: number, count: number): WalletAccountParams[] {
  return Array.from({ length: count }, (_, i) => ({
    curve: preset.curve,
    pathFormat: 'PATH_FORMAT_BIP32' as const,
    path: presetPath(preset, from + i),
    addressFormat: preset.addressFormat,
  }));
}

/** At most this many accounts in one request (the service's bound). */
export const MAX_ACCOUNTS = 100;

/** The problem with a count typed by the user (a whole number from 1 to 100), or undefined. */
export function accountCountProblem(text: string): 'notNumber' | 'range' | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return 'notNumber';
  const count = Number(text.trim());
  return count < 1 || count > MAX_ACCOUNTS ? 'range' : undefined;
}

/** The problem with a wallet name, as the service checks it (1 to 256 characters once trimmed, unique). */
export function walletNameProblem(name: string, taken: ReadonlySet<string>): 'empty' | 'long' | 'taken' | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > 256) return 'long';
  return taken.has(trimmed) ? 'taken' : undefined;
}
