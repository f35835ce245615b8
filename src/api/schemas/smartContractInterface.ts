import * as z from 'zod';
import { idSchema, openEnum, timestampSchema } from './common';

export const smartContractInterfaceTypes = [
  'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
  'SMART_CONTRACT_INTERFACE_TYPE_SOLANA',
] as const;

import { SMART_CONTRACT_INTERFACE_MAX_BYTES } from '../wireValues';

export { SMART_CONTRACT_INTERFACE_MAX_BYTES };

export const createSmartContractInterfaceParametersSchema = z.strictObject({
  smartContractAddress: z.string().min(1, 'must not be empty').max(128, 'is too long'),
  smartContractInterface: z
    .string()
    .min(1, 'must not be empty')
    .refine(
      (text) => Buffer.byteLength(text, 'utf8') <= SMART_CONTRACT_INTERFACE_MAX_BYTES,
      `must be at most 400 KB (${SMART_CONTRACT_INTERFACE_MAX_BYTES} bytes of UTF-8)`,
    ),
  type: z.enum(smartContractInterfaceTypes),
  label: z.string().min(1, 'must not be empty').max(256, 'is too long'),
  notes: z.string().max(4096, 'is too long').optional(),
});
export type CreateSmartContractInterfaceParameters = z.infer<typeof createSmartContractInterfaceParametersSchema>;

export const createSmartContractInterfaceResultSchema = z.looseObject({ smartContractInterfaceId: z.string() });

export const deleteSmartContractInterfaceParametersSchema = z.strictObject({ smartContractInterfaceId: idSchema });
export type DeleteSmartContractInterfaceParameters = z.infer<typeof deleteSmartContractInterfaceParametersSchema>;
export const deleteSmartContractInterfaceResultSchema = z.looseObject({ smartContractInterfaceId: z.string() });

export const smartContractInterfaceSchema = z.looseObject({
  organizationId: z.string(),
  smartContractInterfaceId: z.string(),
  smartContractAddress: z.string(),
  smartContractInterface: z.string(),
  /** The spec calls this a plain string, "either ETHEREUM or SOLANA"; accept any. */
  type: openEnum(smartContractInterfaceTypes),
  label: z.string(),
  notes: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SmartContractInterface = z.infer<typeof smartContractInterfaceSchema>;

export const getSmartContractInterfaceRequestSchema = z.strictObject({
  organizationId: idSchema,
  smartContractInterfaceId: idSchema,
});
export const getSmartContractInterfaceResponseSchema = z.looseObject({
  smartContractInterface: smartContractInterfaceSchema,
});
export const listSmartContractInterfacesResponseSchema = z.looseObject({
  smartContractInterfaces: z.array(smartContractInterfaceSchema),
});
