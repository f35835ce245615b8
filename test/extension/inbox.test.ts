/**
 * Runs in VS Code's extension host against the local sandbox's Team organization (quorum 2): the inbox of what
 * waits for your vote (its group, the view's badge, the status bar item, one notification per activity), the
 * progress of each activity in words, the refusal of a second vote, and a submission that needs approvals
 * reported as waiting, not as a failure.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { InboxNotice } from '../../src/extension/inbox/inbox';
import type { ActivityElement } from '../../src/extension/views/treeElements';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, failureOf, organizationNamed, run } from './hostSupport';
import { goAhead, sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** An EIP-1559 transfer, serialized without 0x as the wire carries it. */
async function unsignedTransaction(nonce: bigint): Promise<string> {
  const TxEnvelope = await import('ox/TxEnvelope');
  const TxEnvelopeEip1559 = await import('ox/TxEnvelopeEip1559');
  const envelope = TxEnvelopeEip1559.from({
    chainId: 8453,
    nonce,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000n,
    gas: 21_000n,
    to: TO,
    value: 5n,
  });
  return TxEnvelope.serialize(envelope).slice(2);
}

/** The address a signed transaction (hex without 0x) recovers to. */
async function signerOf(signedTransaction: string): Promise<string> {
  const TxEnvelopeEip1559 = await import('ox/TxEnvelopeEip1559');
  const Secp256k1 = await import('ox/Secp256k1');
  const Signature = await import('ox/Signature');
  const Address = await import('ox/Address');
  assert.match(signedTransaction, /^02[0-9a-f]+$/, 'an EIP-1559 transaction, hex without 0x');
  const signed = TxEnvelopeEip1559.deserialize(`0x02${signedTransaction.slice(2)}`);
  const { r, s, yParity } = signed;
  assert.ok(r !== undefined && s !== undefined && yParity !== undefined, 'the transaction is signed');
  const signature = Signature.from({ r, s, yParity });
  return Address.checksum(Secp256k1.recoverAddress({ payload: TxEnvelopeEip1559.getSignPayload(signed), signature }));
}

