/**
 * A bounded fuzzer for the masker: private keys in every spelling the key importer accepts (and, once loaded, in
 * base64 and JWK form), and every stamp header the client sends (X-Stamp and X-Stamp-Webauthn, re-encoded with
 * other key orders and whitespace), each written through every log level, as a log field, inside an error and
 * its cause, in a user message and in an activity printed to the output. Nothing secret may come out.
 */
import * as assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import type * as vscode from 'vscode';
import type { Activity } from '../../../src/api';
import {
  activitySchema,
  ApiKeyStamper,
  WebauthnStamper,
  generateApiKeyPair,
  parsePrivateKey,
} from '../../../src/api/remote';
import { activityJsonText } from '../../../src/extension/output/activityReport';
import { createLog, type RedactingLog } from '../../../src/extension/output/log';
import { activityHeadline } from '../../../src/extension/wording/activityWords';
import { activityRecord } from '../../api/sampleRecords';
import { SoftwareAuthenticator } from '../../support/softwareAuthenticator';

/** Key pairs drawn; each gives some forty secrets. Bounded so the suite stays well under a second or two. */
const ROUNDS = 25;

interface Sample {
  /** What a line may carry. */
  readonly text: string;
  /** What must not come out (compared without case). */
  readonly secrets: readonly string[];
  /** A key the window has loaded: the redactor was told about it, as the key vault does. */
  readonly loadedKey?: string;
  readonly label: string;
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** A JSON object in the given key order, written compactly, indented, or with spaces around the colons. */
function writeJson(entries: readonly [string, string][], style: number): string {
  const object = Object.fromEntries(entries);
  if (style === 1) return JSON.stringify(object, null, 2);
  if (style === 2) return `{ ${entries.map(([k, v]) => `"${k}" : "${v}"`).join(' , ')} }`;
  return JSON.stringify(object);
}

function keySamples(privateKey: string): Sample[] {
  const upper = privateKey.toUpperCase();
  const mixed = [...privateKey].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c)).join('');
  const fileForms = [
    `${privateKey}:p256`,
    `${upper}:P256`,
    `${privateKey}:P256`,
    `${privateKey} :p256`,
    `${privateKey}: p256`,
    `0x${privateKey}:p256`,
    `  ${mixed} : P256  `,
  ];
  const fieldForms = [
    `{"privateKey":"${privateKey}"}`,
    `{\\"privateKey\\":\\"${privateKey}\\"}`,
    `private_key=${privateKey}`,
    `PRIVATE_KEY=${upper}`,
    `privateKey: '${privateKey}'`,
    `apiPrivateKey=0x${privateKey}`,
    `"private-key" = "${mixed}"`,
    `{"apiPrivateKey": "${privateKey}", "apiPublicKey": "02ab"}`,
  ];
  const bytes = Buffer.from(privateKey, 'hex');
  const loadedForms = [
    privateKey,
    upper,
    `0x${privateKey}`,
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    JSON.stringify({ kty: 'EC', crv: 'P-256', d: bytes.toString('base64url'), x: 'AAAA', y: 'BBBB' }),
  ];
  // Every spelling the importer takes must still mean this key, or the sample would test nothing.
  for (const form of [...fileForms, privateKey, upper, `0x${privateKey}`])
    assert.equal(parsePrivateKey(form), privateKey);
  return [
    ...fileForms.map((text) => ({ text, secrets: [privateKey], label: 'key file form' })),
    ...fieldForms.map((text) => ({ text, secrets: [privateKey], label: 'private key field' })),
    ...loadedForms.map((text) => ({
      text,
      secrets: [privateKey, bytes.toString('base64url'), bytes.toString('base64').replace(/=+$/, '')],
      loadedKey: pick([privateKey, `${privateKey}:p256`, ` ${upper} `]),
      label: 'loaded key',
    })),
  ];
}

async function stampSamples(pair: { privateKey: string; publicKey: string }): Promise<Sample[]> {
  const body = JSON.stringify({ type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', n: randomInt(1e9) });
  const apiStamp = await new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }).stamp(
    body,
  );
  const decoded = JSON.parse(Buffer.from(apiStamp.stampHeaderValue, 'base64url').toString('utf8')) as Record<
    string,
    string
  >;
  const signature = decoded['signature'] ?? '';
  const samples: Sample[] = [];
  const header = (name: string, value: string) =>
    pick([
      `${name}: ${value}`,
      `{"Content-Type":"application/json","${name}":${value.startsWith('{') ? value : `"${value}"`},"X-Client-Version":"countersign/1.0.0"}`,
      `headers ${name}=${value}`,
    ]);
  for (const order of permutations(Object.entries(decoded))) {
    const style = randomInt(3);
    const json = writeJson(order, style);
    const encoded = pick([
      Buffer.from(json).toString('base64url'),
      Buffer.from(json).toString('base64'),
      Buffer.from(json).toString('base64').replace(/=+$/, ''),
    ]);
    samples.push({ text: header('X-Stamp', encoded), secrets: [encoded, signature], label: 'X-Stamp' });
    samples.push({ text: json, secrets: [signature], label: 'decoded X-Stamp' });
  }
  samples.push({
    text: header('X-Stamp', apiStamp.stampHeaderValue),
    secrets: [apiStamp.stampHeaderValue, signature],
    label: 'X-Stamp',
  });

  const authenticator = new SoftwareAuthenticator();
  const passkeyStamp = await new WebauthnStamper({ getAssertion: authenticator.getAssertion }).stamp(body);
  const fields = JSON.parse(passkeyStamp.stampHeaderValue) as Record<string, string>;
  const passkeySecrets = [fields['signature'] ?? '', fields['authenticatorData'] ?? ''];
  for (const order of permutations(Object.entries(fields))) {
    const value = writeJson(order, randomInt(3));
    samples.push({ text: header('X-Stamp-Webauthn', value), secrets: passkeySecrets, label: 'X-Stamp-Webauthn' });
    samples.push({ text: value, secrets: passkeySecrets, label: 'X-Stamp-Webauthn value' });
  }
  return samples;
}

