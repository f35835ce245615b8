/**
 * Runs in VS Code's extension host against the local sandbox's Team organization (quorum 2): a teammate's transfer
 * signed by a wallet account names the wallet and the account in the inbox row, the notification, the vote dialog
 * and the review page, and a recipient that is another account of the organization reads "in your organization".
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { InboxNotice } from '../../src/extension/inbox/inbox';
import type { SandboxOrganization } from '../../src/sandbox';
import { ethereumAccount } from '../support/walletFixtures';
import { eventually, organizationNamed } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

/** An EIP-1559 transfer to `to`, serialized without 0x as the wire carries it. */
async function transferTo(to: string): Promise<string> {
  const TxEnvelope = await import('ox/TxEnvelope');
  const TxEnvelopeEip1559 = await import('ox/TxEnvelopeEip1559');
  const envelope = TxEnvelopeEip1559.from({
    chainId: 8453,
    nonce: 3n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000n,
    gas: 21_000n,
    to: to as `0x${string}`,
    value: 5n,
  });
  return TxEnvelope.serialize(envelope).slice(2);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a wallet account that signs, by its name', function () {
  this.timeout(120_000);
  let api!: CountersignExtensionApi;
  let team!: SandboxOrganization;
  const notices: InboxNotice[] = [];
  let listening: vscode.Disposable | undefined;

  sandboxSuiteHooks((a, organizations) => {
    api = a;
    team = organizationNamed(organizations, 'Team');
    listening = a.inbox.onDidNotify((notice) => {
      notices.push(notice);
    });
  });
  after(() => {
    listening?.dispose();
  });

  /** A wallet of two Ethereum accounts made in Team, through the quorum: the first root user asks, the second approves. */
  async function teamWallet(walletName: string): Promise<string[]> {
    await useSandboxProfile(api, 'Team', 0);
    const { client: asker } = await api.services.requireSession();
    const asked = await asker.createWallet({
      organizationId: team.organizationId,
      parameters: { walletName, accounts: [ethereumAccount(0), ethereumAccount(1)] },
    });
    if (asked.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED') {
      await useSandboxProfile(api, 'Team', 1);
      const { client: approver } = await api.services.requireSession();
      await approver.approveActivity({
        organizationId: team.organizationId,
        parameters: { fingerprint: asked.fingerprint },
      });
    }
    const { client } = await api.services.requireSession();
    const done = await eventually('the wallet made', async () => {
      const read = await client.getActivity({ organizationId: team.organizationId, activityId: asked.id });
      return read.status === 'ACTIVITY_STATUS_COMPLETED' ? read : undefined;
    });
    const addresses = (done.result['createWalletResult'] as { addresses?: string[] } | undefined)?.addresses ?? [];
    assert.equal(addresses.length, 2, 'the wallet has its two accounts');
    return addresses;
  }

  it("names a teammate's transfer by the wallet and account that sign it in the row, the notification, the dialog and the review page", async () => {
    const walletName = `Treasury cold ${Date.now() % 100_000}`;
    const [signer = '', recipient = ''] = await teamWallet(walletName);
    const signerName = `${walletName} · account 0`;
    const recipientName = `${walletName} · account 1`;
    const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

    await useSandboxProfile(api, 'Team', 0);
    const { client } = await api.services.requireSession();
    const submitted = await client.signTransaction({
      organizationId: team.organizationId,
      parameters: {
        signWith: signer,
        unsignedTransaction: await transferTo(recipient),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'it waits for the second root user');

    await useSandboxProfile(api, 'Team', 1);
    // The store reads the wallets with the rest of the organization: once it has, the account has its name.
    await eventually('the wallet account named in the facts', async () => {
      const facts = await api.services.organizationFacts();
      if (facts?.names.has(signer.toLowerCase())) return true;
      (await api.services.store()).markStale('organization');
      return undefined;
    });

    // The inbox/Activities row.
    const row = await eventually(
      `activity ${submitted.id} in the Activities view`,
      async () => {
        await api.inbox.check();
        api.views.activities.refresh();
        return (await api.views.activities.activities()).find((element) => element.id === submitted.id);
      },
      15_000,
    );
    const item = await api.views.activities.provider.getTreeItem(row);
    const signedBy = `Sign transaction with ${signerName} (${short(signer)})`;
    assert.match(String(item.description ?? ''), new RegExp(escaped(`with ${signerName} (${short(signer)})`)));

    // The notification.
    const notice = await eventually('the notification', async () => {
      await api.inbox.check();
      return notices.find((n) => n.activityIds.includes(submitted.id));
    });
    assert.match(notice.message, new RegExp(escaped(signedBy)));

    // The vote dialog; its harmless first button opens the review page and casts no vote.
    const { result, shown } = await withModalAnswers<Activity>(
      api,
      (r) => r.buttons[0],
      'countersign.approveActivity',
      {
        activityId: submitted.id,
      },
    );
    assert.equal(result, undefined, 'no vote was cast');
    assert.match(shown[0]?.detail ?? '', new RegExp(escaped(`Signs with: ${signerName} (${signer})`)));

    // The review page: the key that signs, and the recipient in the organization.
    const page = await eventually('the review page drawn', () => api.views.reviews.page(submitted.id)?.model);
    const rows = page.sections.flatMap((s) => s.rows);
    assert.equal(rows.find((r) => r.label === 'Signs with')?.value, `${signerName} (${signer})`);
    const to = rows.find((r) => r.label === 'Recipient');
    assert.equal(to?.value, `${recipientName} (${short(recipient)}), in your organization`);
    assert.equal(to?.title, recipient, 'the whole address is one hover away');
  });
});
