/**
 * One review page: reads the activity, the organization's names and its smart contract interfaces from the
 * organization store and keeps the page current (on every change the store or the extension announces). While it
 * shows, it watches its activity in the store, whose one poll keeps it current: the page sends no request of its
 * own. The page's HTML is set once; once its script says it is ready, each model is posted to it
 * (reviewMessages.ts) and it redraws in place, keeping scroll, focus and selection. Its buttons run the same
 * commands as the Activities view, so the same confirmation applies.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { CancelledError, type Activity, type SmartContractInterface } from '../../api';
import { CommandIds } from '../commandIds';
import type { OrganizationNames } from '../wording/voteDialogWords';
import { organizationNamesWithFacts } from '../store/organizationFacts';
import { organizationNamer } from '../wording/addressNames';
import * as remote from '../../api/remote';
import type { Services } from '../services';
import { calmStateFor } from '../ui/advice';
import type { OrganizationStore, StoreChange } from '../store/organizationStore';
import { buildReviewModel, type ReviewInput } from './reviewModel';
import { readDescriptors } from '../activitySummaries';
import { reviewShellHtml, type ReviewPageResources } from './reviewHtml';
import { reviewResourceRoots, reviewScriptUri, reviewStyleUri } from './reviewResources';
import {
  pageMessageSchema,
  type ReviewAction,
  type ReviewModel,
  type ReviewPageView,
  type ReviewPageWords,
  type ReviewViewMessage,
} from './reviewMessages';
import type { ReviewTarget } from './reviewTarget';
import { reviewTabTitle } from './reviewTitle';
import { reviewActionHandlers, WITHOUT_ACTIVITY } from './reviewActions';
import { errorText } from '../ui/errorText';
import { readStanding } from '../store/standingReads';
import { reviewWhy } from './reviewWhy';
import { standingProgress } from '../wording/standingCount';
import { whyContext } from './whyContext';
import { votersOf } from '../wording/policyStanding';

function pageWords(): ReviewPageWords {
  return {
    activity: vscode.l10n.t('Activity'),
    risks: vscode.l10n.t('Risks'),
    votes: vscode.l10n.t('Votes'),
    noVotes: vscode.l10n.t('No votes yet.'),
    argument: vscode.l10n.t('Argument'),
    type: vscode.l10n.t('Type'),
    value: vscode.l10n.t('Value'),
    noArguments: vscode.l10n.t('It takes no arguments.'),
    retry: vscode.l10n.t('Retry'),
  };
}

export class ReviewPage {
  readonly panel: vscode.WebviewPanel;
  readonly #services: Services;
  readonly #target: ReviewTarget;
  readonly #disposables: vscode.Disposable[] = [];
  #activity: Activity | undefined;
  #model: ReviewModel | undefined;
  readonly #html: string;
  /** What the page shows, or is to show once it is ready. */
  #view: ReviewViewMessage | undefined;
  /** The view last posted, as JSON: the same view again is not posted. */
  #posted: string | undefined;
  #postedView: ReviewPageView | undefined;
  #ready = false;
  #refreshing: Promise<void> | undefined;
  #again = false;
  /** The profile or the sandbox changed: the next drawing reads the activity from the service, not the store. */
  #readAnew = false;
  /** While the page shows, the store follows its activity. */
  #watching: vscode.Disposable | undefined;
  #disposed = false;
  readonly #nonce = randomBytes(16).toString('base64');

  constructor(services: Services, panel: vscode.WebviewPanel, target: ReviewTarget, onDispose: () => void) {
    this.#services = services;
    this.panel = panel;
    this.#target = target;
    this.#activity = target.activity;
    panel.iconPath = new vscode.ThemeIcon('checklist');
    panel.webview.options = {
      enableScripts: true,
      localResourceRoots: reviewResourceRoots(services.context.extensionUri),
    };
    // The one time the page's HTML is set: from now on it changes by message only.
    this.#html = reviewShellHtml(
      this.#resources(),
      vscode.l10n.t('Review activity {0}', target.activityId),
      vscode.env.language,
    );
    panel.webview.html = this.#html;
    this.#disposables.push(
      panel.onDidDispose(() => {
        this.#disposed = true;
        this.#watching?.dispose();
        for (const d of this.#disposables) d.dispose();
        onDispose();
      }),
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidChangeViewState(() => void this.#watch()),
      // A descriptor in the workspace changed: a transaction's amounts and labels are read again.
      services.onDidChangeDescriptors(() => {
        if (this.#activity?.type.startsWith('ACTIVITY_TYPE_SIGN_TRANSACTION')) void this.refresh();
      }),
    );
    void services.store().then((store) => {
      if (this.#disposed) return;
      this.#disposables.push(store.onDidChange((change) => this.#follow(change)));
      void this.#watch();
    });
  }

  /** Watches the activity in the store while the page shows. */
  async #watch(): Promise<void> {
    const store = await this.#services.store();
    const visible = !this.#disposed && this.panel.visible;
    if (visible && !this.#watching) this.#watching = store.watch({ kind: 'page', activityId: this.#target.activityId });
    if (!visible && this.#watching) {
      this.#watching.dispose();
      this.#watching = undefined;
    }
  }

  /** The store read this activity, the organization or its interfaces anew: draw from what it holds. */
  #follow(change: StoreChange): void {
    // A sandbox stopped (or started) says so as a profile change: read anew, so a stopped one shows its banner.
    if (change.profile) this.#readAnew = true;
    const ours = change.activityIds.includes(this.#target.activityId);
    if (ours || change.profile || change.listing || change.organization || change.interfaces) void this.refresh();
  }

  /** The profile the page was opened with: its votes are that profile's user's. */
  get profileId(): string {
    return this.#target.profileId;
  }

  /** What the page shows (tests read it). */
  get model(): ReviewModel | undefined {
    return this.#model;
  }

  /** The page's HTML, set once. */
  get html(): string {
    return this.#html;
  }

  /** What the page is to show (tests read it). */
  get view(): ReviewPageView | undefined {
    return this.#view?.view;
  }

  /** What was last posted to the page, once its script said it was ready (tests read it). */
  get posted(): ReviewPageView | undefined {
    return this.#postedView;
  }

  #resources(): ReviewPageResources {
    const webview = this.panel.webview;
    const root = this.#services.context.extensionUri;
    return {
      cspSource: webview.cspSource,
      styleUri: webview.asWebviewUri(reviewStyleUri(root)).toString(),
      scriptUri: webview.asWebviewUri(reviewScriptUri(root)).toString(),
      nonce: this.#nonce,
      state: {
        activityId: this.#target.activityId,
        organizationId: this.#target.organizationId,
        profileId: this.#target.profileId,
      },
    };
  }

  /** Shows `model` on the page: where whatever reads the activity hands over what the page is to show. */
  update(model: ReviewModel): void {
    if (this.#disposed) return;
    this.#model = model;
    this.panel.title = reviewTabTitle(model.title, model.activityId);
    this.#show({ kind: 'review', model });
  }

  /**
   * What the page shows while its activity cannot be read here (another profile is active, the sandbox stopped):
   * the activity as last read, without its vote buttons, under a note that says why and the button that changes
   * it; or, when it was never read, the note and the button alone.
   */
  #blocked(text: string, actions: readonly ReviewAction[]): void {
    const model = this.#model;
    if (model) {
      const readOnly: ReviewModel = {
        ...model,
        actions,
        sections: model.sections.map((section) => ({ ...section, actions: [] })),
      };
      this.#show({ kind: 'review', model: readOnly, note: { tone: 'warning', text } });
      return;
    }
    this.#show({
      kind: 'notice',
      heading: vscode.l10n.t('Review activity {0}', this.#target.activityId),
      text,
      actions,
    });
  }

  #show(view: ReviewPageView): void {
    if (this.#disposed) return;
    this.#view = { type: 'view', view, words: pageWords(), locale: vscode.env.language };
    this.#deliver(false);
  }

  /** Posts the view to the page once it is ready; `again` when the page asked, having drawn nothing yet. */
  #deliver(again: boolean): void {
    if (!this.#ready || !this.#view || this.#disposed) return;
    const json = JSON.stringify(this.#view);
    if (!again && json === this.#posted) return;
    this.#posted = json;
    this.#postedView = this.#view.view;
    void this.panel.webview.postMessage(this.#view);
  }

  /** Reads the activity again and redraws; calls that come while one runs are folded into one more. */
  refresh(activity?: Activity): Promise<void> {
    if (activity) this.#activity = activity;
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#load()
      .catch((error: unknown) => this.#showFailure(error))
      .finally(() => {
        this.#refreshing = undefined;
        if (this.#again && !this.#disposed) {
          this.#again = false;
          void this.refresh();
        }
      });
    return this.#refreshing;
  }

  async #load(): Promise<void> {
    if (this.#disposed) return;
    const session = await this.#services.session();
    if (!session || session.profile.id !== this.#target.profileId) {
      const profile = this.#services.profiles.list().find((p) => p.id === this.#target.profileId);
      if (!profile) {
        this.#blocked(vscode.l10n.t('The profile this activity was opened with no longer exists.'), []);
        return;
      }
      this.#blocked(
        vscode.l10n.t(
          'This activity was opened with the profile "{0}". Switch to that profile to vote on it; until then it shows as it was last read.',
          profile.label,
        ),
        [{ id: 'switchProfile', label: vscode.l10n.t('Switch to {0}', profile.label), primary: true }],
      );
      return;
    }
    const store = await this.#services.store();
    const { organizationId, activityId } = this.#target;
    // The first drawing reads the activity as it is now; then the store's poll keeps it current.
    const fresh = this.#model === undefined || this.#readAnew;
    this.#readAnew = false;
    const activity = await store.readActivity(activityId, { fresh });
    if (!activity) return;
    this.#activity = activity;
    // A signed payload's spender and tokens are read with the interfaces and descriptors too.
    const signsTransaction = /^ACTIVITY_TYPE_SIGN_(TRANSACTION|RAW_PAYLOAD)/.test(activity.type);
    const [names, interfaces, descriptors, facts, why] = await Promise.all([
      this.#names(store, organizationId),
      signsTransaction ? this.#interfaces(store, organizationId) : Promise.resolve([]),
      signsTransaction ? readDescriptors(this.#services) : Promise.resolve([]),
      this.#services.organizationFacts().catch(() => undefined),
      this.#why(store, activity, signsTransaction),
    ]);
    if (this.#disposed) return;
    const model = buildReviewModel({
      activity,
      names,
      interfaces,
      decode: {
        transaction: remote.decodeEthereumTransaction,
        payload: remote.decodeRawPayload,
        summarize: remote.summarizeTransaction,
        signature: remote.summarizeSignature,
      },
      descriptors,
      nameOf: organizationNamer(facts?.organizationId === organizationId ? facts.names : undefined),
      wallets: facts?.organizationId === organizationId ? facts.wallets : undefined,
      why,
    });
    this.update(model);
  }

  /** Why it waits, was denied, rejected or completed; undefined when that cannot be read. */
  #why(store: OrganizationStore, activity: Activity, signsTransaction: boolean): Promise<ReviewInput['why']> {
    return this.#orWarn(`the policy evaluations of ${activity.id}`, async () => {
      const [read, organization, interfaces, wallets] = await Promise.all([
        readStanding(store, { activity }),
        store.organizationData(),
        signsTransaction ? store.interfaces() : Promise.resolve([]),
        signsTransaction ? store.walletBook().catch(() => undefined) : Promise.resolve(undefined),
      ]);
      if (!read) return undefined;
      // The values each clause of a condition read: the activity as a policy reads it.
      const context = whyContext(activity, interfaces ?? [], organization?.privateKeys ?? [], new Date(), wallets);
      const rejectedBy = activity.status === 'ACTIVITY_STATUS_REJECTED' ? votersOf(activity.votes).rejected : undefined;
      const section = reviewWhy(read.standing, read.names, { context, rejectedBy });
      // The header counts from the same standing as the dialog: the policies, or the root quorum's users only.
      return { section, progress: standingProgress(read.view, activity.status) };
    });
  }

  /** A read the page can do without: on failure it warns and goes on without it. */
  async #orWarn<T>(what: string, read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch (error) {
      this.#services.log.warn(`Could not read ${what}: ${errorText(error)}`);
      return undefined;
    }
  }

  #interfaces(
    store: OrganizationStore,
    organizationId: string,
  ): Promise<readonly SmartContractInterface[] | undefined> {
    return this.#orWarn(`the smart contract interfaces of ${organizationId}`, () => store.interfaces());
  }

  #names(store: OrganizationStore, organizationId: string): Promise<OrganizationNames | undefined> {
    return this.#orWarn(`organization ${organizationId} for names`, async () => {
      const organization = await store.organization();
      if (!organization) return undefined;
      const facts = await this.#services.organizationFacts().catch(() => undefined);
      return organizationNamesWithFacts(organization.data, facts);
    });
  }

  #showFailure(error: unknown): void {
    if (error instanceof CancelledError) return;
    if (this.#services.profiles.active()?.id !== this.#target.profileId) {
      this.#again = true; // The profile changed during the read: the next load shows the switch, not a failure.
      return;
    }
    this.#services.log.failure(`Could not read activity ${this.#target.activityId} for its review page`, error);
    // A state no Retry changes (the local sandbox stopped) offers the command that changes it, as the views do.
    const calm = calmStateFor(this.#services, error);
    if (calm?.action.command === CommandIds.startLocalSandbox) {
      this.#blocked(calm.tooltip, [{ id: 'startLocalSandbox', label: calm.action.title, primary: true }]);
      return;
    }
    const reason = this.#services.redact(errorText(error));
    this.#blocked(vscode.l10n.t('The activity could not be read: {0}', reason), [
      { id: 'retry', label: pageWords().retry, primary: false },
    ]);
  }

  /** The page's buttons, by action id: each runs the command the Activities view runs. */
  readonly #actions = reviewActionHandlers({
    activity: () => this.#activity,
    model: () => this.#model,
    profileId: () => this.#target.profileId,
    refresh: () => this.refresh(),
  });

  /** A message from the page, checked before anything is done with it; tests send the same ones. */
  async receive(message: unknown): Promise<void> {
    const parsed = pageMessageSchema.safeParse(message);
    if (!parsed.success) return;
    const received = parsed.data;
    switch (received.type) {
      case 'ready':
        // A new document (first shown, shown again after being hidden, or reloaded): it has drawn nothing yet.
        this.#ready = true;
        this.#deliver(true);
        return;
      case 'action':
        if (!WITHOUT_ACTIVITY.has(received.action) && !this.#activity) return;
        await this.#actions[received.action]();
        await this.refresh();
        return;
      case 'openPolicy':
        // Only a policy the page shows: the page is not trusted to name any other.
        if (!this.#model?.why?.policies.some((p) => p.policyId === received.policyId)) return;
        await vscode.commands.executeCommand(CommandIds.openPolicyAsJson, { policyId: received.policyId });
        return;
    }
  }
}
