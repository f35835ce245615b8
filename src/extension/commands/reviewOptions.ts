/** The options objects of the review page's commands, shared by their descriptors and their handlers. */
export const REVIEW_OPTIONS = { activityId: 'string', fingerprint: 'string', organizationId: 'string' } as const;
export const SIMULATE_OPTIONS = { switchProfile: 'boolean' } as const;
