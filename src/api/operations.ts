/**
 * One table of every operation Countersign speaks: path, kind and schemas. The client and the sandbox
 * both read it, so a path or a shape can only be wrong in one place.
 */
import type { QueryOperation, SubmitOperation } from './operationKinds';
import { query, submit } from './operationKinds';
import { accountOperations } from './accountOperations';
import { getApiKeyRequestSchema, getApiKeyResponseSchema } from './schemas/apiKey';
import {
  createAuthenticatorsParametersSchema,
  createAuthenticatorsResultSchema,
  deleteAuthenticatorsParametersSchema,
  deleteAuthenticatorsResultSchema,
  getAuthenticatorRequestSchema,
  getAuthenticatorResponseSchema,
  getAuthenticatorsRequestSchema,
  getAuthenticatorsResponseSchema,
} from './schemas/authenticator';
import {
  ActivityType,
  activityResponseSchema,
  deleteSubOrganizationParametersSchema,
  deleteSubOrganizationResultSchema,
  fingerprintParametersSchema,
  getActivityRequestSchema,
  listActivitiesRequestSchema,
  listActivitiesResponseSchema,
} from './schemas/activity';
import { getOrganizationResponseSchema, organizationRequestSchema, whoamiResponseSchema } from './schemas/organization';
import {
  organizationFeaturesResultSchema,
  removeOrganizationFeatureParametersSchema,
  setOrganizationFeatureParametersSchema,
} from './schemas/organizationFeature';
import {
  createPrivateKeysParametersSchema,
  createPrivateKeysResultSchema,
  getPrivateKeyRequestSchema,
  getPrivateKeyResponseSchema,
  listPrivateKeysResponseSchema,
} from './schemas/privateKey';
import {
  createPoliciesParametersSchema,
  createPoliciesResultSchema,
  createPolicyParametersSchema,
  createPolicyResultSchema,
  deletePoliciesParametersSchema,
  deletePoliciesResultSchema,
  deletePolicyParametersSchema,
  deletePolicyResultSchema,
  getPolicyEvaluationsRequestSchema,
  getPolicyEvaluationsResponseSchema,
  getPolicyRequestSchema,
  getPolicyResponseSchema,
  listPoliciesResponseSchema,
  updatePolicyParametersSchema,
  updatePolicyResultSchema,
} from './schemas/policy';
import {
  signRawPayloadParametersSchema,
  signRawPayloadResultSchema,
  signTransactionParametersSchema,
  signTransactionResultSchema,
} from './schemas/signing';
import {
  createPrivateKeyTagParametersSchema,
  createPrivateKeyTagResultSchema,
  listPrivateKeyTagsResponseSchema,
  updatePrivateKeyTagParametersSchema,
  updatePrivateKeyTagResultSchema,
} from './schemas/privateKeyTag';
import {
  createUsersParametersSchema,
  createUsersResultSchema,
  createUserTagParametersSchema,
  createUserTagResultSchema,
  deleteUserTagsParametersSchema,
  deleteUserTagsResultSchema,
  getUserRequestSchema,
  getUserResponseSchema,
  listUserTagsResponseSchema,
  listUsersResponseSchema,
  updateRootQuorumParametersSchema,
  updateRootQuorumResultSchema,
  updateUserTagParametersSchema,
  updateUserTagResultSchema,
} from './schemas/user';
import { walletOperations } from './walletOperations';
import {
  createSmartContractInterfaceParametersSchema,
  createSmartContractInterfaceResultSchema,
  deleteSmartContractInterfaceParametersSchema,
  deleteSmartContractInterfaceResultSchema,
  getSmartContractInterfaceRequestSchema,
  getSmartContractInterfaceResponseSchema,
  listSmartContractInterfacesResponseSchema,
} from './schemas/smartContractInterface';

