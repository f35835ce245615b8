/**
 * "Simulate a Teammate's Request" with Treasury's wallets: its developer asks the cold wallet's account to sign a
 * transfer of the sample token (`signWith` is the account's address), small enough that the developer could sign it
 * alone from the hot key, and asks for an export of the cold wallet's recovery phrase to a key of theirs. The seeded
 * policies send both to the two finance approvers: the cold wallet signs, and is exported, only with their approvals.
 */
import { generateKeyPairSync } from 'node:crypto';
import * as vscode from 'vscode';
import { InvalidInputError, type Activity, type CountersignClient } from '../../api';
import * as remote from '../../api/remote';
import type { SandboxCredentials } from '../sandboxProcess';
import { signOnSepolia, simulatedNonce, teammateClient } from './sandboxTeammates';
import { treasuryCast, TREASURY } from './simulateTreasury';

/** The seed's name for Treasury's cold wallet (the sandbox's treasurySeed.ts). */
const COLD_WALLET = 'Treasury cold';
/** 100 tokens of 18 decimals: below the cap, and still it waits, since the cold wallet signs nothing alone. */
const COLD_TRANSFER = 100n * 10n ** 18n;
const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';

export interface TreasuryWalletRequests {
  readonly organization: typeof TREASURY;
  /** The cold wallet's name, as Treasury lists it. */
  readonly walletName: string;
  /** The transfer signed by the cold wallet's account, waiting for two approvals from finance. */
  readonly transfer: Activity;
  /** The export of the cold wallet, waiting for two approvals from finance. */
  readonly export: Activity;
}

/**
 * A fresh P-256 public key (uncompressed SEC1, hex), as an export's target: the key a teammate would decrypt the
 * bundle with. Its private half is dropped: the simulated export, once approved, opens for nobody.
 */
function freshTargetKey(): string {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => Buffer.from(value ?? '', 'base64url').toString('hex');
  return `04${coordinate(jwk.x)}${coordinate(jwk.y)}`;
}

/** The cold wallet's id and its first account's address, as the developer reads them. */
async function coldWallet(
  client: CountersignClient,
  organizationId: string,
): Promise<{ walletId: string; walletName: string; address: string }> {
  const wallet = (await client.listWallets({ organizationId })).find((w) => w.walletName === COLD_WALLET);
  const accounts = wallet ? await client.listWalletAccounts({ organizationId, walletId: wallet.walletId }) : [];
  const address = accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')?.address;
  if (!wallet || address === undefined)
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t(
        'Treasury has no wallet named "{0}" with an Ethereum account: the local sandbox was seeded before it had wallets.',
        COLD_WALLET,
      ),
    );
  return { walletId: wallet.walletId, walletName: wallet.walletName, address };
}

/** The developer's two requests of the cold wallet: a transfer it signs, and its export. Both wait for finance. */
export async function requestTreasuryWallets(credentials: SandboxCredentials): Promise<TreasuryWalletRequests> {
  const { treasury, developer } = treasuryCast(credentials);
  const client = teammateClient(credentials, treasury, developer);
  try {
    const organizationId = treasury.organizationId;
    const cold = await coldWallet(client, organizationId);
    const transfer = await signOnSepolia(client, {
      organizationId,
      signWith: cold.address,
      to: remote.SAMPLE_TOKEN_ADDRESS,
      data: remote.encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, COLD_TRANSFER]),
      nonce: simulatedNonce(),
    });
    const exported = await client.exportWallet({
      organizationId,
      parameters: { walletId: cold.walletId, targetPublicKey: freshTargetKey() },
    });
    return { organization: TREASURY, walletName: cold.walletName, transfer, export: exported };
  } finally {
    await client.close();
  }
}
