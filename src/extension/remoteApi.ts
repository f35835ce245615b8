/**
 * The part of src/api that talks to a service (the client, undici, the response schemas) is loaded here, on
 * the first request, and never at activation: nothing the entry module imports statically may import
 * `../api/remote` (test/architecture.test.ts walks the imports, test/activationBudget.test.ts weighs them).
 */
export type RemoteApi = typeof import('../api/remote.js');

let loading: Promise<RemoteApi> | undefined;

/** The remote part of the API, loaded once; a failed load is tried again on the next call. */
export function loadRemoteApi(): Promise<RemoteApi> {
  loading ??= import('../api/remote.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
