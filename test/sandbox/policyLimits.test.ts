/**
 * What one policy may cost, through the sandbox and the official client: the review's 4.5 KB DENY is created, the
 * next submission is decided with that policy's OUTCOME_ERROR, and another organization is answered meanwhile;
 * expressions nested too deep are refused with 400 in the service's words.
 */
import * as assert from 'node:assert/strict';
import { TurnkeyRequestError, type TurnkeyClient } from '@turnkey/http';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

/** `L.all(x, L.all(y, L.any(z, z == -1) || true))`, each L the list [0, 1, …, 399] written out. */
const list = `[${Array.from({ length: 400 }, (_, i) => i).join(', ')}]`;
const CUBIC_DENY = `${list}.all(x, ${list}.all(y, ${list}.any(z, z == -1) || true))`;

describe('sandbox: what one policy may cost', () => {
  let t: TestSandbox;
  let organizationId: string;
  let demo: TurnkeyClient;

  beforeEach(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Demo').organizationId;
    demo = officialClient(t, 'Demo');
  });
  afterEach(() => t.close());

  const envelope = <T extends string, P>(type: T, parameters: P) => ({
    type,
    timestampMs: String(t.clock.now()),
    organizationId,
    parameters,
  });

  it('decides a submission beside the 4.5 KB DENY with its OUTCOME_ERROR, and answers another organization', async () => {
    const created = await demo.createPolicy(
      envelope('ACTIVITY_TYPE_CREATE_POLICY_V3' as const, {
        policyName: 'Cubic',
        effect: 'EFFECT_DENY' as const,
        condition: CUBIC_DENY,
        notes: '',
      }),
    );
    const policyId = created.activity.result.createPolicyResult?.policyId;
    assert.ok(policyId);
    const team = t.organization('Team');
    const [submitted, whoami] = await Promise.all([
      demo.createPrivateKeyTag(
        envelope('ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG' as const, { privateKeyTagName: 'after', privateKeyIds: [] }),
      ),
      officialClient(t, 'Team').getWhoami({ organizationId: team.organizationId }),
    ]);
    assert.equal(whoami.organizationId, team.organizationId);
    assert.equal(submitted.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const { policyEvaluations } = await demo.getPolicyEvaluations({
      organizationId,
      activityId: submitted.activity.id,
    });
    const outcomes = policyEvaluations.flatMap((record) =>
      record.policyEvaluations.filter((e) => e.policyId === policyId).map((e) => e.outcome),
    );
    assert.deepEqual(outcomes, ['OUTCOME_ERROR']);
  });

  const deep: [string, string][] = [
    ['1,300 nested brackets', `${'('.repeat(1300)}true${')'.repeat(1300)}`],
    ['1,300 nested list brackets', `${'['.repeat(1300)}true${']'.repeat(1300)} == []`],
    ['8,000 negations', `${'!'.repeat(8000)}true`],
  ];
  for (const [title, condition] of deep) {
    it(`refuses ${title} with 400 in the service's words, and creates nothing`, async () => {
      await assert.rejects(
        demo.createPolicy(
          envelope('ACTIVITY_TYPE_CREATE_POLICY_V3' as const, {
            policyName: 'Deep',
            effect: 'EFFECT_ALLOW' as const,
            condition,
            notes: '',
          }),
        ),
        (error: unknown) => {
          assert.ok(error instanceof TurnkeyRequestError, String(error));
          assert.equal(error.code, 3);
          assert.match(
            error.message,
            /^Turnkey error 3: invalid policy condition: Expression cannot be evaluated: parse error: nested deeper than 256 levels at \d+:\d+ \(/,
          );
          return true;
        },
      );
      assert.deepEqual((await demo.getPolicies({ organizationId })).policies, []);
    });
  }
});
