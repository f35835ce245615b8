/**
 * What the policy context is built from: the activity and the organization in the shapes the service serves them
 * (only the fields a policy reads, so that both the service's answers and the sandbox's records fit), and the
 * contributors that each fill a part of the context. Types only.
 */
import type { WalletFields } from './walletFields';
import type { RegisteredInterface } from '../abi/callDecoder';
import type { PolicyContext } from './types';

/** A credential as the service lists it with a user: its public key and its `CREDENTIAL_TYPE_…`. */
export interface ServedCredential {
  readonly publicKey: string;
  readonly type: string;
}

/** The fields of a user (list_users) a policy reads: their tags, API keys and passkeys. */
export interface PolicyOrganizationUser {
  readonly userId: string;
  readonly userTags: readonly string[];
  readonly apiKeys: readonly { readonly apiKeyId: string; readonly credential: ServedCredential }[];
  readonly authenticators: readonly {
    readonly authenticatorId: string;
    readonly credentialId: string;
    readonly credential: ServedCredential;
  }[];
}

/** The fields of a private key (list_private_keys) a policy reads. */
export interface PolicyOrganizationKey {
  readonly privateKeyId: string;
  readonly privateKeyName: string;
  readonly privateKeyTags: readonly string[];
  readonly addresses: readonly { readonly format?: string | undefined; readonly address?: string | undefined }[];
  readonly imported: boolean;
  readonly exported: boolean;
}

/** The organization as a policy reads it, in the shapes of list_users, list_private_keys and list_smart_contract_interfaces. */
export interface PolicyOrganization {
  /** At least the users who voted on the activity. */
  readonly users: readonly PolicyOrganizationUser[];
  readonly privateKeys: readonly PolicyOrganizationKey[];
  readonly smartContractInterfaces: readonly RegisteredInterface[];
}

/** A vote as the service serves it with an activity. */
export interface PolicyVote {
  readonly userId: string;
  readonly selection: string;
  readonly publicKey?: string | undefined;
  readonly scheme?: string | undefined;
}

/** The fields of an activity (get_activity) a policy reads. */
export interface PolicyActivity {
  readonly type: string;
  /** The one populated intent key, e.g. `{ signTransactionIntentV2: {...} }`. */
  readonly intent: Readonly<Record<string, unknown>>;
  /** Every vote so far; the approving ones count, the first of each user, the submitter's first. */
  readonly votes: readonly PolicyVote[];
}

/** What the contributors read: the activity, the organization, and the facts several of them need. */
export interface ContextSource {
  readonly activity: PolicyActivity;
  readonly organization: PolicyOrganization;
  /** The activity's intent: the value of its one intent key. */
  readonly intent: Readonly<Record<string, unknown>> | undefined;
  /** The key the intent signs with (`signWith`: an id or an address), when the organization has it. */
  readonly signingKey: PolicyOrganizationKey | undefined;
  /** The wallets and the account the activity names (walletFields.ts), as the caller found them. */
  readonly wallets: WalletFields;
}

/** Fills the keywords it knows into the context. */
export type ContextContributor = (source: ContextSource, context: PolicyContext) => void;