export const operations = {
  getApiKey: query('get_api_key', getApiKeyRequestSchema, getApiKeyResponseSchema),
  getActivity: query('get_activity', getActivityRequestSchema, activityResponseSchema),
  listActivities: query('list_activities', listActivitiesRequestSchema, listActivitiesResponseSchema),
  whoami: query('whoami', organizationRequestSchema, whoamiResponseSchema),
  getOrganization: query('get_organization', organizationRequestSchema, getOrganizationResponseSchema),
  listPrivateKeys: query('list_private_keys', organizationRequestSchema, listPrivateKeysResponseSchema),
  getPrivateKey: query('get_private_key', getPrivateKeyRequestSchema, getPrivateKeyResponseSchema),
  listPrivateKeyTags: query('list_private_key_tags', organizationRequestSchema, listPrivateKeyTagsResponseSchema),
  listSmartContractInterfaces: query(
    'list_smart_contract_interfaces',
    organizationRequestSchema,
    listSmartContractInterfacesResponseSchema,
  ),
  getSmartContractInterface: query(
    'get_smart_contract_interface',
    getSmartContractInterfaceRequestSchema,
    getSmartContractInterfaceResponseSchema,
  ),
  getAuthenticators: query('get_authenticators', getAuthenticatorsRequestSchema, getAuthenticatorsResponseSchema),
  getAuthenticator: query('get_authenticator', getAuthenticatorRequestSchema, getAuthenticatorResponseSchema),
  getPolicy: query('get_policy', getPolicyRequestSchema, getPolicyResponseSchema),
  listPolicies: query('list_policies', organizationRequestSchema, listPoliciesResponseSchema),
  getPolicyEvaluations: query(
    'get_policy_evaluations',
    getPolicyEvaluationsRequestSchema,
    getPolicyEvaluationsResponseSchema,
  ),
  listUsers: query('list_users', organizationRequestSchema, listUsersResponseSchema),
  getUser: query('get_user', getUserRequestSchema, getUserResponseSchema),
  listUserTags: query('list_user_tags', organizationRequestSchema, listUserTagsResponseSchema),
  createSmartContractInterface: submit(
    'create_smart_contract_interface',
    ActivityType.CreateSmartContractInterface,
    'createSmartContractInterface',
    createSmartContractInterfaceParametersSchema,
    createSmartContractInterfaceResultSchema,
  ),
  createPrivateKeyTag: submit(
    'create_private_key_tag',
    ActivityType.CreatePrivateKeyTag,
    'createPrivateKeyTag',
    createPrivateKeyTagParametersSchema,
    createPrivateKeyTagResultSchema,
  ),
  approveActivity: submit(
    'approve_activity',
    ActivityType.ApproveActivity,
    'approveActivity',
    fingerprintParametersSchema,
    undefined,
  ),
  rejectActivity: submit(
    'reject_activity',
    ActivityType.RejectActivity,
    'rejectActivity',
    fingerprintParametersSchema,
    undefined,
  ),
  deleteSmartContractInterface: submit(
    'delete_smart_contract_interface',
    ActivityType.DeleteSmartContractInterface,
    'deleteSmartContractInterface',
    deleteSmartContractInterfaceParametersSchema,
    deleteSmartContractInterfaceResultSchema,
  ),
  deleteSubOrganization: submit(
    'delete_sub_organization',
    ActivityType.DeleteSubOrganization,
    'deleteSubOrganization',
    deleteSubOrganizationParametersSchema,
    deleteSubOrganizationResultSchema,
  ),
  signTransaction: submit(
    'sign_transaction',
    ActivityType.SignTransactionV2,
    'signTransaction',
    signTransactionParametersSchema,
    signTransactionResultSchema,
    'V2',
  ),
  signRawPayload: submit(
    'sign_raw_payload',
    ActivityType.SignRawPayloadV2,
    'signRawPayload',
    signRawPayloadParametersSchema,
    signRawPayloadResultSchema,
    'V2',
  ),
  setOrganizationFeature: submit(
    'set_organization_feature',
    ActivityType.SetOrganizationFeature,
    'setOrganizationFeature',
    setOrganizationFeatureParametersSchema,
    organizationFeaturesResultSchema,
  ),
  removeOrganizationFeature: submit(
    'remove_organization_feature',
    ActivityType.RemoveOrganizationFeature,
    'removeOrganizationFeature',
    removeOrganizationFeatureParametersSchema,
    organizationFeaturesResultSchema,
  ),
  createAuthenticators: submit(
    'create_authenticators',
    ActivityType.CreateAuthenticatorsV2,
    'createAuthenticators',
    createAuthenticatorsParametersSchema,
    createAuthenticatorsResultSchema,
    'V2',
  ),
  createPolicy: submit(
    'create_policy',
    ActivityType.CreatePolicyV3,
    'createPolicy',
    createPolicyParametersSchema,
    createPolicyResultSchema,
    'V3',
  ),
  createPolicies: submit(
    'create_policies',
    ActivityType.CreatePolicies,
    'createPolicies',
    createPoliciesParametersSchema,
    createPoliciesResultSchema,
  ),
  updatePolicy: submit(
    'update_policy',
    ActivityType.UpdatePolicyV2,
    'updatePolicy',
    updatePolicyParametersSchema,
    updatePolicyResultSchema,
    'V2',
    'V2',
  ),
  deletePolicy: submit(
    'delete_policy',
    ActivityType.DeletePolicy,
    'deletePolicy',
    deletePolicyParametersSchema,
    deletePolicyResultSchema,
  ),
  deletePolicies: submit(
    'delete_policies',
    ActivityType.DeletePolicies,
    'deletePolicies',
    deletePoliciesParametersSchema,
    deletePoliciesResultSchema,
  ),
  deleteAuthenticators: submit(
    'delete_authenticators',
    ActivityType.DeleteAuthenticators,
    'deleteAuthenticators',
    deleteAuthenticatorsParametersSchema,
    deleteAuthenticatorsResultSchema,
  ),
  createUsers: submit(
    'create_users',
    ActivityType.CreateUsersV4,
    'createUsers',
    createUsersParametersSchema,
    createUsersResultSchema,
    'V4',
  ),
  createUserTag: submit(
    'create_user_tag',
    ActivityType.CreateUserTag,
    'createUserTag',
    createUserTagParametersSchema,
    createUserTagResultSchema,
  ),
  updateUserTag: submit(
    'update_user_tag',
    ActivityType.UpdateUserTag,
    'updateUserTag',
    updateUserTagParametersSchema,
    updateUserTagResultSchema,
  ),
  deleteUserTags: submit(
    'delete_user_tags',
    ActivityType.DeleteUserTags,
    'deleteUserTags',
    deleteUserTagsParametersSchema,
    deleteUserTagsResultSchema,
  ),
  updateRootQuorum: submit(
    'update_root_quorum',
    ActivityType.UpdateRootQuorum,
    'updateRootQuorum',
    updateRootQuorumParametersSchema,
    updateRootQuorumResultSchema,
  ),
  createPrivateKeys: {
    ...submit(
      'create_private_keys',
      ActivityType.CreatePrivateKeysV2,
      'createPrivateKeys',
      createPrivateKeysParametersSchema,
      createPrivateKeysResultSchema,
      'V2',
    ),
    // The V2 intent's result is named after its version too.
    resultKey: 'createPrivateKeysResultV2',
  },
  updatePrivateKeyTag: submit(
    'update_private_key_tag',
    ActivityType.UpdatePrivateKeyTag,
    'updatePrivateKeyTag',
    updatePrivateKeyTagParametersSchema,
    updatePrivateKeyTagResultSchema,
  ),
  // Sub-organizations, people, export and import (accountOperations.ts)
  ...accountOperations,
  // Wallets (walletOperations.ts)
  ...walletOperations,
} as const;

export type { QueryOperation, SubmitOperation } from './operationKinds';

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type QueryOperationName = {
  [K in OperationName]: Operations[K] extends QueryOperation ? K : never;
}[OperationName];
export type SubmitOperationName = {
  [K in OperationName]: Operations[K] extends SubmitOperation ? K : never;
}[OperationName];

/** Finds the operation served at `path`, for servers. */
export function operationByPath(
  path: string,
): { name: OperationName; operation: QueryOperation | SubmitOperation } | undefined {
  for (const [name, operation] of Object.entries(operations)) {
    if (operation.path === path) return { name: name as OperationName, operation };
  }
  return undefined;
}
