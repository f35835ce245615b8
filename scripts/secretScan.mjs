// @ts-check
// Looks for secrets where they must never be: log files and everything a test run printed. A finding names the
// place (file and line) and the kind of secret, never the secret itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

/**
 * What a leak looks like, besides the private keys a run lists:
 * - an X-Stamp header value: base64url of a JSON object that starts with {"publicKey":
 * - a DER-encoded ECDSA signature written as hex: SEQUENCE (0x30, length 0x30..0x4f), then INTEGER (0x02, length
 *   0x10..0x21), then at least 30 more bytes. A 32-byte hash in hex (64 digits) is too short to match.
 */
const leakPatterns = [
  { kind: 'an X-Stamp value', pattern: /eyJwdWJsaWNLZXkiOi/ },
  { kind: 'a DER signature in hex', pattern: /30[34][0-9a-f]02(?:1[0-9a-f]|2[01])[0-9a-f]{60,}/i },
];

/**
 * The private keys listed in `file`, one a line (blank lines and very short lines are ignored).
 * @param {string | undefined} file
 * @returns {string[]}
 */
export function readListedSecrets(file) {
  if (!file || !existsSync(file)) return [];
  return [
    ...new Set(
      readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line.length >= 16),
    ),
  ];
}

/** @typedef {{ source: string, line: number, kind: string }} Finding */

/**
 * Findings `{ source, line, kind }` for one text; `source` names it in the report.
 * @param {string} text
 * @param {string} source
 * @param {readonly string[]} secrets
 * @returns {Finding[]}
 */
export function scanText(text, source, secrets = []) {
  /** @type {Finding[]} */
  const findings = [];
  const hexSecrets = secrets
    .filter((secret) => /^(0x)?[0-9a-f]+$/i.test(secret))
    .map((s) => s.replace(/^0x/i, '').toLowerCase());
  const otherSecrets = secrets.filter((secret) => !/^(0x)?[0-9a-f]+$/i.test(secret));
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const lower = line.toLowerCase();
    let kind;
    if (hexSecrets.some((secret) => lower.includes(secret)) || otherSecrets.some((secret) => line.includes(secret))) {
      kind = 'a private key';
    } else {
      kind = leakPatterns.find(({ pattern }) => pattern.test(line))?.kind;
    }
    if (kind) findings.push({ source, line: index + 1, kind });
  });
  return findings;
}

/** @param {string} dir */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Findings for every file under `dir`; `label(file)` names a file in the report.
 * @param {string} dir
 * @param {readonly string[]} secrets
 * @param {(file: string) => string} label
 * @returns {Finding[]}
 */
export function scanDirectory(dir, secrets = [], label = (file) => path.relative(dir, file)) {
  /** @type {Finding[]} */
  const findings = [];
  for (const file of filesUnder(dir)) {
    // Log files are small; anything huge is not a log and is read only in part.
    const size = statSync(file).size;
    const text = readFileSync(file)
      .subarray(0, Math.min(size, 64 * 1024 * 1024))
      .toString('utf8');
    findings.push(...scanText(text, label(file), secrets));
  }
  return findings;
}

/** @param {Finding} finding */
export function describeFinding({ source, line, kind }) {
  return `${source}:${line} contains ${kind}`;
}
