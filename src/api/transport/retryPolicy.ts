/**
 * When and how long to wait before sending the same request again: at most 3 attempts, only after a
 * network error, a 5xx or a 429, with full-jitter exponential backoff or the service's `Retry-After`.
 */

/** Attempts in total, first one included. A caller may ask for fewer, never more. */
export const MAX_ATTEMPTS = 3;
export const DEFAULT_RETRY_BASE_DELAY_MS = 500;
export const MAX_BACKOFF_MS = 8_000;
/** A longer `Retry-After` is shortened to this. */
export const MAX_RETRY_AFTER_MS = 30_000;
/**
 * What a ServiceError reports of the service's `Retry-After` is at most this: the caller that plans its next
 * request from it (the extension's poll) waits that long at the most, whatever a misconfigured service says.
 */
export const MAX_REPORTED_RETRY_AFTER_MS = 15 * 60_000;

export function clampAttempts(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return MAX_ATTEMPTS;
  return Math.min(MAX_ATTEMPTS, Math.max(1, Math.floor(requested)));
}

/** 5xx and 429 are worth another try; everything else is the caller's to fix. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Full jitter: a uniformly random delay between 0 and `base · 2^(attempt-1)` (capped), so that many
 * clients failing together do not come back together. `attempt` is the attempt that just failed (1-based).
 */
export function backoffDelayMs(attempt: number, baseDelayMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Reads `Retry-After`: delta-seconds or an HTTP date. Returns milliseconds to wait (capped at `capMs`),
 * or undefined when the header is missing or unreadable.
 */
export function parseRetryAfter(
  value: string | undefined,
  nowMs: number,
  capMs: number = MAX_RETRY_AFTER_MS,
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  let delay: number;
  if (/^\d+$/.test(text)) {
    delay = Number(text) * 1000;
  } else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    delay = at - nowMs;
  }
  return Math.min(capMs, Math.max(0, delay));
}
