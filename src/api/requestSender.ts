/**
 * The request plumbing under CountersignClient: sends the same bytes with the same stamp up to maxAttempts times,
 * waiting between attempts as the service's Retry-After says (or with full-jitter backoff), logging each attempt
 * without its body, and turning a refusal into its error class.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { CancelledError, ResponseShapeError, TransportError } from './errors';
import type { Logger } from './logger';
import { operations, type OperationName } from './operations';
import { redirectError, serviceErrorOf } from './serviceErrorOf';
import type { Stamp } from './stamping/stamper';
import { HttpTransport, type HttpResponse } from './transport/httpTransport';
import {
  backoffDelayMs,
  clampAttempts,
  DEFAULT_RETRY_BASE_DELAY_MS,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} from './transport/retryPolicy';

export interface RequestSenderOptions {
  logger: Logger;
  clientVersion: string;
  now: () => number;
  timeoutMs?: number | undefined;
  connectTimeoutMs?: number | undefined;
  maxAttempts?: number | undefined;
  dispatcher?: Dispatcher | undefined;
  retryBaseDelayMs?: number | undefined;
  maxRetryAfterMs?: number | undefined;
}

export class RequestSender {
  readonly #logger: Logger;
  readonly #transport: HttpTransport;
  readonly #maxAttempts: number;
  readonly #clientVersion: string;
  readonly #now: () => number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetryAfterMs: number;

  constructor(options: RequestSenderOptions) {
    this.#logger = options.logger;
    this.#transport = new HttpTransport({
      timeoutMs: options.timeoutMs,
      connectTimeoutMs: options.connectTimeoutMs,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    this.#maxAttempts = clampAttempts(options.maxAttempts);
    this.#clientVersion = options.clientVersion;
    this.#now = options.now;
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
  }

  /** Sends the same bytes with the same stamp up to maxAttempts times; returns the parsed 2xx JSON. */
  async send(
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
        if (error instanceof CancelledError) {
          // Given up by the caller or the client's owner: nothing failed that anyone is waiting for.
          this.#logger.debug(`${name}: cancelled`, { operation: name, path, durationMs, attempt });
          throw error;
        }
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
        throw redirectError(name, status, response.headers['location']);
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
      throw serviceErrorOf(name, response, this.#now());
    }
  }

  /** Closes the keep-alive connections. Later calls open new ones. */
  close(): Promise<void> {
    return this.#transport.close();
  }
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, signal ? { signal } : undefined);
  } catch {
    throw new CancelledError();
  }
}
