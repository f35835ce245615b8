// What the UI tests read in a review page's document, and a client of the local sandbox the workbench started, to
// cast a vote from outside the window.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import type { SandboxCredentials } from '../../src/sandbox/credentials';

/** The review page's content: a webview is an iframe whose document hosts the page in an inner iframe. */
export function reviewFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** The little of a page's document the tests read in it (they compile without the DOM library). */
export interface PageRoot {
  readonly ownerDocument: {
    readonly defaultView: { scrollTo(x: number, y: number): void; readonly scrollY: number } | null;
    readonly activeElement: { getAttribute(name: string): string | null } | null;
  };
  querySelectorAll(
    selector: string,
  ): ArrayLike<{ getBoundingClientRect(): { top: number }; readonly innerText: string }>;
}

/** The text of the first table row whose top is in view: what the reader sees at the top of the page. */
export function topRow(root: PageRoot): string | undefined {
  return Array.from(root.querySelectorAll('tr')).find((row) => row.getBoundingClientRect().top >= 0)?.innerText;
}

/** The action of the page's focused button, if a button has the focus. */
export function focusedAction(root: PageRoot): string | null {
  return root.ownerDocument.activeElement?.getAttribute('data-action') ?? null;
}

/** A client of the local sandbox under `dir`, stamped with the API key of the organization's user at `index`. */
export function sandboxClient(
  dir: string,
  organization: string,
  index: number,
): { client: CountersignClient; organizationId: string } {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name !== 'credentials.json') continue;
    const credentials = JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')) as SandboxCredentials;
    const found = credentials.organizations.find((o) => o.name === organization);
    const key = found?.users[index]?.apiKeys[0];
    if (!found || !key) continue;
    const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
    return {
      client: new CountersignClient({ baseUrl: credentials.baseUrl }, stamper),
      organizationId: found.organizationId,
    };
  }
  throw new Error(`No local sandbox under ${dir} has an organization named ${organization}`);
}
