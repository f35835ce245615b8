/**
 * One review page's webview panel: its lifecycle and its messages. It keeps the page current on every change the
 * store or the extension announces, reading its model from the organization store (reviewRead.ts) or, when the
 * activity cannot be read here, showing why (reviewNotices.ts). While it shows, it watches its activity in the
 * store, whose one poll keeps it current: the page sends no request of its own. The page's HTML is set once; once
 * its script says it is ready, each model is posted to it (reviewMessages.ts) and it redraws in place, keeping
 * scroll, focus and selection. Its buttons run the same commands as the Activities view (reviewActions.ts), so the
 * same confirmation applies.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { CancelledError, type Activity } from '../../api';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import type { StoreChange } from '../store/organizationStore';
import { reviewShellHtml, type ReviewPageResources } from './reviewHtml';
import { reviewResourceRoots, reviewScriptUri, reviewStyleUri } from './reviewResources';
import { pageMessageSchema, type ReviewModel, type ReviewPageView, type ReviewViewMessage } from './reviewMessages';
import type { ReviewTarget } from './reviewTarget';
import { reviewTabTitle } from './reviewTitle';
import { reviewActionHandlers, WITHOUT_ACTIVITY } from './reviewActions';
import { blockedView, failureNotice, otherProfileNotice, pageWords, type ReviewNotice } from './reviewNotices';
import { readReviewModel } from './reviewRead';

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

  /** What the page shows while its activity cannot be read here: the note, and the activity as last read. */
  #blocked(notice: ReviewNotice): void {
    this.#show(blockedView(this.#model, this.#target.activityId, notice));
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
      this.#blocked(otherProfileNotice(profile));
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
    const model = await readReviewModel(this.#services, store, organizationId, activity, () => this.#disposed);
    if (model) this.update(model);
  }

  #showFailure(error: unknown): void {
    if (error instanceof CancelledError) return;
    if (this.#services.profiles.active()?.id !== this.#target.profileId) {
      this.#again = true; // The profile changed during the read: the next load shows the switch, not a failure.
      return;
    }
    this.#services.log.failure(`Could not read activity ${this.#target.activityId} for its review page`, error);
    this.#blocked(failureNotice(this.#services, error));
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
