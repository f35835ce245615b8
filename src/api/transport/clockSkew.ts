/**
 * The service accepts a `timestampMs` less than an hour old and at most 5 minutes ahead of its own
 * clock. When a request is refused and the response's `Date` shows the local clock is off by minutes,
 * the error says so, instead of a bare 401.
 */

/** The service's tolerance for a timestamp in the future, and our threshold for blaming the clock. */
export const CLOCK_SKEW_TOLERANCE_MS = 5 * 60_000;

/** Local clock minus the service's clock, from the response `Date` header (1-second resolution). */
export function measureClockSkew(dateHeader: string | undefined, localNowMs: number): number | undefined {
  if (dateHeader === undefined) return undefined;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return undefined;
  return localNowMs - serverMs;
}

/** "your clock is 12 minutes ahead of the service" (or behind). */
export function describeClockSkew(skewMs: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(skewMs) / 60_000));
  const unit = minutes === 1 ? 'minute' : 'minutes';
  return `your clock is ${minutes} ${unit} ${skewMs > 0 ? 'ahead of' : 'behind'} the service`;
}

/** Whether an error text or code is about the request's timestamp (too old, in the future). */
export function isTimestampComplaint(message: string | undefined, turnkeyErrorCode: string | undefined): boolean {
  if (turnkeyErrorCode !== undefined && /TIMESTAMP|CLOCK/i.test(turnkeyErrorCode)) return true;
  return message !== undefined && /timestamp|clock skew|in the future|too old|stale request/i.test(message);
}
