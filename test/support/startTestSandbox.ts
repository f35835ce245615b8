/**
 * A local sandbox for tests: in memory, on 127.0.0.1 port 0, with a clock the test can move and ready
 * clients for each seeded user. `clientFor('Team', 1)` is the second root user of Team.
 */
import { type ClientOptions } from '../../src/api';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { launchSandbox, type RunningSandbox, type SandboxOptions, type SandboxOrganization } from '../../src/sandbox';

/** The sandbox's clock and the clients' clock, moved together: real time plus an offset. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export type SeededOrganizationName = 'Demo' | 'Team' | 'Demo Sub-organization' | 'Treasury' | 'End user 1';

export interface TestSandbox {
  readonly sandbox: RunningSandbox;
  readonly baseUrl: string;
  readonly clock: TestClock;
  /** Reach inside, e.g. to register an API key that has already expired. */
  readonly engine: Awaited<ReturnType<typeof launchSandbox>>['engine'];
  organization(name: SeededOrganizationName): SandboxOrganization;
  stamperFor(name: SeededOrganizationName, userIndex?: number): ApiKeyStamper;
  /** A client stamped by that user's API key; closed with the sandbox. */
  clientFor(name: SeededOrganizationName, userIndex?: number, options?: ClientOptions): CountersignClient;
  close(): Promise<void>;
}

export async function startTestSandbox(
  options: Omit<SandboxOptions, 'now' | 'memory' | 'dataDir' | 'port'> = {},
): Promise<TestSandbox> {
  let offset = 0;
  const clock: TestClock = {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
  const { sandbox, engine } = await launchSandbox({ ...options, memory: true, port: 0, now: clock.now });
  const clients: CountersignClient[] = [];

  const organization = (name: SeededOrganizationName): SandboxOrganization => {
    const found = sandbox.credentials.organizations.find((o) => o.name === name);
    if (!found) throw new Error(`the sandbox has no organization named ${name}`);
    return found;
  };
  const stamperFor = (name: SeededOrganizationName, userIndex = 0): ApiKeyStamper => {
    const key = organization(name).users[userIndex]?.apiKeys[0];
    if (!key) throw new Error(`${name} has no user ${userIndex} with an API key`);
    return new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  };

  return {
    sandbox,
    baseUrl: sandbox.baseUrl,
    clock,
    engine,
    organization,
    stamperFor,
    clientFor(name, userIndex = 0, clientOptions = {}) {
      const client = new CountersignClient({ baseUrl: sandbox.baseUrl }, stamperFor(name, userIndex), {
        maxAttempts: 1,
        now: clock.now,
        ...clientOptions,
      });
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await sandbox.close();
    },
  };
}
