import * as z from 'zod';

/** `{seconds, nanos}`, both strings on the wire (64-bit integers travel as strings). */
export const timestampSchema = z.looseObject({
  seconds: z.string(),
  nanos: z.string(),
});
export type Timestamp = z.infer<typeof timestampSchema>;

/** Some documents show timestamps as plain strings; accept both when reading. */
export const lenientTimestampSchema = z.union([timestampSchema, z.string()]);
export type LenientTimestamp = z.infer<typeof lenientTimestampSchema>;

/** A uint64 carried as a decimal string. */
export const uint64StringSchema = z.string().regex(/^\d{1,20}$/, 'must be a decimal integer in a string');

/** Identifiers are opaque non-empty strings (UUIDs on the real service). */
export const idSchema = z.string().min(1, 'must not be empty').max(256, 'is too long');

/** Known values are listed for editors and exhaustiveness; unknown values still parse. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string().min(1)]);
}

export { timestampFromMs, timestampToMs } from '../wireValues';
