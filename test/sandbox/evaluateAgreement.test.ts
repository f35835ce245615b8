/**
 * Evaluate Policy agrees with the sandbox that decides: each step of Treasury's flows (a transfer below the cap,
 * one above it approved twice, a raw payload, a tag by the root user), a Demo policy on credentials, wallet
 * activities (a wallet created, a signing by one of its accounts, its export), and then
 * every activity the sandbox holds in every seeded organization (its seeds leave none), is read back as the
 * service serves it and judged by Evaluate's path (the organization and its wallet book as the store reads them, the
 * one policyContextOf, each policy tried as a file's); each policy's outcome is compared with the last evaluation the
 * sandbox recorded for the activity.
 */
import * as assert from 'node:assert/strict';
import { generateP256KeyPair } from '@turnkey/crypto';
import type { Policy } from '../../src/api';
import type { CountersignClient } from '../../src/api/remote';
import { evaluationContextOf } from '../../src/extension/policyFiles/evaluationSubject';
import type { FilePolicy } from '../../src/extension/policyFiles/policyDocument';
import { tryPolicy } from '../../src/extension/policyFiles/policyEvaluationWords';
import { readWalletBook } from '../../src/extension/store/walletBook';
import { startTestSandbox, type SeededOrganizationName, type TestSandbox } from '../support/startTestSandbox';
import { APPROVER_1, APPROVER_2, DEVELOPER, ROOT, treasuryTransfer } from '../support/treasuryFixtures';
import { TREASURY_TRANSFER_CAP } from '../../src/sandbox/treasurySeed';
import { createWallet, ethereumAccount } from '../support/walletFixtures';

const ORGANIZATIONS: readonly SeededOrganizationName[] = ['Demo', 'Team', 'Demo Sub-organization', 'Treasury'];

const asFilePolicy = (policy: Policy): FilePolicy => ({
  policyName: policy.policyName,
  effect: policy.effect,
  notes: policy.notes,
  ...(policy.condition ? { condition: policy.condition } : {}),
  ...(policy.consensus ? { consensus: policy.consensus } : {}),
  ...(policy.time ? { time: policy.time } : {}),
});

