/**
 * The Organization view's provider: the active organization's smart contract interfaces, its wallets with their
 * accounts, its private keys (with their tags and addresses), its private key tags (with their keys), its policies
 * (in words), its users (with their tags and passkeys) and its sub-organizations (each opening, read-only, on what it
 * holds: subOrganizationBranch.ts). This file keeps the view's state and its loading; the rows are built from the
 * loaded model in organizationGroups.ts, drawn by kind in organizationItemKinds.ts, and a wallet's accounts paged in
 * walletPages.ts. Each group loads on its own, so one failing list shows its error and Retry while the others still
 * show (organizationModel.ts reads them); policies, tag names and users' tags are one read of the store's
 * (governance). When none can be read, or the session cannot be opened, the view shows the failure once, as the
 * Activities view does (LoadedTree's failure rows).
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { Services, Session } from '../services';
import { LoadedTree } from './loadedTree';
import {
  authenticatorElements,
  groupElement,
  groupRows,
  keyUnderTag,
  organizationGroupElements,
} from './organizationGroups';
import { groupNoun, privateKeyChildren } from './organizationItems';
import { organizationTreeItem, resolveOrganizationTreeItem } from './organizationItemKinds';
import { readOrganizationModel, type OrganizationModel, type Outcome } from './organizationModel';
import { SubOrganizationBranch } from './subOrganizationBranch';
import type { GroupElement, OrganizationElement } from './treeElements';
import { WalletPages } from './walletPages';
import type { OrganizationContents, OrganizationRows } from './views';
import type { TreeHost } from './treeShell';
import { ORGANIZATION_VIEW_ID } from './viewIds';

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
    return organizationTreeItem(element);
  }

  resolveTreeItem(item: vscode.TreeItem, element: OrganizationElement): vscode.TreeItem {
    return resolveOrganizationTreeItem(item, element);
  }

  async getChildren(element?: OrganizationElement): Promise<OrganizationElement[]> {
    if (element === undefined) return this.#rootChildren();
    switch (element.kind) {
      case 'group':
        return this.#groupChildren(element);
      case 'privateKey':
        return element.expandable ? privateKeyChildren(element) : [];
      case 'privateKeyTag':
        return element.expandable ? element.keys.map((key) => keyUnderTag(element, key, this.#loaded())) : [];
      case 'user':
        return authenticatorElements(element);
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
      case 'smartContractInterface': {
        const model = this.#loaded();
        return model ? groupElement('smartContractInterfaces', model) : undefined;
      }
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
    // From the model loaded here: the view's model may be dropped meanwhile (a change told by the store).
    return organizationGroupElements(loaded.value);
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
    return groupRows(group, model);
  }

  protected async fetch(session: Session): Promise<Model> {
    const readAnew = this.#readAnew;
    this.#readAnew = false;
    return readOrganizationModel(this.services, session.profile.organizationId, readAnew);
  }
}
