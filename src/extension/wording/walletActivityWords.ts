/**
 * Wallet activities in words, for the one summary every place of decision shows (activitySummaryWords.ts): what a
 * create_wallet or create_wallet_accounts makes (formats, paths, how many), a rename from → to, an export of a
 * wallet's recovery phrase, an account's or a private key's key (to which key, flagged), a deletion (flagged when
 * without export), an import (which name, which accounts), a sub-organization (its name, root users, quorum and
 * wallet), and the wallet account a signing goes through. Names come from the organization's facts and are a
 * teammate's text: escaped and bounded. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { Activity, Wallet, WalletAccount } from '../../api';
import { unwrapSingleKey, shortAddress, type NameOf } from './activityWords';
import { namedAddress } from './addressNames';
import { addressWords } from './callArgumentWords';
import { byCount } from './plural';
import { accountDetails, accountsAsked, accountsText, boundedText, listText, quotedName } from './walletAccountWords';
import { walletFlagLabel, walletFlagWords, type WalletFlag } from './walletFlagWords';
import { subOrganizationWords } from './subOrganizationWords';

/** The organization's wallets and accounts as the store reads them (its WalletBook has this shape). */
export interface WalletFacts {
  readonly wallets: readonly {
    readonly wallet: Pick<Wallet, 'walletId' | 'walletName' | 'exported'>;
    readonly accounts: readonly Pick<WalletAccount, 'walletAccountId' | 'walletId' | 'address'>[];
  }[];
}

export interface WalletContext {
  /** Names by id and address (the facts': a wallet account as `Treasury cold · account 0`). */
  readonly nameOf?: NameOf | undefined;
  readonly wallets?: WalletFacts | undefined;
}

export interface WalletWords {
  readonly line: string;
  readonly details: readonly { readonly label: string; readonly value: string }[];
  readonly flags: readonly string[];
  readonly risks: readonly string[];
  /** The wallet account a signing goes through, in words, when it is one (also the first detail). */
  readonly signer?: string;
}

const WALLET_TYPES = new Set([
  'ACTIVITY_TYPE_CREATE_WALLET',
  'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS',
  'ACTIVITY_TYPE_UPDATE_WALLET',
  'ACTIVITY_TYPE_DELETE_WALLETS',
  'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS',
  'ACTIVITY_TYPE_EXPORT_WALLET',
  'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
  'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY',
  'ACTIVITY_TYPE_INIT_IMPORT_WALLET',
  'ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY',
  'ACTIVITY_TYPE_IMPORT_WALLET',
  'ACTIVITY_TYPE_IMPORT_PRIVATE_KEY',
]);

/** Whether the activity is one these words summarise (a signing is summarised elsewhere, its signer here). */
export function isWalletActivity(type: string): boolean {
  return WALLET_TYPES.has(type) || type.startsWith('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION');
}

type Fields = Readonly<Record<string, unknown>>;

function fieldsOf(activity: Pick<Activity, 'intent'>): Fields {
  const inner = unwrapSingleKey(activity.intent);
  return typeof inner === 'object' && inner !== null ? (inner as Fields) : {};
}

const text = (fields: Fields, key: string): string => (typeof fields[key] === 'string' ? fields[key] : '');
const texts = (fields: Fields, key: string): string[] =>
  Array.isArray(fields[key]) ? (fields[key] as unknown[]).filter((v): v is string => typeof v === 'string') : [];

function walletOf(context: WalletContext, walletId: string) {
  return context.wallets?.wallets.find((entry) => entry.wallet.walletId === walletId);
}

/** A wallet by its name, quoted (the id when it is not known: a wallet deleted since, another organization's). */
function walletName(walletId: string, context: WalletContext): string {
  const name = context.nameOf?.(walletId) ?? walletOf(context, walletId)?.wallet.walletName;
  return name ? quotedName(name) : boundedText(walletId);
}

/** A wallet account by its address, named (`"Treasury cold · account 0" 0x12…34`) when the facts know it. */
function accountName(address: string, context: WalletContext, short = true): string {
  const name = context.nameOf?.(address);
  return addressWords(boundedText(address, 128), name && boundedText(name), short);
}

function accountById(walletAccountId: string, context: WalletContext) {
  for (const entry of context.wallets?.wallets ?? []) {
    const account = entry.accounts.find((a) => a.walletAccountId === walletAccountId);
    if (account) return { account, wallet: entry.wallet };
  }
  return undefined;
}

const targetKey = (key: string): string => boundedText(shortAddress(key));

function withFlags(line: string, details: WalletWords['details'], flags: readonly WalletFlag[]): WalletWords {
  return {
    line,
    details,
    flags: flags.map((f) => walletFlagWords(f)),
    risks: [...new Set(flags.map((f) => walletFlagLabel(f)))],
  };
}

