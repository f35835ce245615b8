/**
 * What a sign_raw_payload activity asks to sign, in plain data for a reviewer: the payload's bytes, encoding, hash
 * function, digest, and its text when printable. Nothing here throws on bad input.
 */
import * as Hex from 'ox/Hex';
import { payloadDigest } from './ethereum';
import type { SignRawPayloadParameters } from './schemas/signing';

export interface DecodedRawPayload {
  readonly payload: string;
  readonly encoding: string;
  readonly hashFunction: string;
  /** The payload's bytes, when the encoding says how to read them. */
  readonly bytes: number | undefined;
  /** The payload as text, when its bytes are printable UTF-8. */
  readonly text: string | undefined;
  /** The digest that will be signed (hex without 0x), or why it cannot be computed. */
  readonly digest: string | undefined;
  readonly problem: string | undefined;
}

/** Printable: valid UTF-8 with no control character other than tab, line feed and carriage return. */
function printableText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  return text.length > 0 && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? text : undefined;
}

/** A sign_raw_payload intent in words: what is signed, how it is read and hashed, and its text when printable. */
export function decodeRawPayload(intent: {
  readonly payload: string;
  readonly encoding: SignRawPayloadParameters['encoding'];
  readonly hashFunction: SignRawPayloadParameters['hashFunction'];
}): DecodedRawPayload {
  const base = { payload: intent.payload, encoding: intent.encoding, hashFunction: intent.hashFunction };
  let bytes: Uint8Array | undefined;
  if (intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') bytes = new TextEncoder().encode(intent.payload);
  else if (intent.encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') {
    const hex = intent.payload.trim().replace(/^0x/, '');
    if (/^(?:[0-9a-fA-F]{2})*$/.test(hex)) bytes = Hex.toBytes(`0x${hex}`);
  }
  let digest: string | undefined;
  let problem: string | undefined;
  if (intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8' || intent.encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') {
    const computed = payloadDigest({ ...intent, encoding: intent.encoding });
    if ('problem' in computed) problem = computed.problem;
    else digest = computed.digest;
  }
  return {
    ...base,
    bytes: bytes?.length,
    text: bytes ? printableText(bytes) : undefined,
    digest,
    problem,
  };
}
