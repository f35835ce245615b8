/**
 * CountersignClient: one method per operation of the service. Each call builds its body string once,
 * stamps exactly those bytes and sends exactly them; a retry re-sends the same bytes with the same stamp,
 * so the service recognises a resubmitted activity instead of creating a second one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type * as z from 'zod';
import {
  ActivityFailedError,
  ActivityRejectedError,
  CancelledError,
  ClockSkewError,
  InvalidInputError,
  ResponseShapeError,
  ServiceError,
  TransportError,
} from './errors';
import { hintFor } from './errorHints';
import { silentLogger, type Logger } from './logger';
import {
  operations,
  type OperationName,
  type Operations,
  type QueryOperationName,
  type SubmitOperation,
  type SubmitOperationName,
} from './operations';
import {
  activityRequestEnvelopeSchema,
  activityResponseSchema,
  type Activity,
  type FingerprintParameters,
  type ListActivitiesRequest,
} from './schemas/activity';
import type { ApiKey } from './schemas/apiKey';
import type { OrganizationData, Whoami } from './schemas/organization';
import type { PrivateKey } from './schemas/privateKey';
import type { CreatePrivateKeyTagParameters, Tag } from './schemas/privateKeyTag';
import { rpcStatusSchema, turnkeyErrorCodeOf, type RpcStatus } from './schemas/rpcStatus';
import type {
  CreateSmartContractInterfaceParameters,
  DeleteSmartContractInterfaceParameters,
  SmartContractInterface,
} from './schemas/smartContractInterface';
import type { DeleteSubOrganizationParameters } from './schemas/activity';
import type { Stamp, Stamper } from './stamping/stamper';
import {
  CLOCK_SKEW_TOLERANCE_MS,
  describeClockSkew,
  isTimestampComplaint,
  measureClockSkew,
} from './transport/clockSkew';
import { HttpTransport, type HttpResponse } from './transport/httpTransport';
import {
  backoffDelayMs,
  clampAttempts,
  DEFAULT_RETRY_BASE_DELAY_MS,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} from './transport/retryPolicy';
import { checkBaseUrl } from './transport/urlPolicy';
import { COUNTERSIGN_VERSION } from './version';

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

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface SubmitInput<P> {
  organizationId: string;
  parameters: P;
  generateAppProofs?: boolean;
  /** Milliseconds since the epoch, as a string. Default: now. Reuse it to resubmit the same activity. */
  timestampMs?: string;
}

export interface StampedRequest {
  readonly url: string;
  readonly body: string;
  readonly stamp: Stamp;
}

const SUBMIT_INPUT_KEYS = new Set(['type', 'timestampMs', 'organizationId', 'parameters', 'generateAppProofs']);

export class CountersignClient {
  readonly baseUrl: string;
  readonly #stamper: Stamper;
  readonly #logger: Logger;
  readonly #transport: HttpTransport;
  readonly #maxAttempts: number;
  readonly #clientVersion: string;
  readonly #now: () => number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetryAfterMs: number;

  constructor(config: ClientConfig, stamper: Stamper, options: ClientOptions = {}) {
    this.baseUrl = config.baseUrl.trim().replace(/\/+$/, '');
    this.#stamper = stamper;
    this.#logger = options.logger ?? silentLogger;
    this.#transport = new HttpTransport({
      timeoutMs: options.timeoutMs,
      connectTimeoutMs: options.connectTimeoutMs,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    this.#maxAttempts = clampAttempts(options.maxAttempts);
    const version = options.clientVersion ?? COUNTERSIGN_VERSION;
    this.#clientVersion = version.includes('/') ? version : `countersign/${version}`;
    this.#now = options.now ?? Date.now;
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
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
    return this.#transport.close();
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
    const json = await this.#send(name, url, body, stamp, opts?.signal);
    return parseResponse(name, operations[name].response, json) as z.output<Operations[N]['response']>;
  }

