/**
 * Whether the bytes of a raw payload are a transaction: an unsigned Ethereum transaction (RLP, legacy or typed),
 * a Solana transaction or its message (legacy or v0, every index in range and every byte read), or a Tron
 * transaction's `raw_data` (protobuf with its reference block, expiration and contracts). What `@turnkey/solana`
 * and the documented Tron example send as a raw payload, which policies on transactions never see. Shapes only,
 * no signature is checked. Pure, never throws.
 */
import { decodeUnsignedTransaction } from '../ethereum';

export type RawTransactionChain = 'Ethereum' | 'Solana' | 'Tron';

/** Reads bytes in order; any read past the end throws, which the callers turn into "not this shape". */
class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}
  get done(): boolean {
    return this.offset === this.bytes.length;
  }
  byte(): number {
    const value = this.bytes[this.offset++];
    if (value === undefined) throw new RangeError('past the end');
    return value;
  }
  skip(count: number): void {
    if (count < 0 || this.offset + count > this.bytes.length) throw new RangeError('past the end');
    this.offset += count;
  }
  /** Solana's compact-u16. */
  compact(): number {
    let value = 0;
    for (let shift = 0; shift <= 14; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) return value;
    }
    throw new RangeError('compact-u16 too long');
  }
  /** A protobuf varint, as a number (up to 2^53). */
  varint(): number {
    let value = 0;
    for (let factor = 1; factor < 2 ** 56; factor *= 128) {
      const b = this.byte();
      value += (b & 0x7f) * factor;
      if ((b & 0x80) === 0) return value;
    }
    throw new RangeError('varint too long');
  }
}

function solanaMessage(reader: Reader): boolean {
  const first = reader.byte();
  const versioned = (first & 0x80) !== 0;
  if (versioned && (first & 0x7f) !== 0) return false;
  const required = versioned ? reader.byte() : first;
  reader.skip(2);
  const accounts = reader.compact();
  if (required < 1 || accounts < required) return false;
  reader.skip(32 * accounts + 32);
  const instructions = reader.compact();
  let lookupAccounts = 0;
  const indexes: number[] = [];
  for (let i = 0; i < instructions; i++) {
    indexes.push(reader.byte());
    const count = reader.compact();
    for (let j = 0; j < count; j++) indexes.push(reader.byte());
    reader.skip(reader.compact());
  }
  if (versioned) {
    const lookups = reader.compact();
    for (let i = 0; i < lookups; i++) {
      reader.skip(32);
      const writable = reader.compact();
      reader.skip(writable);
      const readonly = reader.compact();
      reader.skip(readonly);
      lookupAccounts += writable + readonly;
    }
  }
  return reader.done && indexes.every((index) => index < accounts + lookupAccounts);
}

/** A Solana message, or a transaction: its signatures (compact count, 64 bytes each), then its message. */
function isSolana(bytes: Uint8Array): boolean {
  const attempt = (read: (reader: Reader) => boolean): boolean => {
    try {
      return read(new Reader(bytes));
    } catch {
      return false;
    }
  };
  return (
    attempt(solanaMessage) ||
    attempt((reader) => {
      const signatures = reader.compact();
      if (signatures < 1) return false;
      reader.skip(64 * signatures);
      return solanaMessage(reader);
    })
  );
}

/** Tron's `raw_data`: field 1 (2 bytes), 4 (8 bytes), 8 (expiration) and at least one 11 (contract). */
function isTron(bytes: Uint8Array): boolean {
  const reader = new Reader(bytes);
  const seen = new Map<number, number>();
  try {
    while (!reader.done) {
      const key = reader.varint();
      const field = Math.floor(key / 8);
      const wire = key % 8;
      let length = 0;
      if (wire === 0) reader.varint();
      else if (wire === 2) {
        length = reader.varint();
        reader.skip(length);
      } else return false;
      if (![1, 3, 4, 5, 8, 9, 10, 11, 14, 18].includes(field)) return false;
      seen.set(field, field === 11 ? (seen.get(11) ?? 0) + 1 : length);
    }
  } catch {
    return false;
  }
  return seen.get(1) === 2 && seen.get(4) === 8 && seen.has(8) && (seen.get(11) ?? 0) > 0;
}

/** The chain whose transaction these bytes are, or undefined. */
export function rawTransactionChain(bytes: Uint8Array): RawTransactionChain | undefined {
  if (bytes.length === 0) return undefined;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  if ('transaction' in decodeUnsignedTransaction(hex)) return 'Ethereum';
  if (isSolana(bytes)) return 'Solana';
  if (isTron(bytes)) return 'Tron';
  return undefined;
}
