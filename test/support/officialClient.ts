/** The service's official client (@turnkey/http), signing as a seeded user of a test sandbox with their API key. */
import * as assert from 'node:assert/strict';
import { ApiKeyStamper as OfficialStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import type { SeededOrganizationName, TestSandbox } from './startTestSandbox';

export function officialClient(t: TestSandbox, name: SeededOrganizationName, userIndex = 0): TurnkeyClient {
  const key = t.organization(name).users[userIndex]?.apiKeys[0];
  assert.ok(key, `${name} has no user ${userIndex} with an API key`);
  return new TurnkeyClient(
    { baseUrl: t.baseUrl },
    new OfficialStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  );
}
