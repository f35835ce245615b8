/**
 * Runs in VS Code's extension host against the local sandbox's Treasury organization, whose approvers are users
 * named by policies, not root users: a large transfer waits in the inbox of the finance approver who has not voted,
 * with its progress per policy in the row, the notification and the review page's "Why it waits"; each approver's
 * dialog says what their approval does (the root user's meets the root quorum and runs it without the policy), the
 * page how it ran or who rejected it; and a request denied by policy says which policy denied it.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import {
  ApiKeyStamper,
  CountersignClient,
  encodeFunctionCall,
  serializeUnsignedTransaction,
} from '../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/sampleToken';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ReviewModel } from '../../src/extension/review/reviewModel';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, failureOf, organizationNamed, run } from './hostSupport';
import { goAhead, sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

const ROOT = 0;
const APPROVER_1 = 1;
const APPROVER_2 = 2;
const DEVELOPER = 3;
const RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7';
/** Treasury's cap: from 1000 tokens of 18 decimals on, two finance approvals are needed. */
const CAP = 1000n * 10n ** 18n;
const LARGE = 'Large transfers need two finance approvals';

describe('approvals by policy in Treasury', function () {
  this.timeout(90_000);
  let api!: CountersignExtensionApi;
  let treasury!: SandboxOrganization;
  sandboxSuiteHooks((a, organizations) => {
    api = a;
    treasury = organizationNamed(organizations, 'Treasury');
  });

  const clients: CountersignClient[] = [];
  after(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  /** A client of the sandbox stamped by Treasury's user at `index`: its own, whatever profile is active. */
  function clientAs(index: number): CountersignClient {
    const key = treasury.users[index]?.apiKeys[0];
    const baseUrl = api.localSandbox.running?.baseUrl;
    assert.ok(key && baseUrl, `Treasury has a user ${index} with a key, and the sandbox runs`);
    const client = new CountersignClient(
      { baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    clients.push(client);
    return client;
  }

  /** A transfer of `amount` of the sample token, signed with Treasury's hot key, submitted as user `index`. */
  async function submitTransfer(index: number, amount: bigint): Promise<Activity> {
    const client = clientAs(index);
    const unsignedTransaction = serializeUnsignedTransaction({
      chainId: 1,
      nonce: BigInt(Date.now() % 1_000_000),
      to: SAMPLE_TOKEN_ADDRESS,
      gas: 100_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
      data: encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, amount]),
    });
    return client.signTransaction({
      organizationId: treasury.organizationId,
      parameters: {
        signWith: treasury.privateKeyIds[0] ?? '',
        unsignedTransaction,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
  }

  let large: Activity;
  const waiting = `Policy "${LARGE}": 1 of 2 approvals from finance (Treasury approver 1 approved; you can approve)`;

  it('puts a large transfer of one finance approver in the inbox of the other, who is no root user, per policy', async () => {
    large = await submitTransfer(APPROVER_1, CAP * 5n);
    assert.equal(large.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await useSandboxProfile(api, 'Treasury', APPROVER_2);
    const state = await eventually('the transfer to wait in the second approver’s inbox', async () => {
      const seen = await api.inbox.check();
      return seen?.awaiting.some((a) => a.id === large.id) ? seen : undefined;
    });
    assert.equal(state.facts?.rootUserIds.includes(state.facts.userId), false, 'a finance approver, not a root user');
    assert.equal(state.progress.get(large.id), waiting);
    assert.deepEqual(state.standings.get(large.id)?.lines, [
      waiting,
      'Root quorum: 0 of 1 (Treasury root user can approve)',
    ]);

    api.views.activities.refresh();
    const row = await eventually('the transfer in the Activities view', async () =>
      (await api.views.activities.activities()).find((r) => r.id === large.id),
    );
    const item = await api.views.activities.provider.getTreeItem(row);
    assert.match(String(item.description ?? ''), new RegExp(waiting.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // The hover is markdown: the service's text in it is escaped, every sign behind a backslash.
    const markdown = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    const hover = markdown.replace(/\\(.)/g, '$1');
    assert.ok(hover.includes(waiting), hover);
    assert.match(hover, /Root quorum: 0 of 1/);
    assert.match(hover, /The service may differ/);
  });

  it('leaves it out of the developer’s inbox: no policy names them', async () => {
    await useSandboxProfile(api, 'Treasury', DEVELOPER);
    const state = await api.inbox.check();
    assert.ok(
      state?.open.some((a) => a.id === large.id),
      'the developer sees it open',
    );
    assert.ok(!state?.awaiting.some((a) => a.id === large.id));
  });

  it('says on the review page which policy it waits for and whose approvals would complete it', async () => {
    await useSandboxProfile(api, 'Treasury', APPROVER_2);
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', large.id);
    assert.ok(model?.why, 'the page says why it waits');
    assert.equal(model.progress, waiting);
    assert.equal(model.why.heading, 'Why it waits');
    const [first] = model.why.policies;
    assert.equal(first?.outcome, waiting);
    assert.deepEqual(
      first?.expressions.map((e) => [e.label, e.marks.map((m) => m.tone)]),
      [
        ['Condition', ['met']],
        ['Consensus', ['unmet']],
      ],
    );
    // The finance tag's id in the consensus is named beside it; the condition holds no id.
    const tags = await clientAs(0).listUserTags({ organizationId: treasury.organizationId });
    const finance = tags.find((tag) => tag.tagName === 'finance')?.tagId;
    assert.ok(finance);
    assert.deepEqual(
      first?.expressions.map((e) => e.names.map((n) => [e.text.slice(n.offset, n.offset + n.length), n.title])),
      [[], [[`'${finance}'`, 'finance (user tag)']]],
    );
    assert.deepEqual(model.why.lines, ['Root quorum: 0 of 1 (Treasury root user can approve)']);
    assert.deepEqual(
      model.actions.filter((a) => a.primary).map((a) => a.id),
      ['approve'],
    );
  });

  /** The first line of the approve or reject dialog the active profile reads; the dialog is dismissed. */
  async function dialogLine(command: 'approve' | 'reject', activityId: string): Promise<string> {
    const { result, shown } = await withModalAnswers(api, () => undefined, `countersign.${command}Activity`, {
      activityId,
    });
    assert.equal(result, undefined, 'dismissed: no vote is cast');
    const detail = shown[0]?.detail ?? '';
    for (const [count, have, need] of detail.matchAll(/(\d+) of (\d+)/g))
      assert.ok(Number(have) <= Number(need), `no count above its threshold: ${count} in ${detail}`);
    return detail.split('\n')[0] ?? '';
  }

  /** Votes as the active profile, going ahead in the dialog; returns the review page's header after it. */
  async function voteAndReview(command: 'approve' | 'reject', activityId: string): Promise<string> {
    const { result } = await withModalAnswers<Activity>(api, goAhead, `countersign.${command}Activity`, {
      activityId,
    });
    assert.ok(result, 'the vote was cast');
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', activityId);
    return model?.progress ?? '';
  }

  it('walks a large transfer as the two finance approvers and the root user, each told what their approval does', async () => {
    const transfer = await submitTransfer(DEVELOPER, CAP * 2n);
    await useSandboxProfile(api, 'Treasury', APPROVER_1);
    assert.equal(
      await dialogLine('approve', transfer.id),
      `After your approval it still waits. Policy "${LARGE}": 1 of 2 approvals from finance ` +
        '(you approved; Treasury approver 2 can approve).',
    );
    assert.equal(
      await dialogLine('reject', transfer.id),
      `Policy "${LARGE}": 0 of 2 approvals from finance (you, Treasury approver 2 can approve). ` +
        'Rejecting stops it: it will not run.',
    );
    assert.equal(
      await voteAndReview('approve', transfer.id),
      `Policy "${LARGE}": 1 of 2 approvals from finance (you approved; Treasury approver 2 can approve)`,
    );

    await useSandboxProfile(api, 'Treasury', ROOT);
    assert.equal(
      await dialogLine('approve', transfer.id),
      `Your approval meets the root quorum (1 of 1): it runs without the approvals policy "${LARGE}" waits for.`,
    );

    await useSandboxProfile(api, 'Treasury', APPROVER_2);
    assert.equal(
      await dialogLine('approve', transfer.id),
      `Your approval completes policy "${LARGE}": it runs when you approve.`,
    );
    assert.equal(await voteAndReview('approve', transfer.id), `Policy "${LARGE}" allowed it: it ran.`);

    // The root user's one approval runs another at once, without the finance approvals.
    const another = await submitTransfer(DEVELOPER, CAP * 3n);
    await useSandboxProfile(api, 'Treasury', ROOT);
    assert.equal(
      await voteAndReview('approve', another.id),
      'The root quorum approved it (1 of 1): it ran without the policies.',
    );

    // A finance approver's rejection stops a third: the page says who rejected it and under which rule.
    const third = await submitTransfer(DEVELOPER, CAP * 4n);
    await useSandboxProfile(api, 'Treasury', APPROVER_2);
    assert.equal(
      await voteAndReview('reject', third.id),
      `Rejected by you, whose approval policy "${LARGE}" counts: one such rejection stops it.`,
    );
  });

  it('words a refusal by policy with the policy’s name, not its id and code', async () => {
    const root = clientAs(0);
    const created = await root.createPolicy({
      organizationId: treasury.organizationId,
      parameters: {
        policyName: 'No tags from the developer',
        effect: 'EFFECT_DENY',
        condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
        consensus: `approvers.any(u, u.id == '${treasury.users[DEVELOPER]?.userId ?? ''}')`,
        notes: 'Only in the extension-host tests.',
      },
    });
    const policyId = (created.result['createPolicyResult'] as { policyId: string }).policyId;
    try {
      await useSandboxProfile(api, 'Treasury', DEVELOPER);
      const failure = await failureOf(api, 'countersign.createPrivateKeyTag', {
        name: `denied ${Date.now()}`,
        privateKeyIds: [],
      });
      assert.match(
        failure.message,
        /^Denied by policy "No tags from the developer": the service refused the request\. /,
      );
      assert.doesNotMatch(failure.message, new RegExp(policyId), 'the policy by its name, not its id');
      assert.doesNotMatch(failure.message, /POLICY_DENIED|HTTP 403/);
    } finally {
      await root.deletePolicy({ organizationId: treasury.organizationId, parameters: { policyId } });
    }
  });
});
