/**
 * CountersignClient: one method per operation of the service. Each call builds its body string once,
 * stamps exactly those bytes and sends exactly them; a retry re-sends the same bytes with the same stamp,
 * so the service recognises a resubmitted activity instead of creating a second one.
 * The bytes and the answer's shape are in requestBody.ts, the sending in requestSender.ts.
 */
import type { Dispatcher } from 'undici';
import type * as z from 'zod';
import { ActivityFailedError, ActivityRejectedError } from './errors';
import { silentLogger, type Logger } from './logger';
import {
  operations,
  type OperationName,
  type Operations,
  type QueryOperationName,
  type SubmitOperationName,
} from './operations';
import { buildRequestBody, checkResult, parseResponse } from './requestBody';
import { RequestSender } from './requestSender';
import {
  activityResponseSchema,
  type Activity,
  type DeleteSubOrganizationParameters,
  type FingerprintParameters,
  type ListActivitiesRequest,
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
import type { Stamp, Stamper } from './stamping/stamper';
import type {
  CreateUsersParameters,
  CreateUserTagParameters,
  DeleteUserTagsParameters,
  UpdateRootQuorumParameters,
  UpdateUserTagParameters,
  User,
} from './schemas/user';
import { checkBaseUrl } from './transport/urlPolicy';
import { walletMethods, type WalletMethods } from './walletClient';
import { COUNTERSIGN_VERSION } from './version';

export { dottedPath } from './requestBody';
export { excerpt, operationWords } from './serviceErrorOf';

export interface ClientConfig {
  /** `https://…`, or `http://` to a loopback host (localhost, 127.0.0.0/8, ::1). */
  baseUrl: string;
}

export interface ClientOptions {
  logger?: Logger;
  /** Response timeout per attempt, headers and body together. Default 30000. */
  timeoutMs?: number;
  /** Connect timeout of the client's own Agent (ignored with `dispatcher`). Default 10000. */
  connectTimeoutMs?: number;
  /** Attempts in total, default 3, capped at 3. */
  maxAttempts?: number;
  /** An undici dispatcher to send through instead of the client's own keep-alive Agent. */
  dispatcher?: Dispatcher;
  /** Version in `X-Client-Version: countersign/<version>`; a value with a "/" is sent as it is. */
  clientVersion?: string;
  /** The local clock, for `timestampMs` and for clock-skew diagnosis. Default Date.now. */
  now?: () => number;
  /** Base of the full-jitter exponential backoff between attempts. Default 500. */
  retryBaseDelayMs?: number;
  /** A longer `Retry-After` is shortened to this. Default 30000. */
  maxRetryAfterMs?: number;
}

import type { RequestOptions, SubmitInput } from './clientTypes';
export type { RequestOptions, SubmitInput } from './clientTypes';

export interface StampedRequest {
  readonly url: string;
  readonly body: string;
  readonly stamp: Stamp;
}

// Wallets: the methods are in walletClient.ts, merged into the class (its instances get them in the constructor).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface CountersignClient extends WalletMethods {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class CountersignClient {
  readonly baseUrl: string;
  readonly #stamper: Stamper;
  readonly #sender: RequestSender;
  readonly #now: () => number;

  constructor(config: ClientConfig, stamper: Stamper, options: ClientOptions = {}) {
    this.baseUrl = config.baseUrl.trim().replace(/\/+$/, '');
    this.#stamper = stamper;
    this.#now = options.now ?? Date.now;
    const version = options.clientVersion ?? COUNTERSIGN_VERSION;
    this.#sender = new RequestSender({
      logger: options.logger ?? silentLogger,
      clientVersion: version.includes('/') ? version : `countersign/${version}`,
      now: this.#now,
      timeoutMs: options.timeoutMs,
      connectTimeoutMs: options.connectTimeoutMs,
      maxAttempts: options.maxAttempts,
      dispatcher: options.dispatcher,
      retryBaseDelayMs: options.retryBaseDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs,
    });
    // Wallets
    Object.assign(
      this,
      walletMethods({ query: (n, i, o) => this.#query(n, i, o), submit: (n, i, o) => this.#submit(n, i, o) }),
    );
  }

  // ---- queries ----

  async getApiKey(req: { organizationId: string; apiKeyId: string }, opts?: RequestOptions): Promise<ApiKey> {
    return (await this.#query('getApiKey', req, opts)).apiKey;
  }

  async whoami(req: { organizationId: string }, opts?: RequestOptions): Promise<Whoami> {
    return this.#query('whoami', req, opts);
  }

  /** The organization's users, private keys and tags, and its root quorum (how many approvals an activity needs). */
  async getOrganization(req: { organizationId: string }, opts?: RequestOptions): Promise<OrganizationData> {
    return (await this.#query('getOrganization', req, opts)).organizationData;
  }

  async getActivity(req: { organizationId: string; activityId: string }, opts?: RequestOptions): Promise<Activity> {
    return (await this.#query('getActivity', req, opts)).activity;
  }

  async listActivities(req: ListActivitiesRequest, opts?: RequestOptions): Promise<Activity[]> {
    return (await this.#query('listActivities', req, opts)).activities;
  }

  async listPrivateKeys(req: { organizationId: string }, opts?: RequestOptions): Promise<PrivateKey[]> {
    return (await this.#query('listPrivateKeys', req, opts)).privateKeys;
  }

  async getPrivateKey(
    req: { organizationId: string; privateKeyId: string },
    opts?: RequestOptions,
  ): Promise<PrivateKey> {
    return (await this.#query('getPrivateKey', req, opts)).privateKey;
  }

  async listPrivateKeyTags(req: { organizationId: string }, opts?: RequestOptions): Promise<Tag[]> {
    return (await this.#query('listPrivateKeyTags', req, opts)).privateKeyTags;
  }

  async listSmartContractInterfaces(
    req: { organizationId: string },
    opts?: RequestOptions,
  ): Promise<SmartContractInterface[]> {
    return (await this.#query('listSmartContractInterfaces', req, opts)).smartContractInterfaces;
  }

  async getSmartContractInterface(
    req: { organizationId: string; smartContractInterfaceId: string },
    opts?: RequestOptions,
  ): Promise<SmartContractInterface> {
    return (await this.#query('getSmartContractInterface', req, opts)).smartContractInterface;
  }

  /** A user's passkeys. */
  async getAuthenticators(
    req: { organizationId: string; userId: string },
    opts?: RequestOptions,
  ): Promise<Authenticator[]> {
    return (await this.#query('getAuthenticators', req, opts)).authenticators;
  }

  async getAuthenticator(
    req: { organizationId: string; authenticatorId: string },
    opts?: RequestOptions,
  ): Promise<Authenticator> {
    return (await this.#query('getAuthenticator', req, opts)).authenticator;
  }

  async getPolicy(req: { organizationId: string; policyId: string }, opts?: RequestOptions): Promise<Policy> {
    return (await this.#query('getPolicy', req, opts)).policy;
  }

  /** Every policy of the organization (the service does not page them). */
  async listPolicies(req: { organizationId: string }, opts?: RequestOptions): Promise<Policy[]> {
    return (await this.#query('listPolicies', req, opts)).policies;
  }

  /** Why an activity was allowed, denied or kept waiting: one record per vote, each with every policy's outcome. */
  async getPolicyEvaluations(
    req: { organizationId: string; activityId: string },
    opts?: RequestOptions,
  ): Promise<PolicyEvaluationRecord[]> {
    return (await this.#query('getPolicyEvaluations', req, opts)).policyEvaluations;
  }

  async listUsers(req: { organizationId: string }, opts?: RequestOptions): Promise<User[]> {
    return (await this.#query('listUsers', req, opts)).users;
  }

  async getUser(req: { organizationId: string; userId: string }, opts?: RequestOptions): Promise<User> {
    return (await this.#query('getUser', req, opts)).user;
  }

  async listUserTags(req: { organizationId: string }, opts?: RequestOptions): Promise<Tag[]> {
    return (await this.#query('listUserTags', req, opts)).userTags;
  }

  // ---- submissions ----

  createSmartContractInterface(
    req: SubmitInput<CreateSmartContractInterfaceParameters>,
    opts?: RequestOptions,
  ): Promise<Activity> {
    return this.#submit('createSmartContractInterface', req, opts);
  }

  createPrivateKeyTag(req: SubmitInput<CreatePrivateKeyTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('createPrivateKeyTag', req, opts);
  }

  approveActivity(req: SubmitInput<FingerprintParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('approveActivity', req, opts);
  }

  rejectActivity(req: SubmitInput<FingerprintParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('rejectActivity', req, opts);
  }

  deleteSmartContractInterface(
    req: SubmitInput<DeleteSmartContractInterfaceParameters>,
    opts?: RequestOptions,
  ): Promise<Activity> {
    return this.#submit('deleteSmartContractInterface', req, opts);
  }

  deleteSubOrganization(req: SubmitInput<DeleteSubOrganizationParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('deleteSubOrganization', req, opts);
  }

  /** Signs an unsigned transaction (hex without 0x); the result's `signedTransaction` is hex without 0x too. */
  signTransaction(req: SubmitInput<SignTransactionParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('signTransaction', req, opts);
  }

  /** Signs a payload; the result is `{r, s, v}`: 64 hex digits each for r and s, v "00" or "01". */
  signRawPayload(req: SubmitInput<SignRawPayloadParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('signRawPayload', req, opts);
  }

  setOrganizationFeature(req: SubmitInput<SetOrganizationFeatureParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('setOrganizationFeature', req, opts);
  }

  removeOrganizationFeature(
    req: SubmitInput<RemoveOrganizationFeatureParameters>,
    opts?: RequestOptions,
  ): Promise<Activity> {
    return this.#submit('removeOrganizationFeature', req, opts);
  }

  /** Registers passkeys for a user from what `navigator.credentials.create()` answered, each with its challenge. */
  createAuthenticators(req: SubmitInput<CreateAuthenticatorsParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('createAuthenticators', req, opts);
  }

  deleteAuthenticators(req: SubmitInput<DeleteAuthenticatorsParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('deleteAuthenticators', req, opts);
  }

  createPolicy(req: SubmitInput<CreatePolicyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('createPolicy', req, opts);
  }

  createPolicies(req: SubmitInput<CreatePoliciesParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('createPolicies', req, opts);
  }

  updatePolicy(req: SubmitInput<UpdatePolicyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('updatePolicy', req, opts);
  }

  deletePolicy(req: SubmitInput<DeletePolicyParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('deletePolicy', req, opts);
  }

  deletePolicies(req: SubmitInput<DeletePoliciesParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('deletePolicies', req, opts);
  }

  /** Creates users (V4) with their API keys and user tags; the result lists their ids in the same order. */
  createUsers(req: SubmitInput<CreateUsersParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('createUsers', req, opts);
  }

  createUserTag(req: SubmitInput<CreateUserTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('createUserTag', req, opts);
  }

  updateUserTag(req: SubmitInput<UpdateUserTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('updateUserTag', req, opts);
  }

  /** Deletes user tags, and takes them off every user who carried them. */
  deleteUserTags(req: SubmitInput<DeleteUserTagsParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('deleteUserTags', req, opts);
  }

  /** Sets who the root users are and how many of them must approve. */
  updateRootQuorum(req: SubmitInput<UpdateRootQuorumParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('updateRootQuorum', req, opts);
  }

  /** Creates private keys (V2) with their tags; the result lists each key's id and addresses. */
  createPrivateKeys(req: SubmitInput<CreatePrivateKeysParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('createPrivateKeys', req, opts);
  }

  updatePrivateKeyTag(req: SubmitInput<UpdatePrivateKeyTagParameters>, opts?: RequestOptions): Promise<Activity> {
    return this.#submit('updatePrivateKeyTag', req, opts);
  }

  /**
   * The signed request, without sending it. For a submission, `body` is a SubmitInput or a full
   * envelope; a missing `type` or `timestampMs` is filled in as a send would.
   */
  async stampRequest(operation: OperationName, body: object): Promise<StampedRequest> {
    const url = this.#urlOf(operation);
    const text = this.#buildBody(operation, body);
    return { url, body: text, stamp: await this.#stamper.stamp(text) };
  }

  /** Closes the client's keep-alive connections. Later calls open new ones. */
  close(): Promise<void> {
    return this.#sender.close();
  }

  // ---- internals ----

  async #query<N extends QueryOperationName>(
    name: N,
    input: object,
    opts: RequestOptions | undefined,
  ): Promise<z.output<Operations[N]['response']>> {
    const url = this.#urlOf(name);
    const body = this.#buildBody(name, input);
    const stamp = await this.#stamper.stamp(body);
    const json = await this.#sender.send(name, url, body, stamp, opts?.signal);
    return parseResponse(name, operations[name].response, json) as z.output<Operations[N]['response']>;
  }

  async #submit(name: SubmitOperationName, input: object, opts: RequestOptions | undefined): Promise<Activity> {
    const url = this.#urlOf(name);
    const body = this.#buildBody(name, input);
    const stamp = await this.#stamper.stamp(body);
    const json = await this.#sender.send(name, url, body, stamp, opts?.signal);
    const { activity } = parseResponse(name, activityResponseSchema, json);
    checkResult(name, operations[name], activity);
    if (activity.status === 'ACTIVITY_STATUS_FAILED') throw new ActivityFailedError(activity, activity.failure);
    if (activity.status === 'ACTIVITY_STATUS_REJECTED') throw new ActivityRejectedError(activity);
    return activity;
  }

  #urlOf(name: OperationName): string {
    return `${checkBaseUrl(this.baseUrl)}${operations[name].path}`;
  }

  #buildBody(name: OperationName, input: object): string {
    return buildRequestBody(name, input, this.#now);
  }
}
