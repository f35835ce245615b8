/**
 * The HTML of the local passkey page: what is about to be signed, one button (the user gesture browsers want),
 * a Cancel button, and a small script that calls `navigator.credentials.create()` or `.get()` with the options the
 * extension gave and posts the answer back to the page's own path, once. Cancel, or the tab closing first, posts
 * `{ "cancelled": true }` instead, so that VS Code stops waiting at once. Once it has answered, the page closes
 * its tab where the browser lets it (a tab the workbench opened), and says the tab may be closed otherwise. Every text is escaped; the data travels as JSON in a
 * `<script type="application/json">` element (with `<` escaped), and the only script and style carry the nonce
 * the Content-Security-Policy allows.
 */
import { escapeHtml } from '../ui/htmlText';

export interface PasskeyPageContent {
  readonly ceremony: 'create' | 'get';
  /** The tab's title and heading. */
  readonly title: string;
  readonly intro: string;
  /** What is being enrolled or signed, line by line. */
  /** `title`: the whole of what `value` shortens (an address), shown on hover. */
  readonly rows: readonly { readonly label: string; readonly value: string; readonly title?: string }[];
  readonly button: string;
  /**
   * PublicKeyCredentialCreationOptions or PublicKeyCredentialRequestOptions as JSON; the binary fields
   * (`challenge`, `user.id`, each `allowCredentials[].id` and `excludeCredentials[].id`) in base64url.
   */
  readonly publicKey: Record<string, unknown>;
  readonly messages: {
    readonly waiting: string;
    readonly done: string;
    readonly failed: string;
    /** The Cancel button's label, and what the page says once cancelled. */
    readonly cancel: string;
    readonly cancelled: string;
    /** Shown, with the button disabled, when the page is not served from `localhost`. */
    readonly notLocalhost: string;
  };
}

/** JSON that is safe inside a script element: no `<` (so no `</script>`), no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { max-width: 44rem; margin: 3rem auto; padding: 0 1.5rem; line-height: 1.5; }
h1 { font-size: 1.4rem; margin-bottom: 0.25rem; }
.brand { opacity: 0.7; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; margin: 1.5rem 0; }
dt { font-weight: 600; }
dd { margin: 0; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
button { font-size: 1rem; padding: 0.6rem 1.4rem; border-radius: 6px; border: 1px solid #0066b8; background: #0078d4; color: #fff; cursor: pointer; }
button:disabled { opacity: 0.5; cursor: default; }
button.secondary { background: transparent; color: inherit; border-color: #8a8a8a; margin-left: 0.6rem; }
#status { margin-top: 1rem; min-height: 1.5rem; }
#status.error { color: #d13438; }
`;

/** Runs in the browser. Plain ES2020, no imports. */
const SCRIPT = `
(() => {
  const data = JSON.parse(document.getElementById('passkey-data').textContent);
  const button = document.getElementById('go');
  const cancel = document.getElementById('cancel');
  const status = document.getElementById('status');
  const say = (text, error) => { status.textContent = text; status.className = error ? 'error' : ''; };
  const fromB64 = (text) => {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  };
  const toB64 = (buffer) => {
    let raw = '';
    for (const byte of new Uint8Array(buffer)) raw += String.fromCharCode(byte);
    return btoa(raw).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  };
  const options = () => {
    const pk = JSON.parse(JSON.stringify(data.publicKey));
    pk.challenge = fromB64(pk.challenge);
    if (pk.user) pk.user.id = fromB64(pk.user.id);
    for (const list of [pk.allowCredentials, pk.excludeCredentials]) {
      for (const c of list || []) c.id = fromB64(c.id);
    }
    return pk;
  };
  const send = async (body) => {
    const response = await fetch(location.pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
    });
    if (!response.ok) throw new Error(await response.text());
  };
  // Set once the page has told VS Code how it ended: nothing is posted after that.
  let answered = false;
  const closeSoon = () => setTimeout(() => window.close(), 800);
  cancel.addEventListener('click', async () => {
    if (answered) return;
    answered = true;
    button.disabled = true;
    cancel.disabled = true;
    say(data.messages.cancelled, false);
    try { await send({ cancelled: true }); } catch (ignored) { /* VS Code stopped waiting already */ }
    closeSoon();
  });
  // A tab closed before it answered: keepalive lets the post outlive the page.
  window.addEventListener('pagehide', () => {
    if (answered) return;
    answered = true;
    fetch(location.pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cancelled: true, closed: true }),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      keepalive: true,
    }).catch(() => undefined);
  });
  if (location.hostname !== 'localhost') {
    button.disabled = true;
    say(data.messages.notLocalhost, true);
    return;
  }
  button.addEventListener('click', async () => {
    if (answered) return;
    button.disabled = true;
    say(data.messages.waiting, false);
    let credential;
    try {
      credential = data.ceremony === 'create'
        ? await navigator.credentials.create({ publicKey: options() })
        : await navigator.credentials.get({ publicKey: options() });
      if (!credential) throw new Error('no credential');
    } catch (error) {
      if (answered) return;
      answered = true;
      cancel.disabled = true;
      const name = (error && error.name) || 'Error';
      say(data.messages.failed + ' (' + name + ')', true);
      try { await send({ error: name }); } catch (ignored) { /* the page is closed already */ }
      return;
    }
    if (answered) return;
    answered = true;
    cancel.disabled = true;
    const r = credential.response;
    const body = data.ceremony === 'create'
      ? {
          id: credential.id,
          clientDataJSON: toB64(r.clientDataJSON),
          attestationObject: toB64(r.attestationObject),
          transports: typeof r.getTransports === 'function' ? r.getTransports() : [],
        }
      : {
          id: credential.id,
          clientDataJSON: toB64(r.clientDataJSON),
          authenticatorData: toB64(r.authenticatorData),
          signature: toB64(r.signature),
        };
    try {
      await send(body);
      say(data.messages.done, false);
      closeSoon();
    } catch (error) {
      say(data.messages.failed + ' ' + String((error && error.message) || error), true);
    }
  });
})();
`;

export function passkeyPageHtml(content: PasskeyPageContent, nonce: string): string {
  const rows = content.rows
    .map((row) => {
      const title = row.title === undefined ? '' : ` title="${escapeHtml(row.title)}"`;
      return `<dt>${escapeHtml(row.label)}</dt><dd${title}>${escapeHtml(row.value)}</dd>`;
    })
    .join('\n      ');
  const data = { ceremony: content.ceremony, publicKey: content.publicKey, messages: content.messages };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>${escapeHtml(content.title)}</title>
    <style nonce="${nonce}">${STYLE}</style>
  </head>
  <body>
    <div class="brand">Countersign</div>
    <h1>${escapeHtml(content.title)}</h1>
    <p>${escapeHtml(content.intro)}</p>
    <dl>
      ${rows}
    </dl>
    <button id="go" type="button">${escapeHtml(content.button)}</button><button id="cancel" type="button" class="secondary">${escapeHtml(content.messages.cancel)}</button>
    <div id="status" role="status" aria-live="polite"></div>
    <script type="application/json" id="passkey-data">${scriptJson(data)}</script>
    <script nonce="${nonce}">${SCRIPT}</script>
  </body>
</html>
`;
}
