import * as z from 'zod';
import { idSchema } from './common';

export const organizationRequestSchema = z.strictObject({ organizationId: idSchema });

export const whoamiResponseSchema = z.looseObject({
  organizationId: z.string(),
  organizationName: z.string(),
  userId: z.string(),
  username: z.string(),
});
export type Whoami = z.infer<typeof whoamiResponseSchema>;
