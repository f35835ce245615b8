/**
 * The review pages: one webview panel per activity, beside the editor, found again when it is already open, and
 * restored after a window reload (the panel serializer; the page keeps only its ids). This part is loaded at
 * activation and stays small: the page itself (its model, HTML and the decoder) is behind the pages' door (pagesDoor.ts).
 */
import * as vscode from 'vscode';
import { openPages } from '../pagesDoor';
import type { Services } from '../services';
import type { ReviewPage } from './reviewPanel';
import { reviewResourceRoots } from './reviewResources';
import type { ReviewTarget } from './reviewTarget';

export type { ReviewTarget } from './reviewTarget';

export const REVIEW_VIEW_TYPE = 'countersign.review';

function isState(value: unknown): value is Omit<ReviewTarget, 'activity'> {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state['activityId'] === 'string' &&
    typeof state['organizationId'] === 'string' &&
    typeof state['profileId'] === 'string'
  );
}

export class ReviewPages implements vscode.Disposable {
  readonly #services: Services;
  readonly #pages = new Map<string, ReviewPage>();
  readonly #serializer: vscode.Disposable;

  constructor(services: Services) {
    this.#services = services;
    this.#serializer = vscode.window.registerWebviewPanelSerializer(REVIEW_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        if (!isState(state)) {
          // A page from before its ids were kept: nothing to show it with.
          panel.dispose();
          return;
        }
        await this.#attach(panel, state);
      },
    });
  }

  async #attach(panel: vscode.WebviewPanel, target: ReviewTarget): Promise<ReviewPage> {
    const { ReviewPage } = await openPages();
    const page = new ReviewPage(this.#services, panel, target, () => {
      if (this.#pages.get(target.activityId) === page) this.#pages.delete(target.activityId);
    });
    this.#pages.set(target.activityId, page);
    await page.refresh();
    return page;
  }

  /**
   * Opens the activity's page beside the editor, or brings it forward; resolves once it shows the activity. A page
   * belongs to the profile it was opened with (its votes, its "you"): one open for another profile is replaced, in
   * its own place, by a page for the profile the review comes from.
   */
  async show(target: ReviewTarget): Promise<ReviewPage> {
    const open = this.#pages.get(target.activityId);
    if (open?.profileId === target.profileId) {
      open.panel.reveal(vscode.ViewColumn.Beside);
      await open.refresh(target.activity);
      return open;
    }
    const viewColumn = open?.panel.viewColumn ?? vscode.ViewColumn.Beside;
    open?.panel.dispose();
    const panel = vscode.window.createWebviewPanel(
      REVIEW_VIEW_TYPE,
      vscode.l10n.t('Review activity'),
      { viewColumn, preserveFocus: false },
      {
        enableScripts: true,
        enableFindWidget: true,
        localResourceRoots: reviewResourceRoots(this.#services.context.extensionUri),
      },
    );
    return this.#attach(panel, target);
  }

  /** The open page of an activity (tests read its model, its view and its HTML). */
  page(activityId: string): ReviewPage | undefined {
    return this.#pages.get(activityId);
  }

  dispose(): void {
    this.#serializer.dispose();
    for (const page of [...this.#pages.values()]) page.panel.dispose();
    this.#pages.clear();
  }
}
