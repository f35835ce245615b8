/**
 * The client's door: the first request, key or store reader opens it, and loads everything behind it
 * (connected.ts) at once: the part of src/api that talks to a service (the client, undici, the response schemas),
 * and the organization store. Nothing the entry imports statically may import what is behind it
 * (test/architecture.test.ts walks the imports, test/activationBudget.test.ts weighs them). One of the extension's
 * three lazy doors, with the pages' (pagesDoor.ts) and the local sandbox runner's (localSandbox.ts); a failed load is
 * tried again on the next call.
 */
import { LoadOnce } from './loadOnce';
import type * as Connected from './connected';

const connected = new LoadOnce(() => import('./connected.js'));

/** What is behind the client's door, loaded once. */
export function openClient(): Promise<typeof Connected> {
  return connected.get();
}
