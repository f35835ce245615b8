import * as z from 'zod';
import { authenticatorSchema } from './authenticator';
import { idSchema } from './common';

export const organizationRequestSchema = z.strictObject({ organizationId: idSchema });

export const whoamiResponseSchema = z.looseObject({
  organizationId: z.string(),
  organizationName: z.string(),
  userId: z.string(),
  username: z.string(),
});
export type Whoami = z.infer<typeof whoamiResponseSchema>;

/** The approvals an activity of the organization needs: `threshold` of the root users `userIds`. */
export const quorumSchema = z.looseObject({
  threshold: z.number().int(),
  userIds: z.array(z.string()),
});

/** A user with their passkeys (the service lists them with each user; older answers may leave them out). */
const organizationUserSchema = z.looseObject({
  userId: z.string(),
  userName: z.string(),
  authenticators: z.array(authenticatorSchema).optional(),
});
const organizationPrivateKeySchema = z.looseObject({ privateKeyId: z.string(), privateKeyName: z.string() });
const organizationTagSchema = z.looseObject({ tagId: z.string(), tagName: z.string() });

/** get_organization: the organization's users, keys and tags (names for ids), and its root quorum. */
export const getOrganizationResponseSchema = z.looseObject({
  organizationData: z.looseObject({
    organizationId: z.string(),
    name: z.string().default(''),
    users: z.array(organizationUserSchema).default([]),
    privateKeys: z.array(organizationPrivateKeySchema).default([]),
    tags: z.array(organizationTagSchema).default([]),
    rootQuorum: quorumSchema,
  }),
});
export type OrganizationData = z.infer<typeof getOrganizationResponseSchema>['organizationData'];
export type Quorum = z.infer<typeof quorumSchema>;
