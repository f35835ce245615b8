/**
 * The rows of the operation table (operations.ts) for sub-organizations, the people operations policies govern,
 * and exporting and importing private keys.
 */
import { query, submit } from './operationKinds';
import { ActivityType } from './schemas/activity';
import {
  exportPrivateKeyParametersSchema,
  exportPrivateKeyResultSchema,
  importPrivateKeyParametersSchema,
  importPrivateKeyResultSchema,
  initImportPrivateKeyParametersSchema,
  initImportPrivateKeyResultSchema,
} from './schemas/keyTransfer';
import {
  createApiKeysParametersSchema,
  createApiKeysResultSchema,
  deleteApiKeysParametersSchema,
  deleteApiKeysResultSchema,
  deleteUsersParametersSchema,
  deleteUsersResultSchema,
  updateUserParametersSchema,
  updateUserResultSchema,
} from './schemas/people';
import {
  createSubOrganizationParametersSchema,
  createSubOrganizationResultSchema,
  getSubOrgIdsRequestSchema,
  getSubOrgIdsResponseSchema,
} from './schemas/subOrganization';

export const accountOperations = {
  // Sub-organizations
  createSubOrganization: submit(
    'create_sub_organization',
    ActivityType.CreateSubOrganizationV8,
    'createSubOrganization',
    createSubOrganizationParametersSchema,
    createSubOrganizationResultSchema,
    'V8',
    'V8',
  ),
  getSubOrgIds: query('list_suborgs', getSubOrgIdsRequestSchema, getSubOrgIdsResponseSchema),
  // People
  createApiKeys: submit(
    'create_api_keys',
    ActivityType.CreateApiKeysV2,
    'createApiKeys',
    createApiKeysParametersSchema,
    createApiKeysResultSchema,
    'V2',
  ),
  deleteApiKeys: submit(
    'delete_api_keys',
    ActivityType.DeleteApiKeys,
    'deleteApiKeys',
    deleteApiKeysParametersSchema,
    deleteApiKeysResultSchema,
  ),
  deleteUsers: submit(
    'delete_users',
    ActivityType.DeleteUsers,
    'deleteUsers',
    deleteUsersParametersSchema,
    deleteUsersResultSchema,
  ),
  updateUser: submit(
    'update_user',
    ActivityType.UpdateUser,
    'updateUser',
    updateUserParametersSchema,
    updateUserResultSchema,
  ),
  // Export and import
  exportPrivateKey: submit(
    'export_private_key',
    ActivityType.ExportPrivateKey,
    'exportPrivateKey',
    exportPrivateKeyParametersSchema,
    exportPrivateKeyResultSchema,
  ),
  initImportPrivateKey: submit(
    'init_import_private_key',
    ActivityType.InitImportPrivateKey,
    'initImportPrivateKey',
    initImportPrivateKeyParametersSchema,
    initImportPrivateKeyResultSchema,
  ),
  importPrivateKey: submit(
    'import_private_key',
    ActivityType.ImportPrivateKey,
    'importPrivateKey',
    importPrivateKeyParametersSchema,
    importPrivateKeyResultSchema,
  ),
} as const;
