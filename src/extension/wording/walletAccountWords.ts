/**
 * Wallet accounts in words, as a create_wallet, create_wallet_accounts, import_wallet or a sub-organization's wallet
 * asks for them: grouped by address format, each group counted and its paths given as a range where they follow
 * each other ("2 Ethereum accounts (m/44'/60'/0'/0/0–1) and 1 Solana account (m/44'/501'/0'/0')"). A teammate's
 * text (a path, an account's name, a format the service added later) is shown escaped and bounded. Pure (no
 * `vscode`).
 */
import * as l10n from '@vscode/l10n';
import { shown } from '../ui/shownText';
import { byCount } from './plural';
import { phraseOf } from './serviceNames';

/** The longest name or path a line shows whole; past it, its start and "…". */
export const MAX_NAME = 80;
/** How many paths of a group are listed before the rest are counted. */
const MAX_PATHS = 3;

/** A teammate's text, escaped, and shortened past `max` characters (with how long it was). */
export function boundedText(text: string, max = MAX_NAME): string {
  const oneLine = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return shown(oneLine);
}

/** A name as a line quotes it: `"Treasury cold"`, escaped and bounded. */
export function quotedName(name: string, max = MAX_NAME): string {
  return `"${boundedText(name, max)}"`;
}

/** Formats whose name is a product's own spelling, not a phrase of the enum. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  ETHEREUM: 'Ethereum',
  SOLANA: 'Solana',
  COSMOS: 'Cosmos',
  TRON: 'Tron',
  SUI: 'Sui',
  APTOS: 'Aptos',
  SEI: 'Sei',
  XLM: 'Stellar',
  XRP: 'XRP',
};
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  BITCOIN: 'Bitcoin',
  DOGE: 'Dogecoin',
  TON: 'TON',
  SPARK: 'Spark',
};

/** `ADDRESS_FORMAT_ETHEREUM` → "Ethereum", `ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH` → "Bitcoin mainnet P2WPKH". */
export function addressFormatName(format: string): string {
  const prefix = 'ADDRESS_FORMAT_';
  if (!format.startsWith(prefix)) return boundedText(format, 64);
  const tail = format.slice(prefix.length);
  if (tail === 'UNCOMPRESSED') return l10n.t('uncompressed public key');
  if (tail === 'COMPRESSED') return l10n.t('compressed public key');
  const known = FORMAT_NAMES[tail];
  if (known) return known;
  const [network, ...rest] = tail.split('_');
  const product = NETWORK_NAMES[network ?? ''];
  if (product)
    return [
      product,
      ...rest.map((part) => (/^(MAINNET|TESTNET|SIGNET|REGTEST)$/.test(part) ? part.toLowerCase() : part)),
    ]
      .join(' ')
      .replace(/ V(\d)/, ' v$1');
  return boundedText(phraseOf(tail), 64);
}

/** What an account in an intent says of itself; a field the intent leaves out is empty. */
export interface AccountAsked {
  readonly path: string;
  readonly addressFormat: string;
  readonly curve: string;
  readonly name: string;
}

/** The accounts an intent lists (`accounts` of create_wallet and its kin), read field by field. */
export function accountsAsked(value: unknown): AccountAsked[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry) => {
    const fields = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const text = (key: string): string => (typeof fields[key] === 'string' ? fields[key] : '');
    return { path: text('path'), addressFormat: text('addressFormat'), curve: text('curve'), name: text('name') };
  });
}