/** The words of a wallet activity; undefined for any other. */
export function walletActivityWords(
  activity: Pick<Activity, 'type' | 'intent'>,
  context: WalletContext,
): WalletWords | undefined {
  const fields = fieldsOf(activity);
  const user = (): string => boundedText(context.nameOf?.(text(fields, 'userId')) ?? text(fields, 'userId'));
  switch (activity.type) {
    case 'ACTIVITY_TYPE_CREATE_WALLET':
    case 'ACTIVITY_TYPE_IMPORT_WALLET': {
      const accounts = accountsAsked(fields['accounts']);
      const name = quotedName(text(fields, 'walletName'));
      const imported = activity.type === 'ACTIVITY_TYPE_IMPORT_WALLET';
      const line = imported
        ? l10n.t('Imports wallet {0} with {1}', name, accountsText(accounts))
        : l10n.t('Creates wallet {0} with {1}', name, accountsText(accounts));
      const length = fields['mnemonicLength'];
      return withFlags(
        line,
        [
          { label: l10n.t('Wallet'), value: name },
          ...(imported ? [{ label: l10n.t('For user'), value: user() }] : []),
          ...(typeof length === 'number'
            ? [{ label: l10n.t('Recovery phrase'), value: l10n.t('{0} words', length) }]
            : []),
          ...(imported
            ? [
                {
                  label: l10n.t('Recovery phrase'),
                  value: l10n.t('made outside the organization: whoever else holds it controls these accounts too'),
                },
              ]
            : []),
          { label: l10n.t('Accounts'), value: accountsText(accounts) },
          ...accountDetails(accounts),
        ],
        [],
      );
    }
    case 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS': {
      const accounts = accountsAsked(fields['accounts']);
      const wallet = walletName(text(fields, 'walletId'), context);
      const preview = fields['persist'] === false;
      const line = preview
        ? l10n.t('Previews {0} of wallet {1}, creating nothing', accountsText(accounts), wallet)
        : l10n.t('Adds {0} to wallet {1}', accountsText(accounts), wallet);
      return withFlags(
        line,
        [
          { label: l10n.t('Wallet'), value: wallet },
          { label: l10n.t('Accounts'), value: accountsText(accounts) },
          ...accountDetails(accounts),
        ],
        [],
      );
    }
    case 'ACTIVITY_TYPE_UPDATE_WALLET': {
      const walletId = text(fields, 'walletId');
      const known = context.nameOf?.(walletId) ?? walletOf(context, walletId)?.wallet.walletName;
      const to = text(fields, 'walletName');
      // Once it completed, the name known is the new one: the old one is no longer known.
      const from = known && known !== to ? quotedName(known) : boundedText(walletId);
      const line = to ? l10n.t('Renames wallet {0} to {1}', from, quotedName(to)) : l10n.t('Updates wallet {0}', from);
      return withFlags(
        line,
        [
          { label: l10n.t('Wallet'), value: from },
          ...(to ? [{ label: l10n.t('New name'), value: quotedName(to) }] : []),
        ],
        [],
      );
    }
    case 'ACTIVITY_TYPE_DELETE_WALLETS':
      return deleteWalletsWords(fields, context);
    case 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS':
      return deleteAccountsWords(fields, context);
    case 'ACTIVITY_TYPE_EXPORT_WALLET': {
      const walletId = text(fields, 'walletId');
      const wallet = walletName(walletId, context);
      const key = targetKey(text(fields, 'targetPublicKey'));
      const count = walletOf(context, walletId)?.accounts.length;
      const language = text(fields, 'language');
      return withFlags(
        l10n.t('Exports the recovery phrase of wallet {0} to key {1}', wallet, key),
        [
          { label: l10n.t('Wallet'), value: wallet },
          ...(count !== undefined
            ? [
                {
                  label: l10n.t('Accounts'),
                  value: byCount(count, l10n.t('{0} account', count), l10n.t('{0} accounts', count)),
                },
              ]
            : []),
          { label: l10n.t('Encrypted to key'), value: boundedText(text(fields, 'targetPublicKey'), 200) },
          ...(language ? [{ label: l10n.t('Language'), value: boundedText(language, 64) }] : []),
        ],
        [{ kind: 'exportsRecoveryPhrase', wallet, key }],
      );
    }
    case 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT': {
      const account = accountName(text(fields, 'address'), context);
      const key = targetKey(text(fields, 'targetPublicKey'));
      return withFlags(
        l10n.t('Exports the private key of wallet account {0} to key {1}', account, key),
        [
          { label: l10n.t('Wallet account'), value: accountName(text(fields, 'address'), context, false) },
          { label: l10n.t('Encrypted to key'), value: boundedText(text(fields, 'targetPublicKey'), 200) },
        ],
        [{ kind: 'exportsAccountKey', account, key }],
      );
    }
    case 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY': {
      const id = text(fields, 'privateKeyId');
      const name = context.nameOf?.(id);
      const privateKey = name ? quotedName(name) : boundedText(id);
      const key = targetKey(text(fields, 'targetPublicKey'));
      return withFlags(
        l10n.t('Exports private key {0} to key {1}', privateKey, key),
        [
          { label: l10n.t('Private key'), value: name ? `${privateKey} (${boundedText(id)})` : privateKey },
          { label: l10n.t('Encrypted to key'), value: boundedText(text(fields, 'targetPublicKey'), 200) },
        ],
        [{ kind: 'exportsPrivateKey', privateKey, key }],
      );
    }
    case 'ACTIVITY_TYPE_INIT_IMPORT_WALLET':
      return withFlags(l10n.t('Prepares the import of a wallet for {0}', user()), [], []);
    case 'ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY':
      return withFlags(l10n.t('Prepares the import of a private key for {0}', user()), [], []);
    case 'ACTIVITY_TYPE_IMPORT_PRIVATE_KEY': {
      const name = quotedName(text(fields, 'privateKeyName'));
      const formats = texts(fields, 'addressFormats');
      return withFlags(
        l10n.t('Imports private key {0}', name),
        [
          { label: l10n.t('Private key'), value: name },
          { label: l10n.t('For user'), value: user() },
          ...(text(fields, 'curve') ? [{ label: l10n.t('Curve'), value: boundedText(text(fields, 'curve'), 64) }] : []),
          ...(formats.length > 0
            ? [{ label: l10n.t('Address formats'), value: formats.map((f) => boundedText(f, 64)).join(', ') }]
            : []),
          {
            label: l10n.t('Private key'),
            value: l10n.t('made outside the organization: whoever else holds it controls its addresses too'),
          },
        ],
        [],
      );
    }
    default:
      if (activity.type.startsWith('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION'))
        return withFlags(...subOrganizationWords(fields), []);
      return undefined;
  }
}