describe('sandbox: Evaluate Policy and the sandbox decide every activity alike', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  /** Each policy's outcome for the activity: [by the sandbox's last evaluation, by Evaluate's path]. */
  async function outcomes(client: CountersignClient, organizationId: string, activityId: string) {
    const [activity, evaluations, policies, users, organization, interfaces, walletBook] = await Promise.all([
      client.getActivity({ organizationId, activityId }),
      client.getPolicyEvaluations({ organizationId, activityId }),
      client.listPolicies({ organizationId }),
      client.listUsers({ organizationId }),
      client.getOrganization({ organizationId }),
      client.listSmartContractInterfaces({ organizationId }),
      readWalletBook(client, organizationId),
    ]);
    const last = evaluations.at(-1);
    const context = evaluationContextOf(
      activity,
      { users, organization, interfaces, walletBook },
      new Date(t.clock.now()),
    );
    const judged = (last?.policyEvaluations ?? []).filter((e) => e.outcome !== 'OUTCOME_REJECTED');
    return judged.flatMap(({ policyId, outcome }) => {
      const policy = policies.find((p) => p.policyId === policyId);
      if (!policy) return [];
      const others = policies.filter((p) => p !== policy);
      const trial = tryPolicy(asFilePolicy(policy), others, context, 'It');
      return [{ policy: policy.policyName, sandbox: outcome, evaluate: trial.outcome }];
    });
  }

  async function agree(name: SeededOrganizationName, activityId: string): Promise<number> {
    const { organizationId } = t.organization(name);
    const found = await outcomes(t.clientFor(name, ROOT), organizationId, activityId);
    for (const { policy, sandbox, evaluate } of found)
      assert.equal(evaluate, sandbox, `${name}, activity ${activityId}, policy "${policy}"`);
    return found.length;
  }

  it("agrees on each step of Treasury's flows, from the submission to the last approval", async () => {
    const { organizationId, privateKeyIds } = t.organization('Treasury');
    const hotKeyId = privateKeyIds[0]!;
    const sign = (index: number, unsignedTransaction: string) =>
      t.clientFor('Treasury', index).signTransaction({
        organizationId,
        parameters: { signWith: hotKeyId, unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' },
      });
    let compared = 0;

    const small = await sign(DEVELOPER, treasuryTransfer(TREASURY_TRANSFER_CAP - 1n, 100n));
    assert.equal(small.status, 'ACTIVITY_STATUS_COMPLETED');
    compared += await agree('Treasury', small.id);

    const large = await sign(DEVELOPER, treasuryTransfer(TREASURY_TRANSFER_CAP, 101n));
    assert.equal(large.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    compared += await agree('Treasury', large.id);
    for (const approver of [APPROVER_1, APPROVER_2]) {
      await t.clientFor('Treasury', approver).approveActivity({
        organizationId,
        parameters: { fingerprint: large.fingerprint },
      });
      compared += await agree('Treasury', large.id);
    }
    const done = await t.clientFor('Treasury', ROOT).getActivity({ organizationId, activityId: large.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');

    const raw = await t.clientFor('Treasury', ROOT).signRawPayload({
      organizationId,
      parameters: {
        signWith: hotKeyId,
        payload: '00',
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_SHA256',
      },
    });
    compared += await agree('Treasury', raw.id);

    const tag = await t.clientFor('Treasury', ROOT).createPrivateKeyTag({
      organizationId,
      parameters: { privateKeyTagName: 'agreement', privateKeyIds: [] },
    });
    compared += await agree('Treasury', tag.id);

    // Each of Treasury's three policies, at each of the five judgements of the transfers at least.
    assert.ok(compared >= 15, `${compared} outcomes compared`);
  });

  it("agrees on a Demo policy on credentials and raw payloads, with the root quorum's bypass", async () => {
    const { organizationId, privateKeyIds } = t.organization('Demo');
    const root = t.clientFor('Demo', ROOT);
    await root.createPolicy({
      organizationId,
      parameters: {
        policyName: 'API keys sign raw payloads',
        effect: 'EFFECT_ALLOW',
        condition: "activity.kind == 'SIGN_RAW_PAYLOAD' && activity.params.encoding == 'PAYLOAD_ENCODING_HEXADECIMAL'",
        consensus: "credentials.all(c, c.type == 'CREDENTIAL_TYPE_API_KEY_P256')",
        notes: '',
      },
    });
    const raw = await root.signRawPayload({
      organizationId,
      parameters: {
        signWith: privateKeyIds[0]!,
        payload: '00',
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_SHA256',
      },
    });
    const tag = await root.createPrivateKeyTag({
      organizationId,
      parameters: { privateKeyTagName: 'agreement', privateKeyIds: [] },
    });
    assert.equal(await agree('Demo', raw.id), 1);
    assert.equal(await agree('Demo', tag.id), 1);
  });

  it("agrees on wallet activities: a wallet's creation, a signing by its account, a deny on private_key it escapes, its export", async () => {
    const { organizationId } = t.organization('Treasury');
    const root = t.clientFor('Treasury', ROOT);
    const developer = t.clientFor('Treasury', DEVELOPER);
    const created = await root.createWallet({
      organizationId,
      parameters: { walletName: 'Agreement hot', accounts: [ethereumAccount(0)] },
    });
    assert.equal(created.status, 'ACTIVITY_STATUS_COMPLETED');
    const { walletId, addresses } = created.result?.['createWalletResult'] as { walletId: string; addresses: string[] };
    const other = await createWallet(root, organizationId, 'Agreement cold', [ethereumAccount(0)]);
    const policy = (policyName: string, effect: 'EFFECT_ALLOW' | 'EFFECT_DENY', condition: string) =>
      root.createPolicy({ organizationId, parameters: { policyName, effect, condition, notes: '' } });
    await policy('Agreement hot signs', 'EFFECT_ALLOW', `activity.action == 'SIGN' && wallet.id == '${walletId}'`);
    await policy('Agreement cold is not hot', 'EFFECT_ALLOW', `wallet.id == '${other.walletId}'`);
    await policy(
      'Deny keys tagged nothing',
      'EFFECT_DENY',
      "activity.action == 'SIGN' && private_key.tags.contains('no-such-tag')",
    );
    await policy(
      'Agreement hot exports',
      'EFFECT_ALLOW',
      "activity.resource == 'WALLET' && activity.action == 'EXPORT' && wallet.label == 'Agreement hot'",
    );

    const signed = await developer.signTransaction({
      organizationId,
      parameters: {
        signWith: addresses[0] ?? '',
        unsignedTransaction: treasuryTransfer(1n, 7n),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    assert.equal(signed.status, 'ACTIVITY_STATUS_COMPLETED', 'the wallet signs: its policy allows it');
    const exported = await developer.exportWallet({
      organizationId,
      parameters: { walletId, targetPublicKey: generateP256KeyPair().publicKeyUncompressed },
    });
    assert.equal(exported.status, 'ACTIVITY_STATUS_COMPLETED');

    const signing = await outcomes(root, organizationId, signed.id);
    const byName = new Map(signing.map((o) => [o.policy, o.sandbox]));
    assert.equal(byName.get('Agreement hot signs'), 'OUTCOME_ALLOW');
    assert.equal(byName.get('Agreement cold is not hot'), 'OUTCOME_DENY_IMPLICIT');
    assert.equal(byName.get('Deny keys tagged nothing'), 'OUTCOME_ERROR', 'a wallet signing has no private_key');
    for (const { policy: name, sandbox, evaluate } of signing) assert.equal(evaluate, sandbox, name);
    assert.ok((await agree('Treasury', exported.id)) >= 4);
    assert.ok((await agree('Treasury', created.id)) >= 3, 'the policies before the wallet');
  });

  it('agrees on every activity the sandbox holds afterwards, in every organization (the seeds leave none)', async () => {
    let compared = 0;
    for (const name of ORGANIZATIONS) {
      const { organizationId } = t.organization(name);
      for (const activity of await t.clientFor(name, ROOT).listActivities({ organizationId }))
        compared += await agree(name, activity.id);
    }
    assert.ok(compared >= 5, `${compared} outcomes compared`);
  });
});