describe('the inbox: activities awaiting your vote', function () {
  this.timeout(90_000);
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

  const noticesOf = (activityId: string) => notices.filter((n) => n.activityIds.includes(activityId));

  /**
   * The row of the activity in the Activities view, once the view shows it. The activities are submitted straight
   * to the service, which tells the view nothing: each probe loads the view again, as its Refresh does, rather
   * than wait for its poll (which runs only while the view is visible).
   */
  async function rowOf(activityId: string): Promise<ActivityElement> {
    return eventually(
      `activity ${activityId} in the Activities view`,
      async () => {
        await api.inbox.check();
        api.views.activities.refresh();
        return (await api.views.activities.activities()).find((row) => row.id === activityId);
      },
      15_000,
    );
  }

  async function descriptionOf(row: ActivityElement): Promise<string> {
    const item = await api.views.activities.provider.getTreeItem(row);
    return String(item.description ?? '');
  }

  /** Team's first root user submits a sign_transaction with Team's first key; returns it and the key's address. */
  async function submitSigning(nonce: bigint): Promise<{ submitted: Activity; address: string }> {
    await useSandboxProfile(api, 'Team', 0);
    const { client } = await api.services.requireSession();
    const privateKeyId = team.privateKeyIds[0];
    assert.ok(privateKeyId, 'Team has a private key');
    const key = await client.getPrivateKey({ organizationId: team.organizationId, privateKeyId });
    const address = key.addresses.find((a) => a.format === 'ADDRESS_FORMAT_ETHEREUM')?.address;
    assert.ok(address, 'the key has an Ethereum address');
    const submitted = await client.signTransaction({
      organizationId: team.organizationId,
      parameters: {
        signWith: privateKeyId,
        unsignedTransaction: await unsignedTransaction(nonce),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    return { submitted, address };
  }

  it('a signing activity of the first root user waits in the second one\'s inbox with "1 of 2 approvals", notifies once, and completes on approval with a signature of the key', async () => {
    // What already waited for the second user is notified first, so that only the new activity is new below.
    await useSandboxProfile(api, 'Team', 1);
    await api.inbox.check();

    const { submitted, address } = await submitSigning(BigInt(Date.now() % 1_000_000));
    const ownRow = await rowOf(submitted.id);
    assert.match(await descriptionOf(ownRow), /1 of 2 approvals, you approved, waiting for Team root user 2/);
    assert.ok(!api.inbox.state?.awaiting.some((a) => a.id === submitted.id), "not in the submitter's inbox");
    assert.deepEqual(noticesOf(submitted.id), [], 'no notification for your own submission');

    await useSandboxProfile(api, 'Team', 1);
    const row = await rowOf(submitted.id);
    assert.match(await descriptionOf(row), /1 of 2 approvals, waiting for Team root user 2/);
    assert.doesNotMatch(await descriptionOf(row), /you approved/);

    const group = await api.views.activities.inboxGroup();
    assert.ok(group, 'the view opens with the inbox group');
    const roots = (await api.views.activities.provider.getChildren()) ?? [];
    assert.equal(roots[0]?.id, group.id, 'the group comes first');
    const inGroup = (await api.views.activities.provider.getChildren(group)) ?? [];
    assert.ok(
      inGroup.some((element) => element.id === submitted.id),
      'the activity is in the group',
    );
    const count = api.inbox.count;
    assert.ok(count >= 1);
    assert.equal(group.count, count);
    const groupItem = await api.views.activities.provider.getTreeItem(group);
    assert.equal(groupItem.label, `Awaiting your vote (${count})`);
    assert.equal(api.views.activities.treeView.badge?.value, count, "the view's badge shows the count");
    const words = count === 1 ? '1 activity waits for your vote' : `${count} activities wait for your vote`;
    assert.deepEqual(api.inbox.statusBar, { shown: true, text: `$(bell-dot) ${count}`, label: words });

    await api.inbox.check();
    await api.inbox.check();
    const raised = noticesOf(submitted.id);
    assert.equal(raised.length, 1, 'one notification, however many looks');
    assert.match(
      raised[0]?.message ?? '',
      /^Team root user 1 asks for your vote: Sign transaction with ".+": Sends 0\.0+5 ETH to 0x[0-9a-fA-F]{6}…[0-9a-fA-F]{6} \(1 of 2 approvals, waiting for Team root user 2\)\.$/,
    );

    // The notification's buttons: "Review" first (the page that reads what it signs), then "Show".
    assert.deepEqual(
      raised[0]?.actions.map((action) => [action.title, action.command, action.argument]),
      [
        ['Review', 'countersign.reviewActivity', submitted.id],
        ['Show', 'countersign.revealActivity', submitted.id],
      ],
    );
    const review = raised[0]?.actions[0];
    const page = await run<{ title: string }>(api, review?.command ?? '', review?.argument);
    assert.equal(page?.title, 'Sign transaction', "the notification's Review opens the activity's review page");
    await run(api, 'countersign.revealActivity', submitted.id);
    await eventually('the activity selected', () =>
      api.views.activities.treeView.selection.some((element) => element.id === submitted.id) ? true : undefined,
    );

    const { result: vote } = await withModalAnswers<Activity>(api, goAhead, 'countersign.approveActivity', row);
    assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
    const { client } = await api.services.requireSession();
    const done = await client.getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    const signedTransaction = (done.result['signTransactionResult'] as { signedTransaction?: string } | undefined)
      ?.signedTransaction;
    assert.ok(signedTransaction, 'the completed activity holds the signed transaction');
    assert.equal(await signerOf(signedTransaction), address, "the signature recovers to the key's address");

    await api.inbox.check();
    assert.ok(!api.inbox.state?.awaiting.some((a) => a.id === submitted.id), 'it left the inbox');
    assert.equal(api.inbox.count, count - 1);
    assert.equal(noticesOf(submitted.id).length, 1);
    // Finished, its row still says what it did, in the words it had while it waited.
    await eventually('the finished row saying what it did', async () => {
      const finished = await rowOf(submitted.id);
      return /Sends 0\.0+5 ETH to 0x[0-9a-fA-F]{6}…/.test(await descriptionOf(finished)) ? true : undefined;
    });
  });

  it('refuses to send a second vote on an activity you voted on, and says so', async () => {
    const { submitted } = await submitSigning(BigInt(Date.now() % 1_000_000) + 7n);
    const { client } = await api.services.requireSession();
    const votesBefore = (await client.listActivities({ organizationId: team.organizationId })).filter(
      (a) => a.type === 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
    ).length;
    const failure = await failureOf(api, 'countersign.approveActivity', submitted);
    assert.match(
      failure.message,
      /^You already approved Sign transaction with .+: each user votes once, so nothing was sent\./,
    );
    const votesAfter = (await client.listActivities({ organizationId: team.organizationId })).filter(
      (a) => a.type === 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
    ).length;
    assert.equal(votesAfter, votesBefore, 'no vote was sent');
    const after = await client.getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.equal(after.votes.length, 1);
  });

  it('one notification per vote: the inbox adds none when the activity the vote ran ends, even with nothing left open', async () => {
    const { submitted } = await submitSigning(BigInt(Date.now() % 1_000_000) + 11n);
    await useSandboxProfile(api, 'Team', 1);
    const { result: vote } = await withModalAnswers<Activity>(api, goAhead, 'countersign.approveActivity', submitted);
    assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
    const { client } = await api.services.requireSession();
    const done = await client.getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok((await api.services.store()).isSubmittedHere(done.id), 'the vote made the window follow it');
    const { reportEnded } = await import('../../src/extension/inbox/inboxLook.js');
    // A look that found nothing open read no facts: the report asks the store who the user is.
    assert.equal(await reportEnded(api.services, done, undefined), undefined, 'the vote reported it already');
    // Ended by another user's vote, it is reported, once.
    const voter = await api.services.organizationFacts();
    assert.ok(voter);
    const submitter = team.users[0]?.userId;
    assert.ok(submitter && submitter !== voter.userId);
    assert.match(
      (await reportEnded(api.services, done, { ...voter, userId: submitter })) ?? '',
      /^Sign transaction with .+: completed\./,
    );
  });

  it('reports a submission that needs approvals as waiting for 1 more approval, and the inbox follows it', async () => {
    await useSandboxProfile(api, 'Team', 0);
    const name = `Inbox tag ${Date.now()}`;
    const submitted = await run<Activity>(api, 'countersign.createPrivateKeyTag', { name, privateKeyIds: [] });
    assert.equal(submitted?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'a result, not a failure');
    const expected = `Create private key tag "${name}": waiting for 1 more approval (Team root user 2).`;
    await eventually(
      'the waiting sentence in the log',
      () => (logText().includes(expected) ? true : undefined),
      10_000,
    );
    // A look that a late profile event of the switch above made the store drop returns nothing: the next one counts.
    // Each look reads every open activity's standing, and the suite leaves many open: on a busy machine a few looks
    // take longer than the default wait.
    const state = await eventually(
      'the inbox to follow it',
      async () => {
        const look = await api.inbox.check();
        return look?.open.some((a) => a.id === submitted.id) ? look : undefined;
      },
      45_000,
    );
    assert.equal(state.progress.get(submitted.id), '1 of 2 approvals, you approved, waiting for Team root user 2');
  });

  it('raises no notification when the setting turns them off, and shows no count where nothing waits', async () => {
    const config = vscode.workspace.getConfiguration('countersign');
    await config.update('inbox.notifications', false, vscode.ConfigurationTarget.Global);
    try {
      await useSandboxProfile(api, 'Team', 1);
      await api.inbox.check();
      const { submitted } = await submitSigning(BigInt(Date.now() % 1_000_000) + 11n);
      await useSandboxProfile(api, 'Team', 1);
      const state = await api.inbox.check();
      assert.ok(
        state?.awaiting.some((a) => a.id === submitted.id),
        'it waits for the second user',
      );
      assert.deepEqual(noticesOf(submitted.id), []);
    } finally {
      await config.update('inbox.notifications', undefined, vscode.ConfigurationTarget.Global);
    }

    await useSandboxProfile(api, 'Demo');
    await api.inbox.check();
    assert.equal(api.inbox.count, 0, 'Demo (quorum 1) has nothing waiting');
    assert.equal(api.views.activities.treeView.badge, undefined, 'no badge at zero');
    assert.equal(api.inbox.statusBar.shown, false, 'no status bar item at zero');
  });

  /** The text of the "Countersign" log channel's file. */
  function logText(): string {
    const dir = api.services.context.logUri.fsPath;
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name === 'Countersign.log',
    );
    return files.map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).join('\n');
  }
});
