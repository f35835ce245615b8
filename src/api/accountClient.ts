/**
 * The client's methods for sub-organizations, the people operations policies govern, and exporting and
 * importing private keys: one per operation, named after it (their rows are in accountOperations.ts).
 */
import { ClientCore, type RequestOptions, type SubmitInput } from './clientCore';
import type { Activity } from './schemas/activity';
import type {
  ExportPrivateKeyParameters,
  ImportPrivateKeyParameters,
  InitImportPrivateKeyParameters,
} from './schemas/keyTransfer';
import type {
  CreateApiKeysParameters,
  DeleteApiKeysParameters,
  DeleteUsersParameters,
  UpdateUserParameters,
} from './schemas/people';
import type { CreateSubOrganizationParameters, GetSubOrgIdsRequest } from './schemas/subOrganization';

export abstract class AccountClient extends ClientCore {
  // Sub-organizations

  /** Creates a sub-organization (V8) with its root users and their credentials. */
  createSubOrganization(req: SubmitInput<CreateSubOrganizationParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createSubOrganization', req, opts);
  }

  /** The ids of the organization's sub-organizations, oldest first. */
  async getSubOrgIds(req: GetSubOrgIdsRequest, opts?: RequestOptions): Promise<string[]> {
    return (await this.query('getSubOrgIds', req, opts)).organizationIds;
  }

  // People

  createApiKeys(req: SubmitInput<CreateApiKeysParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createApiKeys', req, opts);
  }

  deleteApiKeys(req: SubmitInput<DeleteApiKeysParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('deleteApiKeys', req, opts);
  }

  deleteUsers(req: SubmitInput<DeleteUsersParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('deleteUsers', req, opts);
  }

  updateUser(req: SubmitInput<UpdateUserParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('updateUser', req, opts);
  }

  // Export and import

  /** The key, encrypted to `targetPublicKey` (uncompressed P-256, hex) in an export bundle. */
  exportPrivateKey(req: SubmitInput<ExportPrivateKeyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('exportPrivateKey', req, opts);
  }

  /** An import bundle: the key to encrypt a private key to, signed by the service. */
  initImportPrivateKey(req: SubmitInput<InitImportPrivateKeyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('initImportPrivateKey', req, opts);
  }

  importPrivateKey(req: SubmitInput<ImportPrivateKeyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('importPrivateKey', req, opts);
  }
}
