/**
 * The Organization view: the active organization's smart contract interfaces, its wallets with their accounts
 * (walletItems.ts), its private keys (with their tags and addresses), its private key tags (with their keys), its
 * policies (in words), its users (with their tags and passkeys) and its sub-organizations (each opening, read-only,
 * on what it holds: subOrganizationBranch.ts). Each group loads on its own, so one failing list shows its error and
 * Retry while the others still show (organizationModel.ts reads them); policies, tag names and users' tags are one
 * read of the store's (governance). When none can be read, or the session cannot be opened, the view shows the
 * failure once, as the Activities view does (LoadedTree's failure rows).
 */
import * as vscode from 'vscode';
import type { PrivateKey, Tag } from '../../api';
import { CommandIds } from '../commandIds';
import type { Services, Session } from '../services';
import type { SubOrganizationList } from '../store/subOrganizationReads';
import { LoadedTree } from './loadedTree';
import {
  authenticatorTreeItem,
  groupNoun,
  groupTreeItem,
  privateKeyChildren,
  privateKeyTagTreeItem,
  privateKeyTreeItem,
  smartContractInterfaceTreeItem,
  userTreeItem,
} from './organizationItems';
import { policyElements, policyTreeItem, userTagNames } from './governanceItems';
import { readOrganizationModel, type OrganizationModel, type Outcome } from './organizationModel';
import { SubOrganizationBranch } from './subOrganizationBranch';
import { subOrganizationElements, subOrganizationPartTreeItem, subOrganizationTreeItem } from './subOrganizationItems';
import {
  type AuthenticatorElement,
  type GroupElement,
  type OrganizationElement,
  type OrganizationGroup,
  type PrivateKeyElement,
  type PrivateKeyTagElement,
  type SmartContractInterfaceElement,
  type UserElement,
} from './treeElements';
import { fieldTreeItem, messageTreeItem } from './treeItems';
import { walletAccountTooltip, walletAccountTreeItem, walletGroupChildren, walletTreeItem } from './walletItems';
import { WalletPages } from './walletPages';
import type { OrganizationContents, OrganizationRows } from './views';
import type { TreeHost } from './treeShell';
import { ORGANIZATION_VIEW_ID } from './viewIds';
import { smartContractInterfaceTooltip } from './interfaceHover';

type Model = OrganizationModel;

export class OrganizationTree extends LoadedTree<Model, OrganizationElement> implements OrganizationRows {
  protected readonly what = 'the organization';

  /** A refresh asked for by the user reads the organization anew, not from the store's copy. */
  #readAnew = false;
  readonly #subOrganizations = new SubOrganizationBranch(this.services, (...args) => this.failureRows(...args));
  readonly #walletPages = new WalletPages();
  /** While the view shows, the store's poll also compares the organization's wallets (a wallet made elsewhere). */
  #watching: vscode.Disposable | undefined;

  constructor(services: Services, host: TreeHost<OrganizationElement>) {
    // What the poll saw complete, or a command changed, is read again; a reset is followed by `profile`.
    super(services, host, (change) => change.profile || (change.organization && !change.reset));
    this.disposables.push(
      this.treeView.onDidChangeVisibility(() => void this.#watch()),
      {
        dispose: () => void this.#watching?.dispose(),
      },
    );
    void this.#watch();
  }

  async #watch(): Promise<void> {
    const store = await this.services.store();
    const visible = this.treeView.visible && !this.disposed;
    if (visible && !this.#watching)
      this.#watching = store.watch({ kind: 'view', viewId: ORGANIZATION_VIEW_ID, wallets: true });
    if (!visible && this.#watching) {
      this.#watching.dispose();
      this.#watching = undefined;
    }
  }

  override refresh(): void {
    this.#readAnew = true;
    super.refresh();
  }

  protected override onProfileChange(): void {
    this.#walletPages.clear();
  }

  /** The next page of a wallet's accounts: only its row is drawn again. */
  showMoreAccounts(walletRowId: string): Promise<void> {
    const row = this.#walletPages.more(walletRowId);
    if (row) this.redraw(row);
    return Promise.resolve();
  }

  async contents(): Promise<OrganizationContents | undefined> {
    const loaded = await this.ensureLoaded();
    if (loaded.kind !== 'loaded') return undefined;
    const model = loaded.value;
    const value = <T>(outcome: Outcome<T>): T | undefined => (outcome.ok ? outcome.value : undefined);
    return {
      organizationId: model.organizationId,
      smartContractInterfaces: value(model.smartContractInterfaces),
      privateKeys: value(model.privateKeys),
      privateKeyTags: value(model.privateKeyTags),
    };
  }

  /** The loaded model, or undefined while loading or when there is none. */
  #loaded(): Model | undefined {
    const model = this.model;
    return model.kind === 'loaded' ? model.value : undefined;
  }

  // ---- TreeDataProvider ----

  getTreeItem(element: OrganizationElement): vscode.TreeItem {
    switch (element.kind) {
      case 'group':
        return groupTreeItem(element);
      case 'smartContractInterface':
        return smartContractInterfaceTreeItem(element);
      case 'privateKey':
        return privateKeyTreeItem(element);
      case 'privateKeyTag':
        return privateKeyTagTreeItem(element);
      case 'user':
        return userTreeItem(element);
      case 'authenticator':
        return authenticatorTreeItem(element);
      case 'policy':
        return policyTreeItem(element);
      case 'wallet':
        return walletTreeItem(element);
      case 'walletAccount':
        return walletAccountTreeItem(element);
      case 'subOrganization':
        return subOrganizationTreeItem(element);
      case 'subOrganizationPart':
        return subOrganizationPartTreeItem(element);
      case 'field':
        return fieldTreeItem(element);
      case 'message':
        return messageTreeItem(element);
    }
  }

