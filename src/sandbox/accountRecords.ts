/**
 * The journal's effects for sub-organizations, the people operations and key transfer (export and import), and the
 * record of the sandbox's enclave key. How they are applied is in accountState.ts.
 */
import type { OrganizationRecord } from './records';

/** What an import was initialised for: a private key here, a wallet too once wallets import. */
export type ImportKind = 'privateKey' | 'wallet';

export type AccountEffect =
  /** A new sub-organization, with its root users and their credentials; `organizationId` is its parent's. */
  | { readonly op: 'putOrganization'; readonly organizationId: string; readonly record: OrganizationRecord }
  | {
      readonly op: 'deleteApiKeys';
      readonly organizationId: string;
      readonly userId: string;
      readonly apiKeyIds: readonly string[];
      readonly updatedAtMs: number;
    }
  /** The users go, with their credentials; their approvals of waiting activities stop counting. */
  | { readonly op: 'deleteUsers'; readonly organizationId: string; readonly userIds: readonly string[] }
  /** The fields present replace the user's; `userTagIds` replaces the whole list of tags. */
  | {
      readonly op: 'updateUser';
      readonly organizationId: string;
      readonly userId: string;
      readonly userName?: string;
      readonly userEmail?: string;
      readonly userPhoneNumber?: string;
      readonly userTagIds?: readonly string[];
      readonly updatedAtMs: number;
    }
  | {
      readonly op: 'markPrivateKeyExported';
      readonly organizationId: string;
      readonly privateKeyId: string;
      readonly updatedAtMs: number;
    }
  /**
   * The import a user initialised last, by the activity that did (its target key is derived from the enclave key and
   * that activity, so no secret is written here); `activityId` null once the import used it.
   */
  | {
      readonly op: 'setImportTarget';
      readonly organizationId: string;
      readonly userId: string;
      readonly kind: ImportKind;
      readonly activityId: string | null;
    };

/** The sandbox's enclave key, made once per data directory: it signs export and import bundles. */
export interface EnclaveKeyRecord {
  readonly kind: 'enclaveKey';
  /** P-256 scalar, hex. The journal is readable by its owner only, as for the keys the sandbox signs with. */
  readonly privateKey: string;
}
