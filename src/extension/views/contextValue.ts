/**
 * A tree item's contextValue is a set of tokens, sorted and joined with ";" (`activity;canApprove;canReject`),
 * so that a menu's `when` clause matches one token (`viewItem =~ /\bcanApprove\b/`) whatever else is set.
 */
export type ContextToken =
  | 'activity'
  | 'canApprove'
  | 'canReject'
  | 'needsDecision'
  | 'pending'
  | 'hasFingerprint'
  | 'smartContractInterface'
  | 'privateKey'
  | 'privateKeyTag'
  | 'user'
  | 'authenticator'
  | 'policy'
  | 'wallet'
  | 'walletAccount'
  | 'subOrganization'
  | 'subOrganizationPart'
  | 'group'
  | 'inboxGroup'
  | 'field'
  | 'loadMore'
  | 'error'
  | 'calm';

/** The sorted, de-duplicated token set; falsy entries are left out, so tokens can be added conditionally. */
export function contextValue(...tokens: ReadonlyArray<ContextToken | false | undefined>): string {
  const set = new Set<string>();
  for (const token of tokens) if (token) set.add(token);
  return [...set].sort().join(';');
}

/** Whether a contextValue made by `contextValue` holds the token. */
export function hasToken(value: string | undefined, token: ContextToken): boolean {
  return value !== undefined && value.split(';').includes(token);
}
