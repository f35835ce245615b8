/**
 * Read-only virtual documents showing an activity as formatted JSON:
 * `countersign-activity:/<organizationId>/<activityId>.json`. The content is fetched from the service each
 * time the document is (re)read, so it is never stale; open documents are re-read when activities change, but
 * only while the profile that opened them is active.
 * An activity holds no secrets (no key, no stamp, no signed request), only what the service returns.
 *
 * A policy likewise, `countersign-policy:/<organizationId>/<policyId>.json`, read through the organization store
 * (its policies are read once for every feature) and re-read when the organization changes.
 */
import * as vscode from 'vscode';
import type { Activity, Policy } from '../../api';
import type { Services } from '../services';
import { ACTIVITY_JSON_SCHEME, POLICY_JSON_SCHEME } from './jsonSchemes';

export { ACTIVITY_JSON_SCHEME, POLICY_JSON_SCHEME } from './jsonSchemes';

/** The document address of an activity. */
export function activityJsonUri(activity: Pick<Activity, 'id' | 'organizationId'>): vscode.Uri {
  return vscode.Uri.from({
    scheme: ACTIVITY_JSON_SCHEME,
    path: `/${encodeURIComponent(activity.organizationId)}/${encodeURIComponent(activity.id)}.json`,
  });
}

/** The document address of a policy. */
export function policyJsonUri(organizationId: string, policyId: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: POLICY_JSON_SCHEME,
    path: `/${encodeURIComponent(organizationId)}/${encodeURIComponent(policyId)}.json`,
  });
}

/**
 * The document address of the ABI an activity asks to register (its intent's `smartContractInterface`), named
 * after its label: `countersign-activity:/<organizationId>/<activityId>/<label>.abi.json`.
 */
