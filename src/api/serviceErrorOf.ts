/**
 * What a refusing answer means, as an error class: a clock complaint becomes a ClockSkewError with the measured
 * skew, anything else a ServiceError with the service's message, its code and a hint. A redirect is refused.
 */
import { ClockSkewError, ServiceError, TransportError } from './errors';
import { hintFor } from './errorHints';
import type { OperationName } from './operations';
import { rpcStatusSchema, turnkeyErrorCodeOf, type RpcStatus } from './schemas/rpcStatus';
import {
  CLOCK_SKEW_TOLERANCE_MS,
  describeClockSkew,
  isTimestampComplaint,
  measureClockSkew,
} from './transport/clockSkew';
import type { HttpResponse } from './transport/httpTransport';
import { MAX_REPORTED_RETRY_AFTER_MS, parseRetryAfter } from './transport/retryPolicy';

export function serviceErrorOf(name: OperationName, response: HttpResponse, nowMs: number): ServiceError {
  const { status } = response;
  const rpcStatus = parseRpcStatus(response.text);
  const turnkeyErrorCode = turnkeyErrorCodeOf(rpcStatus);
  const serviceMessage = rpcStatus?.message;
  const skewMs = measureClockSkew(response.headers['date'], nowMs);
  const retryAfterMs = retryAfterOf(response, nowMs);
  const init = {
    status,
    ...(rpcStatus ? { rpcStatus } : {}),
    ...(turnkeyErrorCode ? { turnkeyErrorCode } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
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

/** A 3xx answer: refused, so that the signed request never leaves the configured address. */
export function redirectError(name: OperationName, status: number, location: string | undefined): TransportError {
  return new TransportError(
    'redirect',
    `The service answered ${name} with a redirect (HTTP ${status})${locationNote(location)}; Countersign does not follow redirects, so the signed request never leaves the configured address.`,
    'Set the base URL to the final https:// address of the service.',
  );
}

/**
 * The wait a refusal asks for. An HTTP date is read against the service's own `Date` when it sent one, so that a
 * local clock that is off does not stretch or cancel the wait; against the local clock otherwise.
 */
function retryAfterOf(response: HttpResponse, nowMs: number): number | undefined {
  const serviceNow = Date.parse(response.headers['date'] ?? '');
  const reference = Number.isNaN(serviceNow) ? nowMs : serviceNow;
  return parseRetryAfter(response.headers['retry-after'], reference, MAX_REPORTED_RETRY_AFTER_MS);
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
