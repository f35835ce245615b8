/** The options object of the passkey commands: which passkey, its (new) name, and whether it is confirmed already. */
export const PASSKEY_OPTIONS = { authenticatorId: 'string', name: 'text', confirmed: 'boolean' } as const;
