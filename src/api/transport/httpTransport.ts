/**
 * One POST over undici: keep-alive through one Agent per client, a connect timeout, a response timeout
 * that covers headers and body, no redirect following (a 3xx comes back as a status for the caller to
 * refuse), and a cap on the response size. Errors become TransportError or CancelledError.
 */
import { Agent, request, type Dispatcher } from 'undici';
import { CancelledError, TransportError } from '../errors';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** Larger answers are cut off: the biggest legitimate one (a list of 400 KB interfaces) is far below. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export interface HttpTransportOptions {
  /** An undici dispatcher to use instead of our own Agent (then the connect timeout is the dispatcher's). */
  readonly dispatcher?: Dispatcher;
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
}

export interface HttpRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  /** Lowercase names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

export class HttpTransport {
  readonly #dispatcher: Dispatcher;
  readonly #ownAgent: Agent | undefined;
  readonly #timeoutMs: number;

  constructor(options: HttpTransportOptions = {}) {
    this.#timeoutMs = positive(options.timeoutMs, DEFAULT_TIMEOUT_MS);
    if (options.dispatcher) {
      this.#dispatcher = options.dispatcher;
      this.#ownAgent = undefined;
    } else {
      this.#ownAgent = new Agent({
        connect: { timeout: positive(options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS) },
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
        keepAliveTimeout: 10_000,
      });
      this.#dispatcher = this.#ownAgent;
    }
  }

  async post(req: HttpRequest): Promise<HttpResponse> {
    if (req.signal?.aborted) throw new CancelledError();
    // Its owner closed the client (a profile switch drops the session): a call still made with it was given up.
    if (this.#ownAgent?.closed || this.#ownAgent?.destroyed) throw new CancelledError(CLOSED);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#timeoutMs);
    const onAbort = (): void => controller.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await request(req.url, {
        method: 'POST',
        headers: req.headers,
        body: req.body,
        dispatcher: this.#dispatcher,
        signal: controller.signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > MAX_RESPONSE_BYTES) {
          response.body.destroy();
          throw new TransportError(
            'connection',
            `The service's answer is larger than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB; Countersign stopped reading it.`,
          );
        }
        chunks.push(buffer);
      }
      return {
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        text: Buffer.concat(chunks).toString('utf8'),
      };
    } catch (error) {
      if (error instanceof TransportError) throw error;
      if (timedOut) {
        throw new TransportError(
          'timeout',
          `The service did not answer within ${formatSeconds(this.#timeoutMs)}.`,
          'Check the base URL and your network, or try again later.',
          { cause: error },
        );
      }
      if (req.signal?.aborted) throw new CancelledError();
      if (isClosedDispatcher(error)) throw new CancelledError(CLOSED);
      throw transportErrorOf(error);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Closes the keep-alive connections of our own Agent; a dispatcher passed in is left to its owner. */
  async close(): Promise<void> {
    if (this.#ownAgent && !this.#ownAgent.closed) await this.#ownAgent.close();
  }
}

const CLOSED = 'The client was closed before this request could be sent.';

function isClosedDispatcher(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'UND_ERR_CLOSED' || code === 'UND_ERR_DESTROYED';
}

function transportErrorOf(error: unknown): TransportError {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const codeText = typeof code === 'string' ? code : 'unknown';
  if (
    codeText === 'UND_ERR_CONNECT_TIMEOUT' ||
    codeText === 'UND_ERR_HEADERS_TIMEOUT' ||
    codeText === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return new TransportError(
      'timeout',
      'The connection to the service timed out.',
      'Check the base URL and your network, or try again later.',
      {
        cause: error,
      },
    );
  }
  const reason: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused (is the service running at this address?)',
    ENOTFOUND: 'the host name could not be resolved',
    EAI_AGAIN: 'the host name could not be resolved',
    ECONNRESET: 'the connection was reset',
    UND_ERR_SOCKET: 'the connection closed unexpectedly',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
    CERT_HAS_EXPIRED: 'the server certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate could not be verified',
    ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate does not match the host name',
  };
  return new TransportError(
    'connection',
    `Could not reach the service: ${reason[codeText] ?? `network error (${codeText.slice(0, 40)})`}.`,
    'Check the base URL and your network connection.',
    { cause: error },
  );
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
