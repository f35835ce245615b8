/**
 * The pages' door: the first review page, passkey ceremony, policy file or JSON document opens it, and loads
 * everything behind it (pages.ts) at once. One of the extension's three lazy doors, with the client's
 * (remoteApi.ts) and the local sandbox runner's (localSandbox.ts); a failed load is tried again on the next call.
 */
import { LoadOnce } from './loadOnce';
import type * as Pages from './pages';

const pages = new LoadOnce(() => import('./pages.js'));

/** What is behind the pages' door, loaded once. */
export function openPages(): Promise<typeof Pages> {
  return pages.get();
}
