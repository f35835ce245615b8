/** The fields of a vote's options object. */
export const VOTE_OPTIONS = {
  organizationId: 'string',
  activityId: 'string',
  fingerprint: 'string',
  signer: 'string',
  confirmed: 'boolean',
} as const;
