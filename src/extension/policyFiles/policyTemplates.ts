/**
 * The text of a new policy file from a template, every id filled in from the organization (the pickers of
 * policyFileActions.ts choose them): an ERC-20 transfer under a cap through a registered interface; one user
 * signing only to one address; two approvers with a tag; deny any activity with a key of a tag; one user signing
 * only with one wallet; exports that need two approvers with a tag; a hot wallet that signs, without approvals,
 * only transactions to the registered contracts. Pure.
 */
export type TemplateId =
  | 'erc20Cap'
  | 'oneUserOneAddress'
  | 'twoApproversWithTag'
  | 'denyKeyTag'
  | 'signWithWallet'
  | 'exportsNeedTwoApprovers'
  | 'hotWalletContracts';

export interface Erc20CapInput {
  readonly address: string;
  readonly functionName: string;
  readonly argument: string;
  /** The cap in the token's smallest unit. */
  readonly cap: string;
  readonly userId: string;
  readonly policyName: string;
  readonly notes: string;
}

export interface PolicyTemplateText {
  readonly policyName: string;
  readonly effect: 'EFFECT_ALLOW' | 'EFFECT_DENY';
  readonly condition?: string;
  readonly consensus?: string;
  readonly notes: string;
}

export function policyFileText(policy: PolicyTemplateText): string {
  return `${JSON.stringify(policy, null, 2)}\n`;
}

export function erc20CapPolicy(input: Erc20CapInput): PolicyTemplateText {
  return {
    policyName: input.policyName,
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(u, u.id == '${input.userId}')`,
    condition: `eth.tx.to == '${input.address}' && eth.tx.function_name == '${input.functionName}' && eth.tx.contract_call_args['${input.argument}'] < ${input.cap}`,
    notes: input.notes,
  };
}

export function oneUserOneAddressPolicy(input: {
  userId: string;
  address: string;
  policyName: string;
  notes: string;
}): PolicyTemplateText {
  return {
    policyName: input.policyName,
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(u, u.id == '${input.userId}')`,
    condition: `eth.tx.to == '${input.address}'`,
    notes: input.notes,
  };
}

export function twoApproversWithTagPolicy(input: {
  tagId: string;
  policyName: string;
  notes: string;
}): PolicyTemplateText {
  return {
    policyName: input.policyName,
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.filter(u, u.tags.contains('${input.tagId}')).count() >= 2`,
    condition: `activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'`,
    notes: input.notes,
  };
}

export function denyKeyTagPolicy(input: { tagId: string; policyName: string; notes: string }): PolicyTemplateText {
  return {
    policyName: input.policyName,
    effect: 'EFFECT_DENY',
    condition: `private_key.tags.contains('${input.tagId}')`,
    notes: input.notes,
  };
}

interface Named {
  readonly policyName: string;
  readonly notes: string;
}

/** A wallet account of `walletId` signs when `userId` asks for it. */
export function signWithWalletPolicy(input: Named & { walletId: string; userId: string }): PolicyTemplateText {
  return {
    policyName: input.policyName,
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.any(u, u.id == '${input.userId}')`,
    condition: `activity.action == 'SIGN' && wallet.id == '${input.walletId}'`,
    notes: input.notes,
  };
}

/** An export (of a wallet, an account or a private key) once two users with the tag approve. */
export function exportsNeedTwoApproversPolicy(input: Named & { tagId: string }): PolicyTemplateText {
  return {
    policyName: input.policyName,
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.filter(u, u.tags.contains('${input.tagId}')).count() >= 2`,
    condition: `activity.action == 'EXPORT'`,
    notes: input.notes,
  };
}

/**
 * The wallet signs, without approvals, transactions to the registered contracts: any other signing with it (to
 * another address, or a raw payload, which has no `eth.tx`) is left to the other policies.
 */
export function hotWalletContractsPolicy(
  input: Named & { walletId: string; addresses: readonly string[] },
): PolicyTemplateText {
  return {
    policyName: input.policyName,
    effect: 'EFFECT_ALLOW',
    condition: `activity.action == 'SIGN' && wallet.id == '${input.walletId}' && eth.tx.to in [${input.addresses
      .map((address) => `'${address}'`)
      .join(', ')}]`,
    notes: input.notes,
  };
}

/** The token a template's interface stands for, when the built-in list knows its address (on any chain). */
export function templateToken(
  address: string,
  tokens: readonly { readonly address: string; readonly symbol: string; readonly decimals: number }[],
): { readonly symbol: string; readonly decimals: number } | undefined {
  const wanted = address.toLowerCase();
  return tokens.find((token) => token.address.toLowerCase() === wanted);
}

/**
 * A cap typed in tokens ("1000", "1,000", "0.5") as the whole number of the token's smallest unit the condition
 * compares with; undefined when it is not a number, or has more decimals than the token.
 */
export function capInSmallestUnit(text: string, decimals: number): string | undefined {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim().replace(/[,_\s]/g, ''));
  if (!match?.[1]) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return undefined;
  return BigInt(`${match[1]}${fraction.padEnd(decimals, '0')}`).toString();
}
