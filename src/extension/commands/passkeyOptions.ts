/** The options object of the passkey commands: which passkey and its (new) name. Nothing skips a confirmation. */
export const PASSKEY_OPTIONS = { authenticatorId: 'string', name: 'text' } as const;
