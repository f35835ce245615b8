/** What a vote command takes: approve or reject, and the fields of its options object. */
export type Vote = 'approve' | 'reject';

export const VOTE_OPTIONS = {
  organizationId: 'string',
  activityId: 'string',
  fingerprint: 'string',
  signer: 'string',
} as const;
