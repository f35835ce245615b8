/**
 * The Organization view: the active organization's smart contract interfaces, its private keys (with their
 * tags and addresses) and its private key tags (with their keys). Each group loads on its own, so one
 * failing list shows its error and Retry while the others still show.
 */
import * as vscode from 'vscode';
import type { PrivateKey, SmartContractInterface, Tag } from '../../api';
import { CommandIds } from '../commandIds';
import type { Services, Session } from '../services';
import { hintFor, recoveryFor } from '../ui/runCommand';
import {
  errorElements,
  fieldTreeItem,
  groupTreeItem,
  messageTreeItem,
  privateKeyChildren,
  privateKeyTagTreeItem,
  privateKeyTreeItem,
  smartContractInterfaceTreeItem,
  t,
  type GroupElement,
  type OrganizationElement,
  type OrganizationGroup,
  type PrivateKeyElement,
  type PrivateKeyTagElement,
  type SmartContractInterfaceElement,
} from './treeItems';

export const ORGANIZATION_VIEW_ID = 'countersign.organization';
const REFRESH_DEBOUNCE_MS = 250;

export interface OrganizationView extends vscode.Disposable {
  readonly provider: vscode.TreeDataProvider<OrganizationElement>;
  readonly treeView: vscode.TreeView<OrganizationElement>;
  refresh(): void;
  /** What the view holds now, loaded if needed: undefined lists failed to load (or there is no session). */
  contents(): Promise<OrganizationContents | undefined>;
}

type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

export interface OrganizationContents {
  readonly organizationId: string;
  readonly smartContractInterfaces: readonly SmartContractInterface[] | undefined;
  readonly privateKeys: readonly PrivateKey[] | undefined;
  readonly privateKeyTags: readonly Tag[] | undefined;
}

interface Model {
  readonly organizationId: string;
  readonly smartContractInterfaces: Outcome<SmartContractInterface[]>;
  readonly privateKeys: Outcome<PrivateKey[]>;
  readonly privateKeyTags: Outcome<Tag[]>;
}

export function registerOrganizationView(services: Services): OrganizationView {
  return new OrganizationTree(services);
}

class OrganizationTree implements OrganizationView, vscode.TreeDataProvider<OrganizationElement> {
  readonly provider: vscode.TreeDataProvider<OrganizationElement> = this;
  readonly treeView: vscode.TreeView<OrganizationElement>;
  readonly #services: Services;
  readonly #emitter = new vscode.EventEmitter<OrganizationElement | undefined>();
  readonly onDidChangeTreeData = this.#emitter.event;
  readonly #disposables: vscode.Disposable[] = [];
  /** undefined: not loaded; null: no session. */
  #model: Model | null | undefined;
  #generation = 0;
  #loading: { generation: number; promise: Promise<Model | null> } | undefined;
  #debounce: NodeJS.Timeout | undefined;
  #disposed = false;

  constructor(services: Services) {
    this.#services = services;
    this.treeView = vscode.window.createTreeView(ORGANIZATION_VIEW_ID, {
      treeDataProvider: this,
      showCollapseAll: true,
    });
    this.#disposables.push(
      this.treeView,
      this.#emitter,
      services.onDidChange((scope) => {
        if (scope === 'profile' || scope === 'organization') this.#invalidate(true);
      }),
    );
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#debounce) clearTimeout(this.#debounce);
    for (const disposable of this.#disposables.splice(0)) disposable.dispose();
  }

  refresh(): void {
    this.#invalidate(false);
  }

