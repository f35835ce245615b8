/** What a vote command takes: approve or reject, and the arguments that name the activity and the signer. */
import * as z from 'zod';
import type { Activity } from '../../api';
import { activity, idText, noArguments, optionalString, options, type ArgumentsSchema } from './commandArguments';

export type Vote = 'approve' | 'reject';

/** Who signs the vote: the profile's API key (the default), or one of the profile user's passkeys. */
export type VoteSigner = 'apiKey' | 'passkey';

export interface VoteInput {
  /** The activity voted on, when the caller holds it (a row of the Activities view, or the record). */
  readonly activity?: Activity | undefined;
  readonly fingerprint?: string | undefined;
  readonly activityId?: string | undefined;
  /** The organization of a fingerprint or an activity id (default: the active profile's). */
  readonly organizationId?: string | undefined;
  readonly signer?: VoteSigner | undefined;
}

const voteOptions = options({
  organizationId: optionalString,
  activityId: optionalString,
  fingerprint: optionalString,
  signer: z
    .enum(['apiKey', 'passkey'])
    .nullish()
    .transform((value) => value ?? undefined),
});

/**
 * The forms of a vote's call: nothing (a pick), an activity (row or record) or a fingerprint, each optionally
 * followed by named arguments, or the named arguments alone.
 */
export const voteArguments: ArgumentsSchema<VoteInput> = z.union([
  noArguments.transform((): VoteInput => ({})),
  z.tuple([activity]).transform(([given]): VoteInput => ({ activity: given })),
  z.tuple([activity, voteOptions]).transform(([given, named]): VoteInput => ({ ...named, activity: given })),
  z.tuple([idText]).transform(([fingerprint]): VoteInput => ({ fingerprint })),
  z.tuple([idText, voteOptions]).transform(([fingerprint, named]): VoteInput => ({ ...named, fingerprint })),
  z.tuple([voteOptions]).transform(([named]): VoteInput => named),
]);
