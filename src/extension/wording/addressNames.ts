/**
 * The one way an address the organization owns (a wallet account, a private key) is named, wherever a decision is
 * taken: the lookup (ids as written, hex addresses case-blind: EIP-55, lower-case and any other casing alike), the
 * address with its name (`Treasury cold · account 0 (0x12ab34…56cd78)`, the full address one hover away), and
 * whether a recipient or spender is in the organization or outside it. Names are a teammate's text: shown as text.
 * Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import { shown } from '../ui/shownText';

/** Names the organization gives its ids and addresses (the store's facts, a tree's names), by id or address. */
export type KnownNames = ReadonlyMap<string, string>;

/** A name for an id or an address of the organization (a user, a key, a wallet account), when it is known. */
export type NameOf = (idOrAddress: string) => string | undefined;

const HEX = /^0x[0-9a-fA-F]+$/;

/** An address as it fits a row: `0x5aAeb6…1BeAed`. */
export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

/**
 * The organization's name for an id or an address, from the first of `known` that has it. An id is looked up as
 * written; a hex address also lower-cased, since the facts hold every address as the service wrote it and
 * lower-cased: so an EIP-55 address finds the account the service wrote in lower case, and the reverse.
 */
export function organizationName(
  idOrAddress: string,
  ...known: readonly (KnownNames | undefined)[]
): string | undefined {
  if (idOrAddress === '') return undefined;
  const lower = HEX.test(idOrAddress) ? idOrAddress.toLowerCase() : undefined;
  for (const names of known) {
    const name = names?.get(idOrAddress) ?? (lower === undefined ? undefined : names?.get(lower));
    if (name !== undefined) return name;
  }
  return undefined;
}

/** The lookup as a function, for the wording modules that take a `NameOf`. */
export function organizationNamer(...known: readonly (KnownNames | undefined)[]): NameOf {
  return (idOrAddress) => organizationName(idOrAddress, ...known);
}

/**
 * An address with the organization's name for it: `Treasury cold · account 0 (0x5aAeb6…1BeAed)`; the address alone
 * (short) when it has none. `short` false gives the whole address.
 */
export function namedAddress(address: string, name: string | undefined, short = true): string {
  const text = shown(short ? shortAddress(address) : address);
  return name ? `${shown(name)} (${text})` : text;
}

/**
 * Whether an address that receives or may spend is the organization's: "Treasury hot · account 1 (0x…), in your
 * organization", or "0x… , outside your organization". Outside is a plain fact, not a warning by itself.
 */
export function ownershipWords(address: string, nameOf: NameOf | undefined): string {
  const name = nameOf?.(address);
  return name
    ? l10n.t('{0}, in your organization', namedAddress(address, name))
    : l10n.t('{0}, outside your organization', namedAddress(address, undefined));
}
