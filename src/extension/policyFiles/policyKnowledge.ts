/**
 * What the policy file features know of the active organization, as plain data read from the store: users with
 * their tag ids, the user and private key tags, the keys, the wallets with their accounts and the registered
 * interfaces. Built in
 * policyEditorFeatures.ts; the pure modules of this folder read only this.
 */
export interface NamedId {
  readonly id: string;
  readonly name: string;
}

/** A credential of a user: an API key or a passkey, as a consensus's `credentials` reads it. */
export interface KnownCredential {
  /** The API key's or the authenticator's id. */
  readonly id: string;
  readonly type: string;
  readonly publicKey: string;
  /** A passkey's WebAuthn credential id. */
  readonly credentialId?: string;
}

export interface KnownUser extends NamedId {
  readonly tags: readonly string[];
  /** Their API keys and passkeys, where the store read them. */
  readonly credentials?: readonly KnownCredential[];
}

export interface KnownInterface {
  readonly id: string;
  readonly address: string;
  readonly label: string;
  /** The ABI as registered (JSON text). */
  readonly abi: string;
}

export interface KnownKey extends NamedId {
  /** Ids of its private key tags. */
  readonly tags: readonly string[];
  readonly addresses: readonly string[];
  readonly imported: boolean;
  readonly exported: boolean;
}

export interface KnownAccount {
  /** As the service wrote it (an Ethereum account in EIP-55 form). */
  readonly address: string;
  /** `Treasury cold · account 0`: the wallet's name and the account's. */
  readonly name: string;
  readonly addressFormat: string;
}

export interface KnownWallet extends NamedId {
  readonly imported: boolean;
  readonly exported: boolean;
  readonly accounts: readonly KnownAccount[];
}

export interface PolicyKnowledge {
  readonly users: readonly KnownUser[];
  readonly userTags: readonly NamedId[];
  readonly privateKeyTags: readonly NamedId[];
  readonly privateKeys: readonly KnownKey[];
  readonly interfaces: readonly KnownInterface[];
  /** The wallets with every account, where the store read them. */
  readonly wallets?: readonly KnownWallet[];
}

export const NO_KNOWLEDGE: PolicyKnowledge = {
  users: [],
  userTags: [],
  privateKeyTags: [],
  privateKeys: [],
  interfaces: [],
};

export interface AbiFunction {
  readonly name: string;
  readonly inputs: ReadonlyArray<{ readonly name: string; readonly type: string }>;
  readonly interfaceLabel: string;
  readonly address: string;
}

/** The functions of an interface's ABI (an array, or an artifact with an `abi` array); none when unreadable. */
export function abiFunctions(known: KnownInterface): AbiFunction[] {
  let value: unknown;
  try {
    value = JSON.parse(known.abi);
  } catch {
    return [];
  }
  const entries = Array.isArray(value) ? value : (value as { abi?: unknown } | null)?.abi;
  if (!Array.isArray(entries)) return [];
  const functions: AbiFunction[] = [];
  for (const entry of entries as unknown[]) {
    const item = entry as { type?: unknown; name?: unknown; inputs?: unknown };
    if (item.type !== 'function' || typeof item.name !== 'string') continue;
    const inputs = Array.isArray(item.inputs) ? (item.inputs as Array<{ name?: unknown; type?: unknown }>) : [];
    functions.push({
      name: item.name,
      // An unnamed argument is read by its position (`#0`), as the sandbox keys it.
      inputs: inputs.map((input, i) => ({
        name: typeof input.name === 'string' && input.name !== '' ? input.name : `#${i}`,
        type: typeof input.type === 'string' ? input.type : '',
      })),
      interfaceLabel: known.label,
      address: known.address,
    });
  }
  return functions;
}

/** The interfaces registered at an address (compared without regard to case), or all when none is named. */
export function interfacesAt(knowledge: PolicyKnowledge, address: string | undefined): readonly KnownInterface[] {
  if (address === undefined) return knowledge.interfaces;
  const wanted = address.toLowerCase();
  return knowledge.interfaces.filter((i) => i.address.toLowerCase() === wanted);
}

type OwnedAccount = { readonly wallet: KnownWallet; readonly account: KnownAccount };
/** Each knowledge's accounts by lower-cased address, made on first look-up. */
const accountsByAddress = new WeakMap<PolicyKnowledge, ReadonlyMap<string, OwnedAccount>>();

/** The organization's account at `address` (hex addresses in any letter case), with its wallet. */
export function accountAt(knowledge: PolicyKnowledge, address: string): OwnedAccount | undefined {
  let byAddress = accountsByAddress.get(knowledge);
  if (!byAddress) {
    const made = new Map<string, OwnedAccount>();
    for (const wallet of knowledge.wallets ?? [])
      for (const account of wallet.accounts) {
        const key = account.address.toLowerCase();
        if (!made.has(key)) made.set(key, { wallet, account });
      }
    accountsByAddress.set(knowledge, made);
    byAddress = made;
  }
  return byAddress.get(address.trim().toLowerCase());
}

/** What an id of the organization names: a user, a tag, a key, a wallet, an account's or an interface's address. */
export function nameOfId(knowledge: PolicyKnowledge, id: string): { kind: string; name: string } | undefined {
  const user = knowledge.users.find((u) => u.id === id);
  if (user) return { kind: 'user', name: user.name };
  const userTag = knowledge.userTags.find((tag) => tag.id === id);
  if (userTag) return { kind: 'userTag', name: userTag.name };
  const keyTag = knowledge.privateKeyTags.find((tag) => tag.id === id);
  if (keyTag) return { kind: 'privateKeyTag', name: keyTag.name };
  const key = knowledge.privateKeys.find((k) => k.id === id);
  if (key) return { kind: 'privateKey', name: key.name };
  const wallet = knowledge.wallets?.find((w) => w.id === id);
  if (wallet) return { kind: 'wallet', name: wallet.name };
  const owned = accountAt(knowledge, id);
  if (owned) return { kind: 'walletAccount', name: owned.account.name };
  const sci = knowledge.interfaces.find((i) => i.address.toLowerCase() === id.toLowerCase());
  if (sci) return { kind: 'interface', name: sci.label };
  return undefined;
}
