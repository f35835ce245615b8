/**
 * One more organization in a running test sandbox, with root users holding fresh API keys, for rules the seed
 * cannot show (a sibling sub-organization, a quorum of three).
 */
import { randomUUID } from 'node:crypto';
import { ApiKeyStamper, generateApiKeyPair } from '../../src/api/remote';
import type { TestSandbox } from './startTestSandbox';

export interface ExtraOrganization {
  readonly organizationId: string;
  /** One per root user, in order. */
  readonly stampers: readonly ApiKeyStamper[];
}

export async function addOrganization(
  t: TestSandbox,
  options: { name: string; parentOrganizationId: string | null; rootQuorum: number; rootUsers: number },
): Promise<ExtraOrganization> {
  const now = t.clock.now();
  const users = Array.from({ length: options.rootUsers }, (_, index) => {
    const pair = generateApiKeyPair();
    return {
      stamper: new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
      record: {
        userId: randomUUID(),
        userName: `${options.name} root user ${index + 1}`,
        createdAtMs: now,
        apiKeys: [
          { apiKeyId: randomUUID(), apiKeyName: `key ${index + 1}`, publicKey: pair.publicKey, createdAtMs: now },
        ],
      },
    };
  });
  const organizationId = randomUUID();
  await t.engine.commit({
    kind: 'seed',
    organizations: [
      {
        organizationId,
        name: options.name,
        parentOrganizationId: options.parentOrganizationId,
        rootQuorum: options.rootQuorum,
        rootUserIds: users.map((u) => u.record.userId),
        users: users.map((u) => u.record),
        privateKeys: [],
        createdAtMs: now,
      },
    ],
  });
  return { organizationId, stampers: users.map((u) => u.stamper) };
}