  async #submit(name: SubmitOperationName, input: object, opts: RequestOptions | undefined): Promise<Activity> {
    const url = this.#urlOf(name);
    const body = this.#buildBody(name, input);
    const stamp = await this.#stamper.stamp(body);
    const json = await this.#send(name, url, body, stamp, opts?.signal);
    const { activity } = parseResponse(name, activityResponseSchema, json);
    checkResult(name, operations[name], activity);
    if (activity.status === 'ACTIVITY_STATUS_FAILED') throw new ActivityFailedError(activity, activity.failure);
    if (activity.status === 'ACTIVITY_STATUS_REJECTED') throw new ActivityRejectedError(activity);
    return activity;
  }

  #urlOf(name: OperationName): string {
    return `${checkBaseUrl(this.baseUrl)}${operations[name].path}`;
  }

  /** Validates the input and serialises it, once: these are the bytes that are stamped and sent. */
  #buildBody(name: OperationName, input: object): string {
    const operation = operations[name];
    if (operation.kind === 'query') {
      const parsed = operation.request.safeParse(input);
      if (!parsed.success) throw invalidInput(name, parsed.error.issues, []);
      return JSON.stringify(parsed.data);
    }
    const record = input as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!SUBMIT_INPUT_KEYS.has(key))
        throw invalidInput(name, [{ path: [key], message: 'is not a field of this request' }], []);
    }
    if (record['type'] !== undefined && record['type'] !== operation.activityType) {
      throw invalidInput(
        name,
        [{ path: ['type'], message: `must be ${operation.activityType} for this operation` }],
        [],
      );
    }
    const envelope = activityRequestEnvelopeSchema.safeParse({
      type: operation.activityType,
      timestampMs: record['timestampMs'] ?? String(Math.floor(this.#now())),
      organizationId: record['organizationId'],
      parameters: record['parameters'],
      ...(record['generateAppProofs'] !== undefined ? { generateAppProofs: record['generateAppProofs'] } : {}),
    });
    if (!envelope.success) throw invalidInput(name, envelope.error.issues, []);
    const parameters = operation.parameters.safeParse(record['parameters']);
    if (!parameters.success) throw invalidInput(name, parameters.error.issues, ['parameters']);
    const { type, timestampMs, organizationId, generateAppProofs } = envelope.data;
    return JSON.stringify(
      generateAppProofs === undefined
        ? { type, timestampMs, organizationId, parameters: parameters.data }
        : { type, timestampMs, organizationId, parameters: parameters.data, generateAppProofs },
    );
  }

  /** Sends the same bytes with the same stamp up to maxAttempts times; returns the parsed 2xx JSON. */
  async #send(
    name: OperationName,
    url: string,
    body: string,
    stamp: Stamp,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const path = operations[name].path;
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Client-Version': this.#clientVersion,
      [stamp.stampHeaderName]: stamp.stampHeaderValue,
    };
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      let response: HttpResponse;
      try {
        response = await this.#transport.post({ url, headers, body, ...(signal ? { signal } : {}) });
      } catch (error) {
        const durationMs = Math.round(performance.now() - started);
        if (error instanceof TransportError && attempt < this.#maxAttempts) {
          const delayMs = backoffDelayMs(attempt, this.#retryBaseDelayMs);
          this.#logger.warn(`${name}: ${error.kind}, retrying`, {
            operation: name,
            path,
            durationMs,
            attempt,
            delayMs,
          });
          await pause(delayMs, signal);
          continue;
        }
        this.#logger.error(`${name}: ${error instanceof Error ? error.name : 'error'}`, {
          operation: name,
          path,
          durationMs,
          attempt,
        });
        throw error;
      }
      const durationMs = Math.round(performance.now() - started);
      const { status } = response;
      if (status >= 200 && status < 300) {
        this.#logger.debug(`${name}: ${status}`, { operation: name, path, status, durationMs, attempt });
        try {
          return JSON.parse(response.text) as unknown;
        } catch {
          throw new ResponseShapeError(name, '', 'the body is not JSON');
        }
      }
      if (status >= 300 && status < 400) {
        this.#logger.error(`${name}: ${status}, redirect refused`, {
          operation: name,
          path,
          status,
          durationMs,
          attempt,
        });
        throw new TransportError(
          'redirect',
          `The service answered ${name} with a redirect (HTTP ${status})${locationNote(response.headers['location'])}; Countersign does not follow redirects, so the signed request never leaves the configured address.`,
          'Set the base URL to the final https:// address of the service.',
        );
      }
      if (isRetryableStatus(status) && attempt < this.#maxAttempts) {
        const retryAfter = parseRetryAfter(response.headers['retry-after'], Date.now(), this.#maxRetryAfterMs);
        const delayMs = retryAfter ?? backoffDelayMs(attempt, this.#retryBaseDelayMs);
        this.#logger.warn(`${name}: ${status}, retrying`, {
          operation: name,
          path,
          status,
          durationMs,
          attempt,
          delayMs,
        });
        await pause(delayMs, signal);
        continue;
      }
      this.#logger.warn(`${name}: ${status}`, { operation: name, path, status, durationMs, attempt });
      throw this.#serviceError(name, response);
    }
  }

  #serviceError(name: OperationName, response: HttpResponse): ServiceError {
    const { status } = response;
    const rpcStatus = parseRpcStatus(response.text);
    const turnkeyErrorCode = turnkeyErrorCodeOf(rpcStatus);
    const serviceMessage = rpcStatus?.message;
    const skewMs = measureClockSkew(response.headers['date'], this.#now());
    const init = {
      status,
      ...(rpcStatus ? { rpcStatus } : {}),
      ...(turnkeyErrorCode ? { turnkeyErrorCode } : {}),
    };
    const authFailure = status === 400 || status === 401 || status === 403;
    const aboutTimestamp = authFailure && isTimestampComplaint(serviceMessage, turnkeyErrorCode);
    const skewed = skewMs !== undefined && Math.abs(skewMs) > CLOCK_SKEW_TOLERANCE_MS;
    if (aboutTimestamp || (authFailure && status !== 400 && skewed)) {
      const clock = skewMs !== undefined && Math.abs(skewMs) >= 60_000 ? `: ${describeClockSkew(skewMs)}` : '';
      return new ClockSkewError({
        ...init,
        message: `The service refused ${operationWords(name)} because of the request time (HTTP ${status})${clock}.`,
        hint: "Set your computer's clock to the correct time (turn on automatic time synchronisation), then try again.",
        ...(skewMs !== undefined ? { clockSkewMs: skewMs } : {}),
      });
    }
    const hint = hintFor(status, turnkeyErrorCode, serviceMessage, name);
    const detail =
      serviceMessage !== undefined
        ? `: ${excerpt(serviceMessage, 500)}${turnkeyErrorCode ? ` (${turnkeyErrorCode})` : ''}`
        : response.text.trim() === ''
          ? ' with an empty body'
          : ` with a body that is not an error record: "${excerpt(readableBody(response.text), 200)}"`;
    const verb = status >= 500 ? 'could not carry out' : 'refused';
    return new ServiceError({
      ...init,
      message: `The service ${verb} ${operationWords(name)} (HTTP ${status})${detail}`,
      ...(hint ? { hint } : {}),
    });
  }
}

