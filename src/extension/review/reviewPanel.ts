/**
 * One review page: reads the activity, the organization's names and its smart contract interfaces, draws the page
 * and keeps it current (on every change the extension announces, and by polling while it shows an activity that
 * still waits). Its buttons run the same commands as the Activities view, so the same confirmation applies.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { CancelledError, type Activity, type CountersignClient } from '../../api';
import { CommandIds } from '../commandIds';
import { organizationNames, type OrganizationNames } from '../commands/voteDialog';
import { loadRemoteApi } from '../remoteApi';
import type { Services } from '../services';
import { chooseAbiFile } from '../ui/abiDocuments';
import { isTerminal } from '../views/activityPresentation';
import { buildReviewModel, type ReviewActionId, type ReviewModel } from './reviewModel';
import { messageHtml, reviewHtml, type ReviewPageResources } from './reviewHtml';
import type { ReviewTarget } from './reviewTarget';

const t = (message: string, ...args: (string | number | boolean)[]) => vscode.l10n.t(message, ...args);

export class ReviewPage {
  readonly panel: vscode.WebviewPanel;
  readonly #services: Services;
  readonly #target: ReviewTarget;
  readonly #disposables: vscode.Disposable[] = [];
  #activity: Activity | undefined;
  #model: ReviewModel | undefined;
  #html = '';
  #refreshing: Promise<void> | undefined;
  #again = false;
  #poll: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  /** One nonce per page, so that a redraw with nothing new is no change at all (the frame is not reloaded). */
  readonly #nonce = randomBytes(16).toString('base64');

  constructor(services: Services, panel: vscode.WebviewPanel, target: ReviewTarget, onDispose: () => void) {
    this.#services = services;
    this.panel = panel;
    this.#target = target;
    this.#activity = target.activity;
    panel.iconPath = new vscode.ThemeIcon('checklist');
    panel.webview.options = {
      enableScripts: true,
      localResourceRoots: [this.#mediaRoot],
    };
    this.#disposables.push(
      panel.onDidDispose(() => {
        this.#disposed = true;
        clearTimeout(this.#poll);
        for (const d of this.#disposables) d.dispose();
        onDispose();
      }),
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidChangeViewState(() => this.#schedulePoll()),
      services.onDidChange(() => void this.refresh()),
    );
  }

  /** What the page shows (tests read it). */
  get model(): ReviewModel | undefined {
    return this.#model;
  }

  get html(): string {
    return this.#html;
  }

  get #mediaRoot(): vscode.Uri {
    return vscode.Uri.joinPath(this.#services.context.extensionUri, 'media', 'review');
  }

  #resources(): ReviewPageResources {
    const webview = this.panel.webview;
    return {
      cspSource: webview.cspSource,
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.#mediaRoot, 'review.css')).toString(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.#mediaRoot, 'review.js')).toString(),
      nonce: this.#nonce,
      state: {
        activityId: this.#target.activityId,
        organizationId: this.#target.organizationId,
        profileId: this.#target.profileId,
      },
    };
  }

  #show(html: string): void {
    if (this.#disposed || html === this.#html) return;
    this.#html = html;
    this.panel.webview.html = html;
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
        this.#schedulePoll();
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
      this.#show(
        messageHtml(
          t('Review activity {0}', this.#target.activityId),
          profile
            ? t(
                'This activity was opened with the profile "{0}". Switch to that profile to review and vote on it.',
                profile.label,
              )
            : t('The profile this activity was opened with no longer exists.'),
          this.#resources(),
          true,
          t,
        ),
      );
      return;
    }
    const { client } = session;
    const { organizationId, activityId } = this.#target;
    const activity = await client.getActivity({ organizationId, activityId });
    this.#activity = activity;
    const [names, interfaces, remote] = await Promise.all([
      this.#names(client, organizationId),
      activity.type.startsWith('ACTIVITY_TYPE_SIGN_TRANSACTION')
        ? client.listSmartContractInterfaces({ organizationId }).catch((error: unknown) => {
            this.#services.log.warn(
              `Could not read the smart contract interfaces of ${organizationId}: ${error instanceof Error ? error.message : String(error)}`,
            );
            return undefined;
          })
        : Promise.resolve([]),
      loadRemoteApi(),
    ]);
    if (this.#disposed) return;
    const model = buildReviewModel({
      activity,
      names,
      interfaces,
      decode: { transaction: remote.decodeEthereumTransaction, payload: remote.decodeRawPayload },
      nowMs: Date.now(),
      locale: vscode.env.language,
      t,
    });
    this.#model = model;
    this.panel.title = t('Review: {0}', model.title);
    this.#show(reviewHtml(model, this.#resources(), t));
  }

  async #names(client: CountersignClient, organizationId: string): Promise<OrganizationNames | undefined> {
    try {
      return organizationNames(await client.getOrganization({ organizationId }));
    } catch (error) {
      this.#services.log.warn(
        `Could not read organization ${organizationId} for names: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }

  #showFailure(error: unknown): void {
    if (error instanceof CancelledError) return;
    this.#services.log.failure(`Could not read activity ${this.#target.activityId} for its review page`, error);
    const reason = this.#services.redact(error instanceof Error ? error.message : String(error));
    this.#show(
      messageHtml(
        t('Review activity {0}', this.#target.activityId),
        t('The activity could not be read: {0}', reason),
        this.#resources(),
        true,
        t,
      ),
    );
  }

  /** While the page shows and the activity can still change, read it again after the poll interval. */
  #schedulePoll(): void {
    clearTimeout(this.#poll);
    this.#poll = undefined;
    if (this.#disposed || !this.panel.visible) return;
    if (this.#activity && isTerminal(this.#activity.status)) return;
    this.#poll = setTimeout(() => void this.refresh(), this.#services.settings().pollIntervalMs);
  }

  /** The page's buttons, by action id: each runs the command the Activities view runs. */
  readonly #actions: Readonly<Record<ReviewActionId, () => Thenable<unknown>>> = {
    approve: () => vscode.commands.executeCommand(CommandIds.approveActivity, this.#activity),
    reject: () => vscode.commands.executeCommand(CommandIds.rejectActivity, this.#activity),
    approveWithPasskey: () => vscode.commands.executeCommand(CommandIds.approveActivityWithPasskey, this.#activity),
    rejectWithPasskey: () => vscode.commands.executeCommand(CommandIds.rejectActivityWithPasskey, this.#activity),
    openJson: () => vscode.commands.executeCommand(CommandIds.openActivityJson, this.#activity),
    registerInterface: async () => {
      const address = this.#model?.registerAddress;
      const uri = await chooseAbiFile();
      if (!uri) return undefined;
      return vscode.commands.executeCommand(CommandIds.createSmartContractInterface, { uri, address });
    },
    retry: () => this.refresh(),
  };

  /** A message from the page; tests send the same ones. */
  async receive(message: unknown): Promise<void> {
    if (typeof message !== 'object' || message === null) return;
    const { type, action } = message as { type?: unknown; action?: unknown };
    if (type !== 'action' || typeof action !== 'string' || !Object.hasOwn(this.#actions, action)) return;
    if (action !== 'retry' && !this.#activity) return;
    await this.#actions[action as ReviewActionId]();
    await this.refresh();
  }
}
