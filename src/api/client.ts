/**
 * CountersignClient: one method per operation of the service. Each call builds its body string once,
 * stamps exactly those bytes and sends exactly them; a retry re-sends the same bytes with the same stamp,
 * so the service recognises a resubmitted activity instead of creating a second one.
 * The bytes and the answer's shape are in requestBody.ts, the sending in requestSender.ts.
 */
import { AccountClient } from './accountClient';
import type { ClientConfig, ClientOptions, RequestOptions, SubmitInput } from './clientCore';
import type { Stamper } from './stamping/stamper';
import type {
  Activity,
  DeleteSubOrganizationParameters,
  FingerprintParameters,
  ListActivitiesRequest,
} from './schemas/activity';
import type { ApiKey } from './schemas/apiKey';
import type {
  Authenticator,
  CreateAuthenticatorsParameters,
  DeleteAuthenticatorsParameters,
} from './schemas/authenticator';
import type { OrganizationData, Whoami } from './schemas/organization';
import type {
  RemoveOrganizationFeatureParameters,
  SetOrganizationFeatureParameters,
} from './schemas/organizationFeature';
import type {
  CreatePoliciesParameters,
  CreatePolicyParameters,
  DeletePoliciesParameters,
  DeletePolicyParameters,
  Policy,
  PolicyEvaluationRecord,
  UpdatePolicyParameters,
} from './schemas/policy';
import type { CreatePrivateKeysParameters, PrivateKey } from './schemas/privateKey';
import type { SignRawPayloadParameters, SignTransactionParameters } from './schemas/signing';
import type { CreatePrivateKeyTagParameters, Tag, UpdatePrivateKeyTagParameters } from './schemas/privateKeyTag';
import type {
  CreateSmartContractInterfaceParameters,
  DeleteSmartContractInterfaceParameters,
  SmartContractInterface,
} from './schemas/smartContractInterface';
import type {
  CreateUsersParameters,
  CreateUserTagParameters,
  DeleteUserTagsParameters,
  UpdateRootQuorumParameters,
  UpdateUserTagParameters,
  User,
} from './schemas/user';
import { walletMethods, type WalletMethods } from './walletClient';

export type { ClientConfig, ClientOptions, RequestOptions, StampedRequest, SubmitInput } from './clientCore';
export { dottedPath } from './requestBody';
export { excerpt, operationWords } from './serviceErrorOf';

