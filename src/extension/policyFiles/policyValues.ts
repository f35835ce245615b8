/**
 * The values a string literal may take where it is compared with a path: activity types and kinds, user ids
 * (named), tag ids (named), key ids, wallet ids and names, the addresses of wallet accounts (named `Wallet ·
 * account N`), the addresses of registered interfaces, their functions, the arguments of the function named; each
 * offered with the organization's name for it as its label. Pure.
 */
import * as l10n from '@vscode/l10n';
import { ActivityType } from '../../api';
import { knownActivityKinds } from '../../api/remote';
import { abiFunctions, interfacesAt, type PolicyKnowledge } from './policyKnowledge';

export interface ValueChoice {
  /** What the list shows: a name when the value is an id. */
  readonly label: string;
  /** What goes between the quotes. */
  readonly value: string;
  /** The value itself, or what kind of value it is. */
  readonly detail: string;
}

const ETH_TX_TYPES = ['LEGACY', 'TYPE_1', 'TYPE_2', 'TYPE_3', 'TYPE_4'];
const TRANSACTION_TYPES = [
  'TRANSACTION_TYPE_ETHEREUM',
  'TRANSACTION_TYPE_SOLANA',
  'TRANSACTION_TYPE_TRON',
  'TRANSACTION_TYPE_BITCOIN',
  'TRANSACTION_TYPE_TEMPO',
];
const CREDENTIAL_TYPES = [
  'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
  'CREDENTIAL_TYPE_API_KEY_P256',
  'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  'CREDENTIAL_TYPE_API_KEY_ED25519',
  'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_OAUTH_KEY_P256',
];

const plain =
  (detail: string) =>
  (value: string): ValueChoice => ({ label: value, value, detail });
const unique = (values: Iterable<string>) => [...new Set(values)].sort();

/** What `eth.tx.function_name == '…'` and `eth.tx.to == '…'` say in the whole expression. */
export function namedCall(source: string): { to?: string; functionName?: string } {
  const to = /eth\.tx\.to\s*==\s*'([^']*)'/.exec(source)?.[1];
  const functionName = /eth\.tx\.function_name\s*==\s*'([^']*)'/.exec(source)?.[1];
  return { ...(to !== undefined ? { to } : {}), ...(functionName !== undefined ? { functionName } : {}) };
}

/** The argument names of the function the expression names, at the address it compares `eth.tx.to` with. */
export function argumentChoices(source: string, knowledge: PolicyKnowledge): ValueChoice[] {
  const { to, functionName } = namedCall(source);
  const functions = interfacesAt(knowledge, to)
    .flatMap(abiFunctions)
    .filter((fn) => functionName === undefined || fn.name === functionName);
  const choices = new Map<string, ValueChoice>();
  for (const fn of functions) {
    const signature = `${fn.name}(${fn.inputs.map((input) => input.type).join(',')})`;
    for (const input of fn.inputs) {
      if (!choices.has(input.name))
        choices.set(input.name, {
          label: input.name,
          value: input.name,
          detail: `${input.type} · ${signature} · ${fn.interfaceLabel}`,
        });
    }
  }
  return [...choices.values()];
}

/** The values offered for a string compared with `path` (canonical, as policyPaths.ts names it). */
export function valueChoices(path: string, source: string, knowledge: PolicyKnowledge): ValueChoice[] {
  const kinds = knownActivityKinds();
  switch (path) {
    case 'activity.type':
      return unique(Object.values(ActivityType)).map(plain(l10n.t('activity type')));
    case 'activity.kind':
      return unique(kinds.map((k) => k.kind)).map(plain(l10n.t('activity kind')));
    case 'activity.resource':
      return unique(kinds.map((k) => k.resource)).map(plain(l10n.t('resource')));
    case 'activity.action':
      return unique(kinds.map((k) => k.action)).map(plain(l10n.t('action')));
    case 'activity.params.type':
      return TRANSACTION_TYPES.map(plain(l10n.t('transaction type')));
    case 'eth.tx.type':
      return ETH_TX_TYPES.map(plain(l10n.t('transaction type')));
    case 'credentials[].type':
      return CREDENTIAL_TYPES.map(plain(l10n.t('credential type')));
    case 'approvers[].id':
    case 'credentials[].user_id':
    case 'activity.params.user_id':
    case 'activity.params.user_ids[]':
      return knowledge.users.map((u) => ({ label: u.name, value: u.id, detail: u.id }));
    case 'approvers[].tags[]':
      return knowledge.userTags.map((tag) => ({ label: tag.name, value: tag.id, detail: tag.id }));
    case 'private_key.tags[]':
      return knowledge.privateKeyTags.map((tag) => ({ label: tag.name, value: tag.id, detail: tag.id }));
    case 'private_key.id':
      return knowledge.privateKeys.map((k) => ({ label: k.name, value: k.id, detail: k.id }));
    case 'wallet.id':
    case 'wallets[].id':
      return (knowledge.wallets ?? []).map((w) => ({ label: w.name, value: w.id, detail: w.id }));
    case 'wallet.label':
    case 'wallets[].label':
      return unique((knowledge.wallets ?? []).map((w) => w.name)).map(plain(l10n.t('wallet name')));
    case 'wallet_account.address':
      return (knowledge.wallets ?? []).flatMap((w) =>
        w.accounts.map((a) => ({ label: a.name, value: a.address, detail: a.address })),
      );
    case 'eth.tx.to':
      return knowledge.interfaces.map((i) => ({ label: i.label, value: i.address, detail: i.address }));
    case 'eth.tx.function_name': {
      const { to } = namedCall(source);
      const names = new Map<string, string>();
      for (const fn of interfacesAt(knowledge, to).flatMap(abiFunctions))
        if (!names.has(fn.name))
          names.set(fn.name, `${fn.name}(${fn.inputs.map((i) => i.type).join(',')}) · ${fn.interfaceLabel}`);
      return [...names].map(([name, detail]) => ({ label: name, value: name, detail }));
    }
    default:
      return [];
  }
}
