/** A sub-organization made through our client, as an embedded-wallet backend makes one for each of its users. */
import * as assert from 'node:assert/strict';
import type { WalletAccountParams } from '../../src/api';
import { generateApiKeyPair, type ApiKeyPair, type CountersignClient } from '../../src/api/remote';

export interface MadeSubOrganization {
  readonly subOrganizationId: string;
  readonly rootUserId: string;
  /** The root user's API key: theirs, the one a profile of the sub-organization signs with. */
  readonly apiKey: ApiKeyPair;
  readonly wallet: { readonly walletId: string; readonly addresses: readonly string[] } | undefined;
}

/** Creates a sub-organization of `organizationId` with one root user (a fresh API key) and, when given, a wallet. */
export async function createSubOrganization(
  client: CountersignClient,
  organizationId: string,
  subOrganizationName: string,
  options: {
    readonly rootUserName?: string;
    readonly wallet?: { walletName: string; accounts: WalletAccountParams[] };
  } = {},
): Promise<MadeSubOrganization> {
  const apiKey = generateApiKeyPair();
  const activity = await client.createSubOrganization({
    organizationId,
    parameters: {
      subOrganizationName,
      rootUsers: [
        {
          userName: options.rootUserName ?? 'End user',
          apiKeys: [{ apiKeyName: 'End user key', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      rootQuorumThreshold: 1,
      ...(options.wallet ? { wallet: options.wallet } : {}),
    },
  });
  assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
  const result = activity.result?.['createSubOrganizationResultV8'] as {
    subOrganizationId: string;
    rootUserIds: string[];
    wallet?: { walletId: string; addresses: string[] };
  };
  const rootUserId = result.rootUserIds[0];
  assert.ok(rootUserId);
  return { subOrganizationId: result.subOrganizationId, rootUserId, apiKey, wallet: result.wallet };
}