const SEGMENT = /^(\d+)('?)$/;

/**
 * The paths of a group in short: one path as it is; paths that differ in one index, following each other, as a
 * range at that index (`m/44'/60'/0'/0/0–2`); others listed, the first few, the rest counted.
 */
export function pathsText(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  if (paths.length === 1) return boundedText(paths[0] ?? '');
  const range = pathRange(paths);
  if (range) return boundedText(range);
  const listed = paths.slice(0, MAX_PATHS).map((p) => boundedText(p));
  const more = paths.length - listed.length;
  if (more === 0) return listed.join(', ');
  return byCount(
    more,
    l10n.t('{0} and 1 more', listed.join(', ')),
    l10n.t('{0} and {1} more', listed.join(', '), more),
  );
}

function pathRange(paths: readonly string[]): string | undefined {
  const split = paths.map((p) => p.split('/'));
  const first = split[0] ?? [];
  if (split.some((parts) => parts.length !== first.length)) return undefined;
  const differing = first.flatMap((_, i) => (split.some((parts) => parts[i] !== first[i]) ? [i] : []));
  if (differing.length !== 1) return undefined;
  const at = differing[0] ?? 0;
  const segments = split.map((parts) => SEGMENT.exec(parts[at] ?? ''));
  const hardened = segments[0]?.[2];
  if (segments.some((s) => !s || s[2] !== hardened)) return undefined;
  const indices = segments.map((s) => Number(s?.[1]));
  if (indices.some((n, i) => i > 0 && n !== (indices[i - 1] ?? 0) + 1)) return undefined;
  const parts = [...first];
  parts[at] = `${indices[0]}${hardened}–${indices.at(-1)}${hardened}`;
  return parts.join('/');
}

/** The accounts of one address format, in the order the intent first names it. */
export interface AccountGroup {
  readonly format: string;
  readonly accounts: readonly AccountAsked[];
}

export function accountGroups(accounts: readonly AccountAsked[]): AccountGroup[] {
  const groups = new Map<string, AccountAsked[]>();
  for (const account of accounts) {
    const group = groups.get(account.addressFormat) ?? [];
    group.push(account);
    groups.set(account.addressFormat, group);
  }
  return [...groups].map(([format, list]) => ({ format, accounts: list }));
}

/** One group in words: "2 Ethereum accounts (m/44'/60'/0'/0/0–1)". */
export function groupText(group: AccountGroup): string {
  const count = group.accounts.length;
  const format = addressFormatName(group.format);
  const paths = pathsText(group.accounts.map((a) => a.path));
  const counted = byCount(count, l10n.t('{0} {1} account', count, format), l10n.t('{0} {1} accounts', count, format));
  return paths ? `${counted} (${paths})` : counted;
}

/** Several parts of a sentence: "a", "a and b", "a, b and c". */
export function listText(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return l10n.t('{0} and {1}', parts.slice(0, -1).join(', '), parts.at(-1) ?? '');
}

/** Every group of the accounts in one phrase; "no accounts" when there are none. */
export function accountsText(accounts: readonly AccountAsked[]): string {
  if (accounts.length === 0) return l10n.t('no accounts');
  return listText(accountGroups(accounts).map((g) => groupText(g)));
}

/** The accounts one detail each: format, path, curve, and the name when one is given. */
export function accountDetails(
  accounts: readonly AccountAsked[],
): { readonly label: string; readonly value: string }[] {
  const shownAccounts = accounts.slice(0, 10);
  const rows = shownAccounts.map((account, index) => {
    const curve = account.curve ? sentenceCurve(account.curve) : '';
    const parts = [addressFormatName(account.addressFormat), boundedText(account.path), curve].filter((p) => p);
    const name = account.name ? ` ${quotedName(account.name)}` : '';
    return { label: `  ${l10n.t('Account {0}', index + 1)}`, value: `${parts.join(', ')}${name}` };
  });
  const more = accounts.length - shownAccounts.length;
  if (more > 0)
    rows.push({
      label: '  …',
      value: byCount(more, l10n.t('{0} more account', more), l10n.t('{0} more accounts', more)),
    });
  return rows;
}

/** `CURVE_SECP256K1` → "secp256k1". */
function sentenceCurve(curve: string): string {
  const tail = curve.replace(/^CURVE_/, '');
  return tail === curve ? boundedText(curve, 64) : tail.toLowerCase();
}