  /** On hover: an interface's tooltip lists its functions and events (its ABI is parsed only then). */
  resolveTreeItem(item: vscode.TreeItem, element: OrganizationElement): vscode.TreeItem {
    if (element.kind === 'smartContractInterface' && item.tooltip === undefined) {
      item.tooltip = smartContractInterfaceTooltip(element.smartContractInterface);
    }
    if (element.kind === 'walletAccount' && item.tooltip === undefined) item.tooltip = walletAccountTooltip(element);
    return item;
  }

  async getChildren(element?: OrganizationElement): Promise<OrganizationElement[]> {
    if (element === undefined) return this.#rootChildren();
    switch (element.kind) {
      case 'group':
        return this.#groupChildren(element);
      case 'privateKey':
        return element.expandable ? privateKeyChildren(element) : [];
      case 'privateKeyTag':
        return element.expandable ? element.keys.map((key) => this.#keyUnderTag(element, key)) : [];
      case 'user':
        return (element.user.authenticators ?? []).map((authenticator): AuthenticatorElement => ({
          kind: 'authenticator',
          id: `${element.id}/${authenticator.authenticatorId}`,
          organizationId: element.organizationId,
          userId: element.user.userId,
          userName: element.user.userName,
          authenticator,
          parent: element,
        }));
      case 'subOrganization':
      case 'subOrganizationPart':
        return this.#subOrganizations.children(element);
      case 'field':
        return element.children ? [...element.children] : [];
      case 'wallet':
        return this.#walletPages.children(element);
      case 'authenticator':
      case 'policy':
      case 'message':
      case 'smartContractInterface':
      case 'walletAccount':
      default:
        return [];
    }
  }

  getParent(element: OrganizationElement): OrganizationElement | undefined {
    switch (element.kind) {
      case 'privateKey':
      case 'privateKeyTag':
      case 'user':
      case 'authenticator':
      case 'policy':
      case 'wallet':
      case 'walletAccount':
      case 'subOrganization':
      case 'subOrganizationPart':
        return element.parent;
      case 'message':
        return element.parent;
      case 'field':
        // A field of an activity belongs to the other view.
        return element.parent?.kind === 'activity' ? undefined : element.parent;
      case 'smartContractInterface':
        return this.#groupElement('smartContractInterfaces');
      case 'group':
      default:
        return undefined;
    }
  }

  // ---- loading ----

  async #rootChildren(): Promise<OrganizationElement[]> {
    const loaded = await this.ensureLoaded();
    if (loaded.kind === 'noSession') return [];
    // As in the Activities view: a session that could not be opened (a crashed sandbox) is an error with its
    // own message and fix; a load that failed for a reason no Retry changes is one calm row and its command.
    if (loaded.kind === 'error') {
      return this.failureRows(
        ORGANIZATION_VIEW_ID,
        vscode.l10n.t('the organization'),
        loaded.error,
        CommandIds.refreshOrganization,
        {
          calm: loaded.phase === 'fetch',
        },
      );
    }
    const model = loaded.value;
    const counts = [
      model.smartContractInterfaces,
      model.wallets,
      model.privateKeys,
      model.privateKeyTags,
      model.subOrganizations,
    ].map((o) => (o.ok ? countOf(o.value) : -1));
    // An organization with nothing in it shows the view's welcome content instead of its empty groups.
    if (counts.every((count) => count === 0)) return [];
    const groups = [
      'smartContractInterfaces',
      'wallets',
      'privateKeys',
      'privateKeyTags',
      'policies',
      'users',
      'subOrganizations',
    ] as const;
    // From the model loaded here: the view's model may be dropped meanwhile (a change told by the store).
    return groups.map((group) => this.#groupElement(group, model) as GroupElement);
  }

  #groupElement(group: OrganizationGroup, model = this.#loaded()): GroupElement | undefined {
    if (!model) return undefined;
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

  #groupChildren(group: GroupElement): OrganizationElement[] {
    const model = this.#loaded();
    if (!model || model.organizationId !== group.organizationId) return [];
    const outcome = model[group.group];
    if (!outcome.ok) {
      return this.failureRows(group.id, groupNoun(group.group), outcome.error, CommandIds.refreshOrganization, {
        parent: group,
      });
    }
    const tagsById = new Map(
      (model.privateKeyTags.ok ? model.privateKeyTags.value : []).map((tag) => [tag.tagId, tag]),
    );
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

  #keyUnderTag(tag: PrivateKeyTagElement, privateKey: PrivateKey): PrivateKeyElement {
    const model = this.#loaded();
    const tagsById = new Map(
      (model?.privateKeyTags.ok ? model.privateKeyTags.value : []).map((entry) => [entry.tagId, entry]),
    );
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

  protected async fetch(session: Session): Promise<Model> {
    const readAnew = this.#readAnew;
    this.#readAnew = false;
    return readOrganizationModel(this.services, session.profile.organizationId, readAnew);
  }
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
