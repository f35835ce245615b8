/**
 * The activity as a policy's condition reads it, for "Why it waits" to say each clause with the value it was
 * given: its type, the signing key (id, tags) or the wallet account that signs (`wallet`, `wallet_account`, as the
 * service reads them: then no private key) and, for an Ethereum transaction, `eth.tx` decoded with the
 * organization's interfaces, as the service decodes it. What cannot be read is left out, and a clause reading it
 * is said without its value. Pure (no `vscode`).
 */
import type { Activity, SmartContractInterface } from '../../api';
import { decodeEthereumTransaction, ethTxValuesOf, walletFieldsOf, type PolicyContext } from '../../api/remote';
import { ownedAccount, type WalletBook } from '../store/walletBook';

/** A key as get_organization lists it: its id and name, and (read loosely) its tags, addresses and origin. */
interface ListedKey {
  readonly privateKeyId: string;
  readonly privateKeyName: string;
}

interface Key {
  readonly id: string;
  readonly name: string;
  readonly tags: readonly string[];
  readonly addresses: readonly string[];
  readonly imported: boolean;
  readonly exported: boolean;
}

function keyOf(listed: ListedKey): Key {
  const loose = listed as ListedKey & {
    privateKeyTags?: unknown;
    addresses?: unknown;
    imported?: unknown;
    exported?: unknown;
  };
  const tags = Array.isArray(loose.privateKeyTags) ? loose.privateKeyTags.filter((t) => typeof t === 'string') : [];
  const addresses = Array.isArray(loose.addresses)
    ? (loose.addresses as unknown[]).flatMap((a) => {
        const address = (a as { address?: unknown } | null)?.address;
        return typeof address === 'string' ? [address] : [];
      })
    : [];
  return {
    id: listed.privateKeyId,
    name: listed.privateKeyName,
    tags,
    addresses,
    imported: loose.imported === true,
    exported: loose.exported === true,
  };
}

interface SignIntent {
  readonly signWith?: unknown;
  readonly type?: unknown;
  readonly unsignedTransaction?: unknown;
}

export function whyContext(
  activity: Pick<Activity, 'type' | 'intent'>,
  interfaces: readonly SmartContractInterface[],
  listedKeys: readonly ListedKey[],
  now: Date,
  /** The organization's wallets: a `signWith` that is one of their accounts signs with it, not with a key. */
  wallets?: WalletBook,
): PolicyContext {
  const intent = (Object.values(activity.intent)[0] ?? {}) as SignIntent;
  const params: Record<string, unknown> = {};
  if (typeof intent.type === 'string') params['type'] = intent.type;
  const context: PolicyContext = { activity: { type: activity.type, params }, approvers: [], credentials: [], now };
  const signWith = typeof intent.signWith === 'string' ? intent.signWith.toLowerCase() : undefined;
  const owned = signWith === undefined ? undefined : ownedAccount(wallets, signWith);
  if (owned) Object.assign(context, walletFieldsOf({ account: owned.account, wallet: owned.wallet }));
  const key =
    signWith === undefined || owned
      ? undefined
      : listedKeys
          .map(keyOf)
          .find((k) => k.id === intent.signWith || k.addresses.some((a) => a.toLowerCase() === signWith));
  if (key) {
    context.private_key = {
      id: key.id,
      tags: key.tags,
      imported: key.imported,
      exported: key.exported,
      label: key.name,
    };
  }
  if (intent.type === 'TRANSACTION_TYPE_ETHEREUM' && typeof intent.unsignedTransaction === 'string') {
    const decoded = decodeEthereumTransaction(intent.unsignedTransaction, interfaces);
    const from = owned ? owned.account.address : key?.addresses.find((a) => /^0x[0-9a-fA-F]{40}$/.test(a));
    if (decoded.ok) context.eth = { tx: ethTxValuesOf(decoded.transaction, from) };
  }
  return context;
}
