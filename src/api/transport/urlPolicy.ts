/**
 * Where a signed request may go: HTTPS anywhere, plain HTTP only to this machine (loopback), so a stamp
 * never crosses a network in the clear. Checked before anything is sent.
 */
import { isIPv4 } from 'node:net';
import { TransportError } from '../errors';

/** `localhost`, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return isIPv4(host) && host.split('.')[0] === '127';
}

/**
 * Parses and checks a base URL. Returns it without a trailing slash, ready for `base + path`.
 * Throws TransportError `invalidUrl` (not a usable URL) or `insecureUrl` (http to another host).
 */
export function checkBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new TransportError(
      'invalidUrl',
      'The base URL is not a valid URL.',
      'Use an address such as https://api.turnkey.com.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TransportError(
      'invalidUrl',
      `The base URL must start with https:// (it uses ${url.protocol.replace(/:$/, '').slice(0, 16)}).`,
      'Use an address such as https://api.turnkey.com.',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new TransportError(
      'invalidUrl',
      'The base URL must not contain a user name or password.',
      'Remove the part before "@".',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TransportError('invalidUrl', 'The base URL must not contain a query (?) or fragment (#).');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new TransportError(
      'insecureUrl',
      `Countersign sends signed requests over HTTPS only; http:// is allowed only for this computer (localhost, 127.0.0.1, ::1), not ${url.hostname.slice(0, 100)}.`,
      'Change the base URL to https://.',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
