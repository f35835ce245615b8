/**
 * The Organization view's elements built from a loaded model: its groups at the root (none for an empty
 * organization, so that the welcome content shows), the rows under a group that was read, the keys under a private
 * key tag and the passkeys under a user. Pure: a failed group's rows and the view's state are the tree's
 * (organizationTree.ts).
 */
import type { PrivateKey, Tag } from '../../api';
import type { SubOrganizationList } from '../store/subOrganizationReads';
import { policyElements, userTagNames } from './governanceItems';
import type { OrganizationModel } from './organizationModel';
import { subOrganizationElements } from './subOrganizationItems';
import type {
  AuthenticatorElement,
  GroupElement,
  OrganizationElement,
  OrganizationGroup,
  PrivateKeyElement,
  PrivateKeyTagElement,
  SmartContractInterfaceElement,
  UserElement,
} from './treeElements';
import { walletGroupChildren } from './walletItems';

const GROUPS = [
  'smartContractInterfaces',
  'wallets',
  'privateKeys',
  'privateKeyTags',
  'policies',
  'users',
  'subOrganizations',
] as const;

/** The groups at the root, in the view's order; none when the organization holds nothing the view lists. */
export function organizationGroupElements(model: OrganizationModel): GroupElement[] {
  const counts = [
    model.smartContractInterfaces,
    model.wallets,
    model.privateKeys,
    model.privateKeyTags,
    model.subOrganizations,
  ].map((o) => (o.ok ? countOf(o.value) : -1));
  // An organization with nothing in it shows the view's welcome content instead of its empty groups.
  if (counts.every((count) => count === 0)) return [];
  return GROUPS.map((group) => groupElement(group, model));
}

/** A group's row, with how many rows it holds or that its list failed. */
export function groupElement(group: OrganizationGroup, model: OrganizationModel): GroupElement {
  const outcome = model[group];
  return {
    kind: 'group',
    id: `countersign.organization/${group}`,
    group,
    organizationId: model.organizationId,
    count: outcome.ok ? countOf(outcome.value) : 0,
    failed: !outcome.ok,
  };
}

/** The rows under a group whose list was read (a failed list's rows are the tree's failure rows). */
export function groupRows(group: GroupElement, model: OrganizationModel): OrganizationElement[] {
  const tagsById = tagsByIdOf(model);
  switch (group.group) {
    case 'subOrganizations':
      return model.subOrganizations.ok ? subOrganizationElements(group, model.subOrganizations.value) : [];
    case 'smartContractInterfaces':
      return sortBy(model.smartContractInterfaces.ok ? model.smartContractInterfaces.value : [], (s) => s.label).map(
        (sci): SmartContractInterfaceElement => ({
          kind: 'smartContractInterface',
          id: `${group.id}/${sci.smartContractInterfaceId}`,
          organizationId: model.organizationId,
          smartContractInterface: sci,
        }),
      );
    case 'privateKeys':
      return sortBy(model.privateKeys.ok ? model.privateKeys.value : [], (k) => k.privateKeyName).map(
        (privateKey): PrivateKeyElement => ({
          kind: 'privateKey',
          id: `${group.id}/${privateKey.privateKeyId}`,
          organizationId: model.organizationId,
          privateKey,
          tags: privateKey.privateKeyTags.map((tagId) => tagsById.get(tagId) ?? unknownTag(tagId)),
          parent: group,
          expandable: true,
        }),
      );
    case 'wallets':
      return model.wallets.ok ? walletGroupChildren(group, model.wallets.value) : [];
    case 'users': {
      const tags = userTagNames(model.governance);
      return sortBy(model.users.ok ? model.users.value : [], (u) => u.userName).map((user): UserElement => ({
        kind: 'user',
        id: `${group.id}/${user.userId}`,
        organizationId: model.organizationId,
        user,
        tags: tags(user.userId),
        parent: group,
      }));
    }
    case 'policies':
      return model.governance
        ? policyElements(group, model.governance, model.privateKeys.ok ? model.privateKeys.value : [])
        : [];
    case 'privateKeyTags': {
      const keys = model.privateKeys.ok ? model.privateKeys.value : [];
      return sortBy(model.privateKeyTags.ok ? model.privateKeyTags.value : [], (tag) => tag.tagName).map(
        (tag): PrivateKeyTagElement => ({
          kind: 'privateKeyTag',
          id: `${group.id}/${tag.tagId}`,
          organizationId: model.organizationId,
          tag,
          keys: keys.filter((key) => key.privateKeyTags.includes(tag.tagId)),
          parent: group,
          expandable: true,
        }),
      );
    }
  }
}

/** A key's row under one of its tags (not opened further); its tags' names from the model, when one is loaded. */
export function keyUnderTag(
  tag: PrivateKeyTagElement,
  privateKey: PrivateKey,
  model: OrganizationModel | undefined,
): PrivateKeyElement {
  const tagsById = tagsByIdOf(model);
  return {
    kind: 'privateKey',
    id: `${tag.id}/key/${privateKey.privateKeyId}`,
    organizationId: tag.organizationId,
    privateKey,
    tags: privateKey.privateKeyTags.map((tagId) => tagsById.get(tagId) ?? unknownTag(tagId)),
    parent: tag,
    expandable: false,
  };
}

/** The rows under a user: their passkeys and other authenticators. */
export function authenticatorElements(element: UserElement): AuthenticatorElement[] {
  return (element.user.authenticators ?? []).map((authenticator): AuthenticatorElement => ({
    kind: 'authenticator',
    id: `${element.id}/${authenticator.authenticatorId}`,
    organizationId: element.organizationId,
    userId: element.user.userId,
    userName: element.user.userName,
    authenticator,
    parent: element,
  }));
}

function tagsByIdOf(model: OrganizationModel | undefined): Map<string, Tag> {
  return new Map((model?.privateKeyTags.ok ? model.privateKeyTags.value : []).map((tag) => [tag.tagId, tag]));
}

/** How many rows a group holds: a list's length, a wallet book's wallets, the sub-organizations listed. */
function countOf(value: readonly unknown[] | { readonly wallets: readonly unknown[] } | SubOrganizationList): number {
  if (Array.isArray(value)) return value.length;
  return 'wallets' in value ? value.wallets.length : (value as SubOrganizationList).entries.length;
}

function unknownTag(tagId: string): Tag {
  const epoch = { seconds: '0', nanos: '0' };
  return { tagId, tagName: tagId, tagType: 'TAG_TYPE_PRIVATE_KEY', createdAt: epoch, updatedAt: epoch };
}

function sortBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => key(a).localeCompare(key(b)));
}
