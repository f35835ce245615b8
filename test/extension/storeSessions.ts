/**
 * Organization stores driven by a test, in the extension host against the local sandbox: sessions of the seeded
 * users (each with its own real client) and a store that reads through whichever session the test makes current.
 */
import * as assert from 'node:assert/strict';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import type { SandboxOrganization } from '../../src/sandbox';
import { listOpenActivities } from '../../src/extension/inbox/openActivities';
import { OrganizationStore, type StoreSession } from '../../src/extension/store/organizationStore';
import { organizationNamed } from './hostSupport';
import { sandboxOrganizations } from './sandboxProfiles';

export class StoreSessions {
  readonly #clients: CountersignClient[] = [];
  readonly #stores: OrganizationStore[] = [];

  constructor(
    readonly baseUrl: string,
    readonly organizations: readonly SandboxOrganization[],
  ) {}

  organization(name: string): SandboxOrganization {
    return organizationNamed(this.organizations, name);
  }

  /** A session of the organization's user (by index); `Client` may be a subclass that holds its answers. */
  sessionOf(org: SandboxOrganization, user = 0, Client: typeof CountersignClient = CountersignClient): StoreSession {
    const key = org.users[user]?.apiKeys[0];
    assert.ok(key, `${org.name} has a user ${user} with a key`);
    const client = new Client(
      { baseUrl: this.baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    this.#clients.push(client);
    const profile = { id: `store-${org.name}-${user}`, organizationId: org.organizationId, baseUrl: this.baseUrl };
    return { profile, client };
  }

  /** A store that reads through the session `current` gives at each read, and looks only when asked. */
  store(current: () => StoreSession): OrganizationStore {
    const store = new OrganizationStore({
      session: () => Promise.resolve(current()),
      intervalMs: () => 60_000,
      focused: () => false,
      listOpen: listOpenActivities,
      debug: () => undefined,
      warn: () => undefined,
    });
    this.#stores.push(store);
    return store;
  }

  async close(): Promise<void> {
    for (const store of this.#stores) store.dispose();
    await Promise.all(this.#clients.map((client) => client.close()));
  }
}

export async function storeSessions(api: CountersignExtensionApi): Promise<StoreSessions> {
  // Reading the seeded organizations brings the local sandbox up.
  const organizations = await sandboxOrganizations(api);
  const baseUrl = api.localSandbox.running?.baseUrl;
  assert.ok(baseUrl, 'the local sandbox runs');
  return new StoreSessions(baseUrl, organizations);
}

/** The ids of each change the store told while `body` ran, kept when `keep` says so at the moment it was told. */
export async function changesDuring(
  store: OrganizationStore,
  body: () => Promise<unknown>,
  keep: () => boolean = () => true,
): Promise<string[][]> {
  const heard: string[][] = [];
  const listening = store.onDidChange((change) => {
    if (keep()) heard.push([...change.activityIds]);
  });
  try {
    await body();
  } finally {
    listening.dispose();
  }
  return heard;
}