export function activityAbiUri(activity: Pick<Activity, 'id' | 'organizationId'>, label: string): vscode.Uri {
  const name = label.replace(/[\\/:*?"<>|#%]/g, '_') || 'abi';
  return vscode.Uri.from({
    scheme: ACTIVITY_JSON_SCHEME,
    path: `/${encodeURIComponent(activity.organizationId)}/${encodeURIComponent(activity.id)}/${name}.abi.json`,
  });
}

/** The organization and activity ids named by a document address, or undefined for any other address. */
export function parseActivityJsonUri(
  uri: vscode.Uri,
): { organizationId: string; activityId: string; abi: boolean } | undefined {
  if (uri.scheme !== ACTIVITY_JSON_SCHEME) return undefined;
  const match = /^\/([^/]+)\/([^/]+)(\.json|\/[^/]+\.abi\.json)$/.exec(uri.path);
  if (!match?.[1] || !match[2]) return undefined;
  try {
    return {
      organizationId: decodeURIComponent(match[1]),
      activityId: decodeURIComponent(match[2]),
      abi: match[3] !== '.json',
    };
  } catch {
    return undefined;
  }
}

/** The organization and policy ids named by a policy's document address. */
export function parsePolicyJsonUri(uri: vscode.Uri): { organizationId: string; policyId: string } | undefined {
  if (uri.scheme !== POLICY_JSON_SCHEME) return undefined;
  const match = /^\/([^/]+)\/([^/]+)\.json$/.exec(uri.path);
  if (!match?.[1] || !match[2]) return undefined;
  try {
    return { organizationId: decodeURIComponent(match[1]), policyId: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

/** The ABI an activity's intent asks to register, pretty-printed; its text as it is when it is not JSON. */
export function activityAbiText(activity: Pick<Activity, 'intent'>): string {
  const inner = Object.values(activity.intent)[0] as { smartContractInterface?: unknown } | undefined;
  const abi = typeof inner?.smartContractInterface === 'string' ? inner.smartContractInterface : '';
  try {
    return `${JSON.stringify(JSON.parse(abi), null, 2)}\n`;
  } catch {
    return abi;
  }
}

/** The document text: the activity with id, status and type first, indented by two spaces. */
export function activityJson(activity: Activity): string {
  const { id, status, type, organizationId, ...rest } = activity;
  return `${JSON.stringify({ id, status, type, organizationId, ...rest }, null, 2)}\n`;
}

/** The document text of a policy: id, name and effect first, then condition and consensus, indented by two. */
export function policyJson(policy: Policy): string {
  const { policyId, policyName, effect, condition, consensus, ...rest } = policy;
  return `${JSON.stringify({ policyId, policyName, effect, condition, consensus, ...rest }, null, 2)}\n`;
}

/** A policy read through the store; a policy it does not know is looked for once more in a fresh read. */
class PolicyJsonProvider implements vscode.TextDocumentContentProvider {
  readonly #services: Services;
  readonly #emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.#emitter.event;

  constructor(services: Services) {
    this.#services = services;
  }

  /** What each open document last read: kept while another organization's profile is active. */
  readonly #texts = new Map<string, string>();

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parsePolicyJsonUri(uri);
    if (!target) throw new Error(vscode.l10n.t('This is not the address of a policy: {0}', uri.toString()));
    const session = await this.#services.session();
    if (session?.profile.organizationId !== target.organizationId) {
      const kept = this.#texts.get(uri.toString());
      if (kept !== undefined) return kept;
      throw new Error(
        vscode.l10n.t(
          "The policy {0} is not of the active profile's organization: switch to its profile to read it.",
          target.policyId,
        ),
      );
    }
    const store = await this.#services.store();
    const find = async () => (await store.governance())?.policies.find((p) => p.policyId === target.policyId);
    let policy = await find();
    if (!policy) {
      store.markStale('organization', { quietly: true });
      policy = await find();
    }
    if (!policy) {
      throw new Error(vscode.l10n.t('The organization has no policy {0}: it may have been deleted.', target.policyId));
    }
    const text = policyJson(policy);
    this.#texts.set(uri.toString(), text);
    return text;
  }

  forget(uri: vscode.Uri): void {
    this.#texts.delete(uri.toString());
  }

  /** Asks VS Code to re-read the open policy documents. */
  refreshOpen(): void {
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme === POLICY_JSON_SCHEME && !document.isClosed) this.#emitter.fire(document.uri);
    }
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}

class ActivityJsonProvider implements vscode.TextDocumentContentProvider {
  readonly #services: Services;
  readonly #emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.#emitter.event;

  constructor(services: Services) {
    this.#services = services;
  }

  /**
   * Which profile opened each document, and what it last read. A document belongs to that profile: after a
   * switch it keeps its text and is not re-read with another profile's key (which would only be refused).
   */
  readonly #opened = new Map<string, { readonly profileId: string; text: string }>();

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const target = parseActivityJsonUri(uri);
    if (!target) throw new Error(vscode.l10n.t('This is not the address of an activity: {0}', uri.toString()));
    const opened = this.#opened.get(uri.toString());
    const activeId = this.#services.profiles.active()?.id;
    if (opened && opened.profileId !== activeId) return opened.text;
    const session = await this.#services.session();
    if (!session) throw new Error(vscode.l10n.t('No active profile: add or switch to a profile to read activities.'));
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const activity = await session.client.getActivity(
        { organizationId: target.organizationId, activityId: target.activityId },
        { signal: controller.signal },
      );
      const text = target.abi ? activityAbiText(activity) : activityJson(activity);
      this.#opened.set(uri.toString(), { profileId: session.profile.id, text });
      return text;
    } catch (error) {
      this.#services.log.failure('Could not read the activity for its JSON document', error);
      throw error;
    } finally {
      subscription.dispose();
    }
  }

  /** Asks VS Code to re-read the open activity documents of the active profile. */
  refreshOpen(): void {
    const activeId = this.#services.profiles.active()?.id;
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme !== ACTIVITY_JSON_SCHEME || document.isClosed) continue;
      const owner = this.#opened.get(document.uri.toString())?.profileId;
      if (owner === undefined || owner === activeId) this.#emitter.fire(document.uri);
    }
  }

  forget(uri: vscode.Uri): void {
    this.#opened.delete(uri.toString());
  }

  dispose(): void {
    this.#emitter.dispose();
  }
}

/** The two providers, and what follows the profile and the closed documents for them. */
export function createJsonDocumentProviders(services: Services): {
  readonly activity: ActivityJsonProvider;
  readonly policy: PolicyJsonProvider;
  readonly disposable: vscode.Disposable;
} {
  const activity = new ActivityJsonProvider(services);
  const policy = new PolicyJsonProvider(services);
  let following: vscode.Disposable | undefined;
  let disposed = false;
  void services.store().then((store) => {
    if (disposed) return;
    following = store.onDidChange((change) => {
      if (change.listing || change.profile) activity.refreshOpen();
      // What the poll saw complete, or a command changed (a reset is followed by `profile`).
      if (change.organization && !change.reset) policy.refreshOpen();
    });
  });
  const disposable = vscode.Disposable.from(
    activity,
    policy,
    {
      dispose: () => {
        disposed = true;
        following?.dispose();
      },
    },
    vscode.workspace.onDidCloseTextDocument((document) => {
      activity.forget(document.uri);
      policy.forget(document.uri);
    }),
  );
  return { activity, policy, disposable };
}