/** A LogOutputChannel that keeps what it is given, so every written line can be read back. */
function recordingLog(): { log: RedactingLog; lines: string[] } {
  const lines: string[] = [];
  const keep = (line: string) => void lines.push(line);
  const channel = { trace: keep, debug: keep, info: keep, warn: keep, error: keep, show: () => undefined };
  return { log: createLog(() => channel as unknown as vscode.LogOutputChannel), lines };
}

function activityCarrying(text: string): Activity {
  return activitySchema.parse(
    activityRecord({
      status: 'ACTIVITY_STATUS_FAILED',
      type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
      intent: { createSmartContractInterfaceIntent: { label: 'vault', notes: text } },
      result: {},
      failure: { code: 3, message: `refused: ${text}`, details: [] },
    }),
  );
}

/** Where writeEverywhere puts each sample: five levels, a failure with its cause, a message, a printed activity. */
const SINKS = 8;

/** Writes the sample everywhere a text can go: each level, a field, an error and its cause, a message, the output. */
function writeEverywhere(log: RedactingLog, text: string): string[] {
  const messages: string[] = [];
  log.trace(`request sent ${text}`);
  log.debug('request sent', { operation: 'create_private_key_tag', headers: text });
  log.info(`answer ${text} (attempt 1)`);
  log.warn('retrying', { reason: text, attempt: 2 });
  log.error(text);
  log.failure('Could not create the private key tag', new Error(`rejected ${text}`, { cause: new Error(text) }));
  messages.push(log.redact(`Countersign: could not import the key: ${text}`));
  const activity = activityCarrying(text);
  log.block('info', [activityHeadline(activity), ...activityJsonText(activity).split('\n')]);
  return messages;
}

describe('masker fuzzer', function () {
  this.timeout(60_000);

  it('lets no generated secret through any log level, field, error, message or printed activity', async () => {
    let generated = 0;
    const unmasked: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pair = generateApiKeyPair();
      for (const sample of [...keySamples(pair.privateKey), ...(await stampSamples(pair))]) {
        generated += 1;
        const { log, lines } = recordingLog();
        if (sample.loadedKey !== undefined) {
          // As the key vault does: the text as typed, then the parsed key.
          log.redactor.add(sample.loadedKey);
          log.redactor.add(parsePrivateKey(sample.loadedKey));
        }
        const messages = writeEverywhere(log, sample.text);
        const leaked = [...lines, ...messages].find((line) =>
          sample.secrets.some((secret) => secret.length > 0 && line.toLowerCase().includes(secret.toLowerCase())),
        );
        if (leaked !== undefined)
          unmasked.push(`${sample.label}: ${sample.text.slice(0, 120)} → ${leaked.slice(0, 400)}`);
      }
    }
    assert.ok(generated >= ROUNDS * 30, `only ${generated} secrets generated`);
    // The figures docs/reliability.md quotes.
    console.log(
      `      masker fuzz: ${generated} secrets, each written to ${SINKS} places, ${unmasked.length} unmasked`,
    );
    assert.deepEqual(unmasked.slice(0, 10), [], `${unmasked.length} of ${generated} secrets came through`);
  });

  it('still shows what is not secret: public keys, fingerprints, ids and the activity itself', () => {
    const { log, lines } = recordingLog();
    const pair = generateApiKeyPair();
    log.redactor.add(pair.privateKey);
    const proofSignature = 'a1'.repeat(64);
    const text = `public key ${pair.publicKey} fingerprint sha256:${'ab'.repeat(32)} X-Client-Version: countersign/1.2.3 {"signature":"${proofSignature}"}`;
    writeEverywhere(log, text);
    const written = lines.join('\n');
    assert.ok(written.includes(pair.publicKey));
    assert.ok(written.includes(`sha256:${'ab'.repeat(32)}`));
    assert.ok(written.includes('countersign/1.2.3'));
    assert.ok(written.includes(proofSignature), 'an App Proof signature (hex, public) stays readable');
    assert.ok(written.includes('ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE'));
  });
});
