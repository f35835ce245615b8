/**
 * The types of the policy engine's public surface (index.ts re-exports them): policies, what they read, and what
 * the engine answers.
 */

import type { Eip712Values, Eip7702Values } from './signatureFields';

export type PolicyEffect = 'EFFECT_ALLOW' | 'EFFECT_DENY';
/** The swagger's v1Outcome. */
export type PolicyOutcome =
  | 'OUTCOME_ALLOW'
  | 'OUTCOME_DENY_EXPLICIT'
  | 'OUTCOME_DENY_IMPLICIT'
  | 'OUTCOME_REQUIRES_CONSENSUS'
  | 'OUTCOME_REJECTED'
  | 'OUTCOME_ERROR'
  | 'OUTCOME_REQUIRES_AUTHENTICATORS'
  | 'OUTCOME_TIME_INACTIVE';

export interface PolicyDefinition {
  policyId: string;
  policyName: string;
  effect: PolicyEffect;
  condition?: string;
  consensus?: string;
  time?: string;
}

/** A refusal at creation, with the service's whole wording and where in the expression. */
export interface PolicyProblem {
  field: 'condition' | 'consensus' | 'time';
  /** e.g. "invalid policy condition: Expression cannot be evaluated: field does not exist: foo" */
  message: string;
  /** Inside that field's expression: 0-based offset, 1-based line and column. */
  offset: number;
  length: number;
  line: number;
  column: number;
  /** Ids of rows of docs/policies.md this refusal rests on ("the service may differ"). */
  choices: readonly string[];
}

/** What a policy reads. Integers are bigint; absent keywords are undefined (reading them is an error). */
export interface PolicyUser {
  id: string;
  tags: readonly string[];
  email?: string;
  alias?: string;
}
export interface PolicyCredential {
  id: string;
  user_id: string;
  type: string;
  public_key: string;
  credential_id?: string;
}
export interface EthTxValues {
  from?: string;
  to: string;
  data: string;
  value: bigint;
  gas: bigint;
  gas_price: bigint;
  chain_id: bigint;
  nonce: bigint;
  max_fee_per_gas?: bigint;
  max_priority_fee_per_gas?: bigint;
  max_fee_per_blob_gas?: bigint;
  type: 'LEGACY' | 'TYPE_1' | 'TYPE_2' | 'TYPE_3' | 'TYPE_4';
  /** These three only when an interface matched eth.tx.to. */
  function_name?: string;
  function_signature?: string;
  contract_call_args?: Record<string, unknown>;
}
export interface PolicyContext {
  /** The engine derives kind, resource and action from type. */
  activity: { type: string; params: Record<string, unknown> };
  /** Who approved so far; the submitter first. */
  approvers: readonly PolicyUser[];
  /** The credentials used for those approvals. */
  credentials: readonly PolicyCredential[];
  private_key?: { id: string; tags: readonly string[]; imported: boolean; exported: boolean; label: string };
  wallet?: { id: string; imported: boolean; exported: boolean; label: string };
  wallets?: readonly { id: string; imported: boolean; exported: boolean; label: string }[];
  wallet_account?: { address: string; path_indexes?: bigint[]; path_hardened?: boolean[] };
  eth?: { tx?: EthTxValues; eip_712?: Eip712Values; eip_7702_authorization?: Eip7702Values };
  now: Date;
}
export interface PolicyEvaluation {
  policyId: string;
  outcome: PolicyOutcome;
  /** Why OUTCOME_ERROR. */
  error?: string;
  /** Ids of rows of docs/policies.md this outcome rests on ("the service may differ"). */
  choices: readonly string[];
}
export interface PolicyDecision {
  decision: 'ALLOW' | 'DENY_EXPLICIT' | 'DENY_IMPLICIT' | 'CONSENSUS_NEEDED';
  bypassedByRootQuorum: boolean;
  /** One per policy, every policy of the organization, in the order given. */
  evaluations: PolicyEvaluation[];
  /** Policy ids of applicable DENYs. */
  deniedBy: string[];
  choices: readonly string[];
}
