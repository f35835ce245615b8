// Where keyboard focus went in each tab, for the report of a failed step: a key pressed while focus is elsewhere
// than the test expects (a pick that lost it, a dialog giving it back late) does nothing the test can see, and a
// screenshot does not show focus. Every tab of the context records its last focus moves and the named keys pressed.
import type { BrowserContext, Page } from 'playwright-core';

/** Runs in each tab (plain JavaScript: the tests are compiled without the DOM's types). */
const RECORDER = `(() => {
  const trace = [];
  window.__countersignFocusTrace = trace;
  const areas = [
    ['.quick-input-widget', 'quick input'],
    ['.monaco-dialog-box', 'dialog'],
    ['.notification-toast, .notifications-center', 'notifications'],
    ['.part.sidebar', 'side bar'],
    ['.part.editor', 'editor'],
    ['.part.panel', 'panel'],
    ['.part.activitybar', 'activity bar'],
    ['.part.statusbar', 'status bar'],
  ];
  const where = (target) => {
    if (!(target instanceof Element)) return target === null ? 'nothing' : 'the document';
    const area = (areas.find(([selector]) => target.closest(selector)) ?? [, 'elsewhere'])[1];
    const classes = [...target.classList].slice(0, 3).join('.');
    const label = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 50);
    return area + ': ' + target.tagName.toLowerCase() + (classes ? '.' + classes : '') + ' "' + label + '"';
  };
  const note = (line) => {
    trace.push(new Date().toISOString().slice(11, 23) + ' ' + line);
    if (trace.length > 300) trace.shift();
  };
  document.addEventListener('focusin', (event) => note('focus → ' + where(event.target)), true);
  // Named keys only (Enter, F1, Escape…): what is typed may be a secret.
  const keyName = (key) => (key.length > 1 ? key : 'a character');
  const pressed = (event) => note('key ' + keyName(event.key) + ' → ' + where(event.target));
  document.addEventListener('keydown', pressed, true);
  window.addEventListener('blur', () => note('window lost focus'));
  window.addEventListener('focus', () => note('window got focus'));
})()`;

/** Records, in every tab of `context` opened from now on, each focus move, window focus change and key pressed. */
export async function traceFocus(context: BrowserContext): Promise<void> {
  await context.addInitScript(RECORDER);
}

/** The last `count` lines of a tab's trace (none when the tab has no trace or cannot answer). */
export async function focusTrace(tab: Page, count = 40): Promise<string[]> {
  return tab.evaluate<string[]>(`(window.__countersignFocusTrace ?? []).slice(-${count})`).catch(() => []);
}