// Wallets: the methods are in walletClient.ts, merged into the class (its instances get them in the constructor).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface CountersignClient extends WalletMethods {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class CountersignClient extends AccountClient {
  constructor(config: ClientConfig, stamper: Stamper, options: ClientOptions = {}) {
    super(config, stamper, options);
    Object.assign(
      this,
      walletMethods({ query: (n, i, o) => this.query(n, i, o), submit: (n, i, o) => this.submit(n, i, o) }),
    );
  }

  // ---- queries ----

  async getApiKey(req: { organizationId: string; apiKeyId: string }, opts?: RequestOptions): Promise<ApiKey> {
    return (await this.query('getApiKey', req, opts)).apiKey;
  }

  async whoami(req: { organizationId: string }, opts?: RequestOptions): Promise<Whoami> {
    return this.query('whoami', req, opts);
  }

  /** The organization's users, private keys and tags, and its root quorum (how many approvals an activity needs). */
  async getOrganization(req: { organizationId: string }, opts?: RequestOptions): Promise<OrganizationData> {
    return (await this.query('getOrganization', req, opts)).organizationData;
  }

  async getActivity(req: { organizationId: string; activityId: string }, opts?: RequestOptions): Promise<Activity> {
    return (await this.query('getActivity', req, opts)).activity;
  }

  async listActivities(req: ListActivitiesRequest, opts?: RequestOptions): Promise<Activity[]> {
    return (await this.query('listActivities', req, opts)).activities;
  }

  async listPrivateKeys(req: { organizationId: string }, opts?: RequestOptions): Promise<PrivateKey[]> {
    return (await this.query('listPrivateKeys', req, opts)).privateKeys;
  }

  async getPrivateKey(
    req: { organizationId: string; privateKeyId: string },
    opts?: RequestOptions,
  ): Promise<PrivateKey> {
    return (await this.query('getPrivateKey', req, opts)).privateKey;
  }

  async listPrivateKeyTags(req: { organizationId: string }, opts?: RequestOptions): Promise<Tag[]> {
    return (await this.query('listPrivateKeyTags', req, opts)).privateKeyTags;
  }

  async listSmartContractInterfaces(
    req: { organizationId: string },
    opts?: RequestOptions,
  ): Promise<SmartContractInterface[]> {
    return (await this.query('listSmartContractInterfaces', req, opts)).smartContractInterfaces;
  }

  async getSmartContractInterface(
    req: { organizationId: string; smartContractInterfaceId: string },
    opts?: RequestOptions,
  ): Promise<SmartContractInterface> {
    return (await this.query('getSmartContractInterface', req, opts)).smartContractInterface;
  }

  /** A user's passkeys. */
  async getAuthenticators(
    req: { organizationId: string; userId: string },
    opts?: RequestOptions,
  ): Promise<Authenticator[]> {
    return (await this.query('getAuthenticators', req, opts)).authenticators;
  }

  async getAuthenticator(
    req: { organizationId: string; authenticatorId: string },
    opts?: RequestOptions,
  ): Promise<Authenticator> {
    return (await this.query('getAuthenticator', req, opts)).authenticator;
  }

  async getPolicy(req: { organizationId: string; policyId: string }, opts?: RequestOptions): Promise<Policy> {
    return (await this.query('getPolicy', req, opts)).policy;
  }

  /** Every policy of the organization (the service does not page them). */
  async listPolicies(req: { organizationId: string }, opts?: RequestOptions): Promise<Policy[]> {
    return (await this.query('listPolicies', req, opts)).policies;
  }

  /** Why an activity was allowed, denied or kept waiting: one record per vote, each with every policy's outcome. */
  async getPolicyEvaluations(
    req: { organizationId: string; activityId: string },
    opts?: RequestOptions,
  ): Promise<PolicyEvaluationRecord[]> {
    return (await this.query('getPolicyEvaluations', req, opts)).policyEvaluations;
  }

  async listUsers(req: { organizationId: string }, opts?: RequestOptions): Promise<User[]> {
    return (await this.query('listUsers', req, opts)).users;
  }

  async getUser(req: { organizationId: string; userId: string }, opts?: RequestOptions): Promise<User> {
    return (await this.query('getUser', req, opts)).user;
  }

  async listUserTags(req: { organizationId: string }, opts?: RequestOptions): Promise<Tag[]> {
    return (await this.query('listUserTags', req, opts)).userTags;
  }

  // ---- submissions ----

  createSmartContractInterface(
    req: SubmitInput<CreateSmartContractInterfaceParameters>,
    opts?: RequestOptions,
  ): Promise<Activity> {
    return this.submit('createSmartContractInterface', req, opts);
  }

  createPrivateKeyTag(req: SubmitInput<CreatePrivateKeyTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createPrivateKeyTag', req, opts);
  }

  approveActivity(req: SubmitInput<FingerprintParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('approveActivity', req, opts);
  }

  rejectActivity(req: SubmitInput<FingerprintParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('rejectActivity', req, opts);
  }

  deleteSmartContractInterface(
    req: SubmitInput<DeleteSmartContractInterfaceParameters>,
    opts?: RequestOptions,
  ): Promise<Activity> {
    return this.submit('deleteSmartContractInterface', req, opts);
  }

  deleteSubOrganization(req: SubmitInput<DeleteSubOrganizationParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('deleteSubOrganization', req, opts);
  }

  /** Signs an unsigned transaction (hex without 0x); the result's `signedTransaction` is hex without 0x too. */
  signTransaction(req: SubmitInput<SignTransactionParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('signTransaction', req, opts);
  }

  /** Signs a payload; the result is `{r, s, v}`: 64 hex digits each for r and s, v "00" or "01". */
  signRawPayload(req: SubmitInput<SignRawPayloadParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('signRawPayload', req, opts);
  }

  setOrganizationFeature(req: SubmitInput<SetOrganizationFeatureParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('setOrganizationFeature', req, opts);
  }

  removeOrganizationFeature(
    req: SubmitInput<RemoveOrganizationFeatureParameters>,
    opts?: RequestOptions,
  ): Promise<Activity> {
    return this.submit('removeOrganizationFeature', req, opts);
  }

  /** Registers passkeys for a user from what `navigator.credentials.create()` answered, each with its challenge. */
  createAuthenticators(req: SubmitInput<CreateAuthenticatorsParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createAuthenticators', req, opts);
  }

  deleteAuthenticators(req: SubmitInput<DeleteAuthenticatorsParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('deleteAuthenticators', req, opts);
  }

  createPolicy(req: SubmitInput<CreatePolicyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createPolicy', req, opts);
  }

  createPolicies(req: SubmitInput<CreatePoliciesParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createPolicies', req, opts);
  }

  updatePolicy(req: SubmitInput<UpdatePolicyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('updatePolicy', req, opts);
  }

  deletePolicy(req: SubmitInput<DeletePolicyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('deletePolicy', req, opts);
  }

  deletePolicies(req: SubmitInput<DeletePoliciesParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('deletePolicies', req, opts);
  }

  /** Creates users (V4) with their API keys and user tags; the result lists their ids in the same order. */
  createUsers(req: SubmitInput<CreateUsersParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createUsers', req, opts);
  }

  createUserTag(req: SubmitInput<CreateUserTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createUserTag', req, opts);
  }

  updateUserTag(req: SubmitInput<UpdateUserTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('updateUserTag', req, opts);
  }

  /** Deletes user tags, and takes them off every user who carried them. */
  deleteUserTags(req: SubmitInput<DeleteUserTagsParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('deleteUserTags', req, opts);
  }

  /** Sets who the root users are and how many of them must approve. */
  updateRootQuorum(req: SubmitInput<UpdateRootQuorumParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('updateRootQuorum', req, opts);
  }

  /** Creates private keys (V2) with their tags; the result lists each key's id and addresses. */
  createPrivateKeys(req: SubmitInput<CreatePrivateKeysParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('createPrivateKeys', req, opts);
  }

  updatePrivateKeyTag(req: SubmitInput<UpdatePrivateKeyTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.submit('updatePrivateKeyTag', req, opts);
  }
}
