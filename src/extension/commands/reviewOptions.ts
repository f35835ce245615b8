/** The arguments of the review page's commands, shared by their descriptors and their handlers (pure). */
import * as z from 'zod';
import type { Activity } from '../../api';
import {
  activity,
  idText,
  noArguments,
  optionalBoolean,
  optionalString,
  options,
  type ArgumentsSchema,
} from './commandArguments';

export interface ReviewInput {
  readonly activity?: Activity | undefined;
  readonly activityId?: string | undefined;
  readonly fingerprint?: string | undefined;
  readonly organizationId?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const reviewOptions = options({
  activityId: optionalString,
  fingerprint: optionalString,
  organizationId: optionalString,
});

/** A string names an activity by its id (a UUID) or by its fingerprint. */
function named(text: string): ReviewInput {
  return UUID.test(text) ? { activityId: text } : { fingerprint: text };
}

/** Nothing (a pick); an activity (row or record), an id or a fingerprint, optionally with named arguments; or those. */
export const reviewArguments: ArgumentsSchema<ReviewInput> = z.union([
  noArguments.transform((): ReviewInput => ({})),
  z.tuple([activity]).transform(([given]): ReviewInput => ({ activity: given })),
  z.tuple([activity, reviewOptions]).transform(([given, more]): ReviewInput => ({ ...more, activity: given })),
  z.tuple([idText]).transform(([text]) => named(text)),
  z.tuple([idText, reviewOptions]).transform(([text, more]): ReviewInput => ({ ...more, ...named(text) })),
  z.tuple([reviewOptions]).transform(([more]): ReviewInput => more),
]);

/** The local sandbox's organizations a simulated request can act in. */
export type SimulatedOrganization = 'Team' | 'Treasury';

/** The signatures a teammate can ask Team for, rather than its transactions. */
export type SimulatedSignature = 'permit' | 'messageHash';

export interface SimulateInput {
  /** Where the teammate asks; absent, a pick offers both (or Team, with `switchProfile`). */
  readonly organization?: SimulatedOrganization | undefined;
  /** A signature the teammate asks Team for (a Permit2 permit, a signMessage hash) rather than transactions. */
  readonly signature?: SimulatedSignature | undefined;
  /** Treasury's wallet requests (a transfer signed by its cold wallet, an export of that wallet) rather than its transfer. */
  readonly wallets?: boolean | undefined;
  /** true: make the profile that votes (Team's first root user, Treasury's first approver) active without asking. */
  readonly switchProfile?: boolean | undefined;
}

export const simulateArguments: ArgumentsSchema<SimulateInput> = z.union([
  noArguments.transform((): SimulateInput => ({})),
  z
    .tuple([
      options({
        organization: z
          .enum(['Team', 'Treasury'])
          .nullish()
          .transform((value) => value ?? undefined),
        signature: z
          .enum(['permit', 'messageHash'])
          .nullish()
          .transform((value) => value ?? undefined),
        wallets: optionalBoolean,
        switchProfile: optionalBoolean,
      }),
    ])
    .transform(([given]): SimulateInput => given),
]);
