/**
 * The elements of both trees. Elements are plain objects: the resource nodes of treeNodes.ts (what commands
 * receive) plus the view's own rows (fields, groups, messages).
 */
import type * as vscode from 'vscode';
import type { Activity, OrganizationData, Policy, PrivateKey, Tag } from '../../api';
import type { ContextToken } from './contextValue';
import type { WalletAccountNode, WalletNode } from './walletNodes';
import type {
  ActivityNode,
  AuthenticatorNode,
  PolicyNode,
  PrivateKeyNode,
  PrivateKeyTagNode,
  SmartContractInterfaceNode,
  SubOrganizationNode,
} from './treeNodes';

/** An activity row. The object stays the same across refreshes (only `activity` is replaced). */
export interface ActivityElement extends ActivityNode {
  /** The tree id: the activity id, so expansion and selection survive a refresh. */
  readonly id: string;
  activity: Activity;
}

/** A row under an activity or a private key: a key and a value, maybe with rows under it. */
export interface FieldElement {
  readonly kind: 'field';
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string | undefined;
  readonly iconId: string | undefined;
  readonly colorId?: string | undefined;
  readonly children: readonly FieldElement[] | undefined;
  readonly parent: ActivityElement | FieldElement | PrivateKeyElement | SubOrganizationPartElement | undefined;
}

/** Whether a field's parent is a row of the Organization view (a key, a sub-organization's part), not an activity. */
export function organizationParent(
  parent: FieldElement['parent'],
): parent is PrivateKeyElement | SubOrganizationPartElement {
  return parent?.kind === 'privateKey' || parent?.kind === 'subOrganizationPart';
}

/** A row that is not a resource: an error, Retry, Load more. */
export interface MessageElement {
  readonly kind: 'message';
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly iconId: string;
  readonly colorId?: string;
  readonly token: ContextToken;
  readonly command?: vscode.Command;
  readonly parent?: GroupElement | SubOrganizationElement | WalletElement;
}

export type OrganizationGroup =
  'smartContractInterfaces' | 'wallets' | 'privateKeys' | 'privateKeyTags' | 'policies' | 'users' | 'subOrganizations';

export interface GroupElement {
  readonly kind: 'group';
  readonly id: string;
  readonly group: OrganizationGroup;
  readonly organizationId: string;
  readonly count: number;
  /** Its list failed to load: the rows under it say why, and the count says nothing. */
  readonly failed?: boolean;
}

export interface SmartContractInterfaceElement extends SmartContractInterfaceNode {
  readonly id: string;
}

export interface PrivateKeyElement extends PrivateKeyNode {
  readonly id: string;
  /** The tags of this key, resolved from the organization's tag list (ids without a tag are kept as ids). */
  readonly tags: readonly Tag[];
  readonly parent: GroupElement | PrivateKeyTagElement;
  /** Under a tag, a key is a leaf; under "Private keys" it expands to its tags and addresses. */
  readonly expandable: boolean;
}

export interface PrivateKeyTagElement extends PrivateKeyTagNode {
  readonly id: string;
  readonly keys: readonly PrivateKey[];
  readonly parent: GroupElement | PrivateKeyElement;
  readonly expandable: boolean;
}

export type OrganizationUser = OrganizationData['users'][number];

/** A user of the organization, with their passkeys under them. */
export interface UserElement {
  readonly kind: 'user';
  readonly id: string;
  readonly organizationId: string;
  readonly user: OrganizationUser;
  /** The names of the user's tags (an id without a tag is kept as the id). */
  readonly tags: readonly string[];
  readonly parent: GroupElement;
}

/** A policy, with its summary in words and the names of the ids its expressions hold. */
export interface PolicyElement extends PolicyNode {
  readonly id: string;
  readonly policy: Policy;
  /** "Allows when 2 approvers tagged finance approve". */
  readonly summary: string;
  /** "finance (user tag)" and its id, for each id of a user or tag in the condition or consensus. */
  readonly named: readonly { readonly id: string; readonly text: string }[];
  readonly parent: GroupElement;
}

export interface AuthenticatorElement extends AuthenticatorNode {
  readonly id: string;
  readonly userName: string;
  readonly parent: UserElement;
}

/** A wallet under "Wallets", its accounts under it. */
export interface WalletElement extends WalletNode {
  readonly id: string;
  readonly parent: GroupElement;
}

export interface WalletAccountElement extends WalletAccountNode {
  readonly id: string;
  readonly parent: WalletElement;
}

/** A sub-organization of the active organization, under "Sub-organizations": it opens on what it holds. */
export interface SubOrganizationElement extends SubOrganizationNode {
  readonly id: string;
  readonly users: readonly OrganizationUser[];
  readonly parent: GroupElement;
}

/** "Wallets", "Users" or "Policies" of a sub-organization, with their rows (read-only: the parent only reads). */
export interface SubOrganizationPartElement {
  readonly kind: 'subOrganizationPart';
  readonly id: string;
  readonly part: 'wallets' | 'users' | 'policies';
  readonly rows: readonly FieldElement[];
  readonly parent: SubOrganizationElement;
}

/** The group at the top of the Activities view: the activities that wait for the current user's vote. */
export interface InboxGroupElement {
  readonly kind: 'inboxGroup';
  readonly id: string;
  readonly count: number;
  /** The count is a floor: the inbox stopped reading at its bound. */
  readonly more: boolean;
}

export type ActivitiesElement = ActivityElement | FieldElement | MessageElement | InboxGroupElement;
export type OrganizationElement =
  | GroupElement
  | SmartContractInterfaceElement
  | PrivateKeyElement
  | PrivateKeyTagElement
  | UserElement
  | AuthenticatorElement
  | PolicyElement
  | WalletElement
  | WalletAccountElement
  | SubOrganizationElement
  | SubOrganizationPartElement
  | FieldElement
  | MessageElement;
