/**
 * `--rate-limit`: requests per second, one token bucket per credential (an API key's public key, or a
 * passkey's credential id in its organization), and one more shared by every request that does not
 * authenticate. A flood of unsigned or badly signed requests empties that bucket only; each signed client
 * keeps its own allowance.
 */
import { GrpcCode } from '../api';
import { RpcError } from './rpcError';
import type { Caller } from './state';

/** The bucket of every request that did not authenticate (no stamp, a bad one, an unknown key or organization). */
export const UNAUTHENTICATED_BUCKET = 'unauthenticated';
/** Buckets kept at most; past it, full ones (which would start full anyway) are let go of first. */
const MAX_BUCKETS = 10_000;

class TokenBucket {
  #tokens: number;
  #last: number;

  constructor(
    readonly limit: number,
    now: number,
  ) {
    this.#tokens = limit;
    this.#last = now;
  }

  /** Refills for the time since the last call; whether it is full now. */
  refill(now: number): boolean {
    this.#tokens = Math.min(this.limit, this.#tokens + ((now - this.#last) / 1000) * this.limit);
    this.#last = now;
    return this.#tokens >= this.limit;
  }

  take(now: number): { allowed: boolean; remaining: number } {
    this.refill(now);
    const allowed = this.#tokens >= 1;
    if (allowed) this.#tokens -= 1;
    return { allowed, remaining: Math.max(0, Math.floor(this.#tokens)) };
  }
}

/** The bucket a caller's requests are counted in. */
export function bucketOf(caller: Caller): string {
  return 'apiKey' in caller
    ? `apiKey:${caller.apiKey.publicKey}`
    : `passkey:${caller.organization.record.organizationId}:${caller.authenticator.credentialId}`;
}

export class RateLimits {
  readonly #limit: number;
  readonly #buckets = new Map<string, TokenBucket>();
  readonly #clock: () => number;

  constructor(limit: number, clock: () => number = () => performance.now()) {
    this.#limit = limit;
    this.#clock = clock;
  }

  /**
   * Takes one token from the bucket; the ratelimit-* headers to send, and whether the request may go on.
   * Throws the 429 refusal (with those headers) when it may not.
   */
  take(bucket: string): Record<string, string> {
    const now = this.#clock();
    let found = this.#buckets.get(bucket);
    if (!found) {
      if (this.#buckets.size >= MAX_BUCKETS) this.#forgetFull(now);
      found = new TokenBucket(this.#limit, now);
      this.#buckets.set(bucket, found);
    }
    const { allowed, remaining } = found.take(now);
    const headers: Record<string, string> = {
      'ratelimit-limit': String(this.#limit),
      'ratelimit-remaining': String(remaining),
    };
    if (allowed) return headers;
    headers['retry-after'] = '1';
    throw new RpcError(
      GrpcCode.ResourceExhausted,
      'Too many requests. Please wait and try again in a few seconds',
      'RATE_LIMIT_EXCEEDED',
      { headers },
    );
  }

  /** Lets go of buckets that have refilled (they would start full), and of the oldest if none has. */
  #forgetFull(now: number): void {
    for (const [key, bucket] of this.#buckets)
      if (key !== UNAUTHENTICATED_BUCKET && bucket.refill(now)) this.#buckets.delete(key);
    if (this.#buckets.size >= MAX_BUCKETS) {
      const oldest = [...this.#buckets.keys()].find((key) => key !== UNAUTHENTICATED_BUCKET);
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
  }
}
