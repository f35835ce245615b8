/**
 * What every method of the client shares: the base URL, the stamper, the sender, and the two ways of calling an
 * operation (a query answers at once; a submission answers with its activity, and a failed or rejected one throws).
 * The methods, one per operation, are in client.ts and accountClient.ts.
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
import { activityResponseSchema, type Activity } from './schemas/activity';
import type { Stamp, Stamper } from './stamping/stamper';
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

import type { RequestOptions } from './clientTypes';
export type { RequestOptions, SubmitInput } from './clientTypes';

export interface StampedRequest {
  readonly url: string;
  readonly body: string;
  readonly stamp: Stamp;
}

export abstract class ClientCore {
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

  protected async query<N extends QueryOperationName>(
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

  protected async submit(
    name: SubmitOperationName,
    input: object,
    opts: RequestOptions | undefined,
  ): Promise<Activity> {
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