function deleteWalletsWords(fields: Fields, context: WalletContext): WalletWords {
  const ids = texts(fields, 'walletIds');
  const names = ids.map((id) => walletName(id, context));
  const withoutExport = fields['deleteWithoutExport'] === true;
  // A wallet the organization knows was exported has its phrase outside: only the others are lost.
  const lost = ids.flatMap((id, i) => (walletOf(context, id)?.wallet.exported === true ? [] : [names[i] ?? id]));
  const line = byCount(
    ids.length,
    withoutExport
      ? l10n.t('Deletes wallet {0} without export', listText(names))
      : l10n.t('Deletes wallet {0}', listText(names)),
    withoutExport
      ? l10n.t('Deletes {0} wallets without export: {1}', ids.length, listText(names))
      : l10n.t('Deletes {0} wallets: {1}', ids.length, listText(names)),
  );
  return withFlags(
    line,
    [
      { label: byCount(ids.length, l10n.t('Wallet'), l10n.t('Wallets')), value: listText(names) },
      {
        label: l10n.t('Without export'),
        value: withoutExport
          ? l10n.t('yes: a wallet never exported is deleted with its recovery phrase')
          : l10n.t('no: the service refuses to delete a wallet that was never exported'),
      },
    ],
    withoutExport && lost.length > 0 ? [{ kind: 'deletesWalletsWithoutExport', wallets: lost }] : [],
  );
}

function deleteAccountsWords(fields: Fields, context: WalletContext): WalletWords {
  const ids = texts(fields, 'walletAccountIds');
  const found = ids.map((id) => accountById(id, context));
  const names = ids.map((id, i) => {
    const known = found[i];
    return known ? accountName(known.account.address, context) : boundedText(id);
  });
  const withoutExport = fields['deleteWithoutExport'] === true;
  const lost = names.filter((_, i) => found[i]?.wallet.exported !== true);
  const line = byCount(
    ids.length,
    withoutExport
      ? l10n.t('Deletes wallet account {0} without export', listText(names))
      : l10n.t('Deletes wallet account {0}', listText(names)),
    withoutExport
      ? l10n.t('Deletes {0} wallet accounts without export: {1}', ids.length, listText(names))
      : l10n.t('Deletes {0} wallet accounts: {1}', ids.length, listText(names)),
  );
  return withFlags(
    line,
    [
      { label: byCount(ids.length, l10n.t('Wallet account'), l10n.t('Wallet accounts')), value: listText(names) },
      {
        label: l10n.t('Without export'),
        value: withoutExport
          ? l10n.t('yes: an account never exported is deleted with its private key')
          : l10n.t('no: the service refuses to delete an account that was never exported'),
      },
    ],
    withoutExport && lost.length > 0 ? [{ kind: 'deletesAccountsWithoutExport', accounts: lost }] : [],
  );
}

/**
 * The wallet account a signing goes through, as every address of the organization reads (`Treasury cold · account 0
 * (0x12…)`, the address whole), when
 * `signWith` is one of the organization's wallet accounts; undefined for a private key or an address not known.
 */
export function walletSigner(activity: Pick<Activity, 'type' | 'intent'>, context: WalletContext): string | undefined {
  if (!activity.type.startsWith('ACTIVITY_TYPE_SIGN_')) return undefined;
  const signWith = text(fieldsOf(activity), 'signWith');
  if (!signWith) return undefined;
  const lower = signWith.toLowerCase();
  const owned = context.wallets?.wallets.some((entry) =>
    entry.accounts.some((a) => a.address === signWith || a.address.toLowerCase() === lower),
  );
  const name = context.nameOf?.(signWith);
  return owned ? namedAddress(boundedText(signWith, 128), name && boundedText(name), false) : undefined;
}