function parseRpcStatus(text: string): RpcStatus | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = rpcStatusSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** An operation as the message names it: `createPrivateKeyTag` → "create private key tag", `getApiKey` → "get API key". */
export function operationWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bapi\b/g, 'API');
}

/** An HTML error page (a proxy's 502, say) is shown by its title, or its text without tags. */
function readableBody(text: string): string {
  if (!/^\s*</.test(text)) return text;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
  return title || text.replace(/<[^>]*>/g, ' ');
}

/** At most `max` characters, control characters removed and whitespace collapsed. */
export function excerpt(text: string, max = 200): string {
  const clean = text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

function locationNote(location: string | undefined): string {
  if (location === undefined) return '';
  try {
    return ` to ${new URL(location).origin.slice(0, 100)}`;
  } catch {
    return '';
  }
}

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The dotted path of a zod issue: `activities.0.status`. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

function invalidInput(name: OperationName, issues: readonly IssueLike[], prefix: readonly string[]): InvalidInputError {
  const first = issues[0];
  const field = dottedPath([...prefix, ...(first?.path ?? [])]);
  return new InvalidInputError(
    `${name} request`,
    `The ${name} request is not valid: ${field || '(request)'} ${first?.message ?? 'is invalid'}. Nothing was sent.`,
    undefined,
    { field },
  );
}

/** zod's wording, except that a field that is not there "is missing" rather than "received undefined". */
function issueText(issue: { readonly message: string } | undefined): string {
  if (!issue) return 'invalid';
  return /received undefined$/.test(issue.message) ? 'is missing' : issue.message;
}

function parseResponse<S extends z.ZodType>(name: OperationName, schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ResponseShapeError(name, dottedPath(first?.path ?? []), issueText(first));
  }
  return parsed.data;
}

/** A completed activity must carry the result its operation promises (e.g. smartContractInterfaceId). */
function checkResult(name: OperationName, operation: SubmitOperation, activity: Activity): void {
  if (activity.status !== 'ACTIVITY_STATUS_COMPLETED' || !operation.result || !operation.resultKey) return;
  const value = activity.result[operation.resultKey];
  const field = `activity.result.${operation.resultKey}`;
  if (value === undefined) throw new ResponseShapeError(name, field, 'the completed activity has no result');
  const parsed = operation.result.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ResponseShapeError(name, dottedPath([field, ...(first?.path ?? [])]), issueText(first));
  }
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, signal ? { signal } : undefined);
  } catch {
    throw new CancelledError();
  }
}
