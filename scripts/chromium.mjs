// @ts-check
// The headless Chromium that stands for the VS Code window (scripts/codeServer.mjs serves the workbench it opens),
// and the workbench chatter that says nothing about the extension.
import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** The Chromium that drives the workbench: CHROMIUM_PATH, else the first Chromium on PATH. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
    }
  }
  throw new Error('Chromium was not found on PATH (install the "chromium" package or set CHROMIUM_PATH).');
}

/** The Chromium flags that let the workbench run headless here without reaching the network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchChromium({ headless = true } = {}) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath(), headless, args: chromiumArgs });
}

/**
 * Messages that say nothing about the extension: the workbench's start-up chatter and its failed attempts to reach
 * the network (extension gallery, GitHub sign-in). Shown only with VERBOSE=1. Matched against a message's first
 * line, and the whole message (a stack trace) goes with it.
 */
const noise = [
  /open-vsx\.org/i,
  /getaddrinfo E(NOTFOUND|AI_AGAIN)/,
  /authentication provider 'github'|Timed out waiting for authentication provider/i,
  /^\/usr\/bin\/chromium: \d+: \[:/,
  /Unexpected SIGPIPE/,
  /Failed to load resource|net::ERR_/,
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket \(/,
  /^\[(reconnection-grace-time|Service Worker|AgentHost:[^\]]*|AccountPolicyGate)\]/,
  /^Updating additional builtin extensions cache/,
];

/** @param {string} message */
export function isOfflineNoise(message) {
  if (process.env.VERBOSE === '1') return false;
  // Only the first line decides: a mocha failure report starts with "  1) <test>", whatever its error says.
  const firstLine = message.split('\n', 1)[0] ?? '';
  return noise.some((pattern) => pattern.test(firstLine));
}
