import type { Activity, Authenticator, PrivateKey, SmartContractInterface, Tag } from '../../api';

/**
 * The tree elements that commands receive as their first argument when run from a view. They are plain
 * objects: a command reads what it needs and never depends on how the tree draws them.
 */
export interface ActivityNode {
  readonly kind: 'activity';
  readonly organizationId: string;
  readonly activity: Activity;
}

export interface SmartContractInterfaceNode {
  readonly kind: 'smartContractInterface';
  readonly organizationId: string;
  readonly smartContractInterface: SmartContractInterface;
}

export interface PrivateKeyNode {
  readonly kind: 'privateKey';
  readonly organizationId: string;
  readonly privateKey: PrivateKey;
}

export interface PrivateKeyTagNode {
  readonly kind: 'privateKeyTag';
  readonly organizationId: string;
  readonly tag: Tag;
}

/** A passkey of a user, under that user in the Organization view. */
export interface AuthenticatorNode {
  readonly kind: 'authenticator';
  readonly organizationId: string;
  readonly userId: string;
  readonly authenticator: Authenticator;
}

/** A policy of the organization, under "Policies" in the Organization view: commands read its `policyId`. */
export interface PolicyNode {
  readonly kind: 'policy';
  readonly organizationId: string;
  readonly policyId: string;
}

/**
 * A sub-organization of the active organization, under "Sub-organizations": `organizationId` is the parent's (the
 * active profile's), `subOrganizationId` its own, `name` the service's (a teammate's text).
 */
export interface SubOrganizationNode {
  readonly kind: 'subOrganization';
  readonly organizationId: string;
  readonly subOrganizationId: string;
  readonly name: string;
}

export type ResourceNode =
  | ActivityNode
  | SmartContractInterfaceNode
  | PrivateKeyNode
  | PrivateKeyTagNode
  | AuthenticatorNode
  | PolicyNode
  | SubOrganizationNode;

function hasKind(value: unknown, kind: ResourceNode['kind']): boolean {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === kind;
}

export function isActivityNode(value: unknown): value is ActivityNode {
  return hasKind(value, 'activity');
}

export function isSmartContractInterfaceNode(value: unknown): value is SmartContractInterfaceNode {
  return hasKind(value, 'smartContractInterface');
}

export function isPrivateKeyNode(value: unknown): value is PrivateKeyNode {
  return hasKind(value, 'privateKey');
}

export function isPrivateKeyTagNode(value: unknown): value is PrivateKeyTagNode {
  return hasKind(value, 'privateKeyTag');
}

/** The passkey an argument stands for, when it is a passkey row. */
export function authenticatorOf(arg: unknown): Authenticator | undefined {
  return hasKind(arg, 'authenticator') ? (arg as AuthenticatorNode).authenticator : undefined;
}

/** The activity an argument stands for: a tree node, or an activity record itself. */
export function activityOf(arg: unknown): Activity | undefined {
  if (isActivityNode(arg)) return arg.activity;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const record = arg as Partial<Activity>;
  return typeof record.id === 'string' && typeof record.organizationId === 'string' && typeof record.status === 'string'
    ? (arg as Activity)
    : undefined;
}