  async contents(): Promise<OrganizationContents | undefined> {
    const model = await this.#ensureLoaded();
    if (!model) return undefined;
    const value = <T>(outcome: Outcome<T>): T | undefined => (outcome.ok ? outcome.value : undefined);
    return {
      organizationId: model.organizationId,
      smartContractInterfaces: value(model.smartContractInterfaces),
      privateKeys: value(model.privateKeys),
      privateKeyTags: value(model.privateKeyTags),
    };
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
      case 'field':
        return fieldTreeItem(element);
      case 'message':
        return messageTreeItem(element);
    }
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
      case 'field':
        return element.children ? [...element.children] : [];
      default:
        return [];
    }
  }

  getParent(element: OrganizationElement): OrganizationElement | undefined {
    switch (element.kind) {
      case 'privateKey':
      case 'privateKeyTag':
        return element.parent;
      case 'message':
        return element.parent;
      case 'field':
        return element.parent?.kind === 'privateKey' ? element.parent : undefined;
      case 'smartContractInterface':
        return this.#groupElement('smartContractInterfaces');
      default:
        return undefined;
    }
  }

  // ---- loading ----

  async #rootChildren(): Promise<OrganizationElement[]> {
    const model = await this.#ensureLoaded();
    if (!model) return [];
    const counts = [model.smartContractInterfaces, model.privateKeys, model.privateKeyTags].map((o) =>
      o.ok ? o.value.length : -1,
    );
    // An organization with nothing in it shows the view's welcome content instead of three empty groups.
    if (counts.every((count) => count === 0)) return [];
    return (['smartContractInterfaces', 'privateKeys', 'privateKeyTags'] as const).map(
      (group) => this.#groupElement(group) as GroupElement,
    );
  }

  #groupElement(group: OrganizationGroup): GroupElement | undefined {
    const model = this.#model;
    if (!model) return undefined;
    const outcome = model[group];
    return {
      kind: 'group',
      id: `countersign.organization/${group}`,
      group,
      organizationId: model.organizationId,
      count: outcome.ok ? outcome.value.length : 0,
    };
  }

  #groupChildren(group: GroupElement): OrganizationElement[] {
    const model = this.#model;
    if (!model || model.organizationId !== group.organizationId) return [];
    const outcome = model[group.group];
    if (!outcome.ok) {
      return errorElements(group.id, groupNoun(group.group), outcome.error, CommandIds.refreshOrganization, {
        parent: group,
        hint: hintFor(this.#services, outcome.error),
        recovery: recoveryFor(this.#services, outcome.error),
      });
    }
    const tagsById = new Map(
      (model.privateKeyTags.ok ? model.privateKeyTags.value : []).map((tag) => [tag.tagId, tag]),
    );
    switch (group.group) {
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
    const model = this.#model;
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

  #invalidate(debounced: boolean): void {
    this.#generation++;
    this.#model = undefined;
    if (!debounced) {
      if (this.#debounce) clearTimeout(this.#debounce);
      this.#debounce = undefined;
      this.#emitter.fire(undefined);
      return;
    }
    if (this.#debounce) return;
    this.#debounce = setTimeout(() => {
      this.#debounce = undefined;
      if (!this.#disposed) this.#emitter.fire(undefined);
    }, REFRESH_DEBOUNCE_MS);
  }

  #ensureLoaded(): Promise<Model | null> {
    if (this.#model !== undefined) return Promise.resolve(this.#model);
    const generation = this.#generation;
    if (this.#loading?.generation === generation) return this.#loading.promise;
    const promise = this.#load().then((model) => {
      if (generation === this.#generation) this.#model = model;
      return model;
    });
    this.#loading = { generation, promise };
    void promise.finally(() => {
      if (this.#loading?.promise === promise) this.#loading = undefined;
    });
    return promise;
  }

  async #load(): Promise<Model | null> {
    let session: Session | undefined;
    try {
      session = await this.#services.session();
    } catch (error) {
      this.#services.log.failure('Could not open the active profile', error);
      const failed = { ok: false, error } as const;
      return { organizationId: '', smartContractInterfaces: failed, privateKeys: failed, privateKeyTags: failed };
    }
    if (!session) return null;
    const { client } = session;
    const organizationId = session.profile.organizationId;
    const started = Date.now();
    const settle = async <T>(what: string, load: () => Promise<T>): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await load() };
      } catch (error) {
        this.#services.log.failure(`Could not load ${what}`, error);
        return { ok: false, error };
      }
    };
    const [smartContractInterfaces, privateKeys, privateKeyTags] = await Promise.all([
      settle('smart contract interfaces', () => client.listSmartContractInterfaces({ organizationId })),
      settle('private keys', () => client.listPrivateKeys({ organizationId })),
      settle('private key tags', () => client.listPrivateKeyTags({ organizationId })),
    ]);
    this.#services.log.debug('Organization loaded', { organizationId, durationMs: Date.now() - started });
    return { organizationId, smartContractInterfaces, privateKeys, privateKeyTags };
  }
}

function groupNoun(group: OrganizationGroup): string {
  switch (group) {
    case 'smartContractInterfaces':
      return t('smart contract interfaces');
    case 'privateKeys':
      return t('private keys');
    case 'privateKeyTags':
      return t('private key tags');
  }
}

function unknownTag(tagId: string): Tag {
  const epoch = { seconds: '0', nanos: '0' };
  return { tagId, tagName: tagId, tagType: 'TAG_TYPE_PRIVATE_KEY', createdAt: epoch, updatedAt: epoch };
}

function sortBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => key(a).localeCompare(key(b)));
}
