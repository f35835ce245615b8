/**
 * The two signing activities: sign_transaction (ACTIVITY_TYPE_SIGN_TRANSACTION_V2) and sign_raw_payload
 * (ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2). On the wire the unsigned and the signed transaction are hex without
 * `0x`; a payload signature is r and s as 64 hex digits each and v as the recovery id, "00" or "01".
 */
import * as z from 'zod';
import { idSchema } from './common';

export const transactionTypes = [
  'TRANSACTION_TYPE_ETHEREUM',
  'TRANSACTION_TYPE_SOLANA',
  'TRANSACTION_TYPE_TRON',
  'TRANSACTION_TYPE_BITCOIN',
  'TRANSACTION_TYPE_TEMPO',
] as const;
export const payloadEncodings = [
  'PAYLOAD_ENCODING_HEXADECIMAL',
  'PAYLOAD_ENCODING_TEXT_UTF8',
  'PAYLOAD_ENCODING_EIP712',
  'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
] as const;
export const hashFunctions = [
  'HASH_FUNCTION_NO_OP',
  'HASH_FUNCTION_SHA256',
  'HASH_FUNCTION_KECCAK256',
  'HASH_FUNCTION_NOT_APPLICABLE',
] as const;

/** A private key id, or the address of a private key. */
const signWithSchema = idSchema;

export const signTransactionParametersSchema = z.strictObject({
  signWith: signWithSchema,
  unsignedTransaction: z.string().min(1, 'must not be empty').max(262_144, 'is too long'),
  type: z.enum(transactionTypes),
});
export type SignTransactionParameters = z.infer<typeof signTransactionParametersSchema>;

export const signTransactionResultSchema = z.looseObject({ signedTransaction: z.string().min(1) });
export type SignTransactionResult = z.infer<typeof signTransactionResultSchema>;

export const signRawPayloadParametersSchema = z.strictObject({
  signWith: signWithSchema,
  payload: z.string().max(262_144, 'is too long'),
  encoding: z.enum(payloadEncodings),
  hashFunction: z.enum(hashFunctions),
});
export type SignRawPayloadParameters = z.infer<typeof signRawPayloadParametersSchema>;

const hex64 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits');
export const signRawPayloadResultSchema = z.looseObject({
  r: hex64,
  s: hex64,
  v: z.string().regex(/^[0-9a-fA-F]{2}$/, 'must be two hex digits'),
});
export type SignRawPayloadResult = z.infer<typeof signRawPayloadResultSchema>;
