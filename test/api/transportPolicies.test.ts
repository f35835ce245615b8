import * as assert from 'node:assert/strict';
import { TransportError, checkBaseUrl, isLoopbackHost } from '../../src/api';
import {
  MAX_ATTEMPTS,
  backoffDelayMs,
  clampAttempts,
  describeClockSkew,
  excerpt,
  isRetryableStatus,
  isTimestampComplaint,
  measureClockSkew,
  parseRetryAfter,
} from '../../src/api/remote';

function refusedAs(url: string, kind: string): void {
  assert.throws(
    () => checkBaseUrl(url),
    (error: unknown) => error instanceof TransportError && error.kind === kind,
  );
}

describe('transport policies', () => {
  describe('base URLs', () => {
    it('accepts https anywhere and http only on loopback', () => {
      assert.equal(checkBaseUrl('https://api.turnkey.com/'), 'https://api.turnkey.com');
      assert.equal(checkBaseUrl('https://example.com/prefix/'), 'https://example.com/prefix');
      for (const url of [
        'http://127.0.0.1:8080',
        'http://127.9.9.9',
        'http://localhost:3000',
        'http://[::1]:3000',
        'http://LOCALHOST',
      ]) {
        assert.doesNotThrow(() => checkBaseUrl(url), url);
      }
    });

    it('refuses http to other hosts, including look-alikes of loopback', () => {
      for (const url of [
        'http://api.turnkey.com',
        'http://128.0.0.1',
        'http://localhost.example.com',
        'http://127.0.0.1.nip.io',
        'http://10.0.0.1',
      ]) {
        refusedAs(url, 'insecureUrl');
      }
    });

    it('refuses unusable URLs', () => {
      refusedAs('api.turnkey.com', 'invalidUrl');
      refusedAs('ftp://api.turnkey.com', 'invalidUrl');
      refusedAs('https://user:pass@api.turnkey.com', 'invalidUrl');
      refusedAs('https://api.turnkey.com/?x=1', 'invalidUrl');
    });

    it('recognises loopback hosts', () => {
      assert.ok(isLoopbackHost('127.0.0.1'));
      assert.ok(isLoopbackHost('[::1]'));
      assert.ok(!isLoopbackHost('0.0.0.0'));
    });
  });

  describe('retries', () => {
    it('retries only 429 and 5xx', () => {
      assert.deepEqual([200, 301, 400, 401, 404, 429, 500, 503, 599].map(isRetryableStatus), [
        false,
        false,
        false,
        false,
        false,
        true,
        true,
        true,
        true,
      ]);
    });

    it('caps attempts at 3', () => {
      assert.equal(MAX_ATTEMPTS, 3);
      assert.equal(clampAttempts(undefined), 3);
      assert.equal(clampAttempts(10), 3);
      assert.equal(clampAttempts(0), 1);
      assert.equal(clampAttempts(2), 2);
    });

    it('backs off with full jitter under an exponential ceiling', () => {
      assert.equal(
        backoffDelayMs(1, 500, () => 0.999999),
        499,
      );
      assert.equal(
        backoffDelayMs(2, 500, () => 0.999999),
        999,
      );
      assert.equal(
        backoffDelayMs(3, 500, () => 0.5),
        1000,
      );
      assert.equal(
        backoffDelayMs(1, 500, () => 0),
        0,
      );
      assert.ok(backoffDelayMs(30, 500, () => 0.999999) <= 8000);
    });

    it('reads Retry-After as seconds or an HTTP date, capped', () => {
      const now = Date.parse('2026-01-01T00:00:00Z');
      assert.equal(parseRetryAfter('2', now), 2000);
      assert.equal(parseRetryAfter(new Date(now + 5000).toUTCString(), now), 5000);
      assert.equal(parseRetryAfter(new Date(now - 5000).toUTCString(), now), 0);
      assert.equal(parseRetryAfter('3600', now), 30_000);
      assert.equal(parseRetryAfter('3600', now, 1000), 1000);
      assert.equal(parseRetryAfter('soon', now), undefined);
      assert.equal(parseRetryAfter(undefined, now), undefined);
    });
  });

  describe('clock skew', () => {
    it('measures local minus service time from Date', () => {
      const server = Date.parse('2026-01-01T00:00:00Z');
      assert.equal(measureClockSkew(new Date(server).toUTCString(), server + 7 * 60_000), 7 * 60_000);
      assert.equal(measureClockSkew('not a date', server), undefined);
      assert.equal(measureClockSkew(undefined, server), undefined);
    });

    it('says which way the clock is off', () => {
      assert.equal(describeClockSkew(7 * 60_000), 'your clock is 7 minutes ahead of the service');
      assert.equal(describeClockSkew(-61_000), 'your clock is 1 minute behind the service');
    });

    it('recognises complaints about the timestamp', () => {
      assert.ok(isTimestampComplaint('timestamp is too old', undefined));
      assert.ok(isTimestampComplaint(undefined, 'INVALID_TIMESTAMP'));
      assert.ok(!isTimestampComplaint('could not verify api key signature', 'SIGNATURE_INVALID'));
    });
  });

  describe('error excerpts', () => {
    it('strips control characters and stays within 200 characters', () => {
      assert.equal(excerpt('a\u0000b\u001b[1m\n c'), 'a b [1m c');
      const long = excerpt('x'.repeat(1000));
      assert.equal(long.length, 200);
      assert.ok(long.endsWith('…'));
    });
  });
});
