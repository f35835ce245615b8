/**
 * The review page's script (bundled by esbuild.mjs into dist/webview/review.js). It keeps the page's ids with
 * setState, so that VS Code reopens the page after a window reload; says `ready`; then draws each view the
 * extension posts, in place (page/patch.ts), so that a page left open keeps its scroll position, focus and
 * selection. It words "5 minutes ago" itself and keeps that current without asking the extension. A button press
 * becomes a message naming the action: the extension runs the command, with its own confirmation.
 */
import type { PageMessage, ReviewAction, ReviewPageState, ReviewViewMessage } from '../reviewMessages';
import { RELATIVE_TIME_REFRESH_MS, reviewView } from '../reviewView';
import { patchChildren } from './patch';

interface WebviewApi {
  postMessage(message: PageMessage): void;
  setState(state: ReviewPageState): void;
}

declare function acquireVsCodeApi(): WebviewApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body;
let shown: ReviewViewMessage | undefined;

function pageState(): ReviewPageState | undefined {
  try {
    const state = JSON.parse(document.body.dataset['state'] ?? '') as Partial<ReviewPageState>;
    const { activityId, organizationId, profileId } = state;
    return typeof activityId === 'string' && typeof organizationId === 'string' && typeof profileId === 'string'
      ? { activityId, organizationId, profileId }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The messages the page draws: the extension is the only sender, and sends nothing else; a stray one is left. */
function isViewMessage(data: unknown): data is ReviewViewMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<ReviewViewMessage>;
  return message.type === 'view' && typeof message.view === 'object' && typeof message.words === 'object';
}

function draw(): void {
  if (!shown) return;
  const { title, nodes } = reviewView(shown, Date.now());
  if (document.title !== title) document.title = title;
  patchChildren(root, nodes);
}

/** The buttons the page shows now: a press names one of them, and nothing else. */
function shownActions(message: ReviewViewMessage | undefined): ReviewAction[] {
  const view = message?.view;
  if (!view) return [];
  if (view.kind === 'notice') return [...view.actions];
  return [...view.model.actions, ...view.model.sections.flatMap((s) => s.actions)];
}

const state = pageState();
// A page without state is not reopened after a reload; nothing else depends on it.
if (state) vscode.setState(state);

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isViewMessage(event.data)) return;
  shown = event.data;
  draw();
});

/** The policies the page shows now: a policy's button names one of them, and nothing else. */
function shownPolicies(message: ReviewViewMessage | undefined): string[] {
  const view = message?.view;
  return view?.kind === 'review' ? (view.model.why?.policies.map((p) => p.policyId) ?? []) : [];
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
  const policyId = button?.getAttribute('data-policy-id');
  if (button?.getAttribute('data-action') === 'openPolicy' && policyId && shownPolicies(shown).includes(policyId)) {
    vscode.postMessage({ type: 'openPolicy', policyId });
    return;
  }
  const action = shownActions(shown).find((a) => a.id === button?.getAttribute('data-action'));
  if (action) vscode.postMessage({ type: 'action', action: action.id });
});

// "now" becomes "1 minute ago" here, without a new view from the extension.
setInterval(draw, RELATIVE_TIME_REFRESH_MS);

vscode.postMessage({ type: 'ready' });
