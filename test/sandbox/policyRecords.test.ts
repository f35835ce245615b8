/** How an organization keeps the records of its policy evaluations: by the list of policies they were made with. */
import * as assert from 'node:assert/strict';
import { OrganizationPolicies, outcomeLetters, type PolicyRecord } from '../../src/sandbox/policyRecords';

const policy = (policyId: string): PolicyRecord => ({
  policyId,
  policyName: policyId,
  effect: 'EFFECT_ALLOW',
  condition: 'true',
  notes: '',
  createdAtMs: 0,
  updatedAtMs: 0,
});
const put = (policies: OrganizationPolicies, ...ids: string[]) =>
  policies.apply({ op: 'putPolicies', organizationId: 'org', records: ids.map(policy) });

describe('sandbox: policy evaluation records', () => {
  it('name each outcome by the policies of the moment, before and after the list changes', () => {
    const policies = new OrganizationPolicies();
    put(policies, 'p1', 'p2');
    const first = policies.roster();
    policies.apply({
      op: 'putPolicyEvaluation',
      organizationId: 'org',
      record: {
        id: 'e1',
        activityId: 'a',
        voteId: 'v1',
        createdAtMs: 1,
        roster: first.key,
        outcomes: outcomeLetters(['OUTCOME_ALLOW', 'OUTCOME_DENY_IMPLICIT']),
      },
    });
    policies.apply({ op: 'deletePolicies', organizationId: 'org', policyIds: ['p1'] });
    put(policies, 'p3');
    const second = policies.roster();
    assert.notEqual(second.key, first.key);
    assert.deepEqual(second.policyIds, ['p2', 'p3']);
    policies.apply({
      op: 'putPolicyEvaluation',
      organizationId: 'org',
      record: { id: 'e2', activityId: 'a', voteId: 'v2', createdAtMs: 2, roster: second.key, outcomes: 'RC' },
    });
    const [before, after] = policies.evaluationsOf('a');
    assert.deepEqual(policies.outcomesOf(before!), [
      { policyId: 'p1', outcome: 'OUTCOME_ALLOW' },
      { policyId: 'p2', outcome: 'OUTCOME_DENY_IMPLICIT' },
    ]);
    assert.deepEqual(policies.outcomesOf(after!), [
      { policyId: 'p2', outcome: 'OUTCOME_REJECTED' },
      { policyId: 'p3', outcome: 'OUTCOME_REQUIRES_CONSENSUS' },
    ]);
  });

  it('still reads a record written with each outcome beside its policy id', () => {
    const policies = new OrganizationPolicies();
    const outcomes = [
      { policyId: 'gone', outcome: 'OUTCOME_ERROR' },
      { policyId: 'p1', outcome: 'OUTCOME_TIME_INACTIVE' },
    ] as const;
    policies.apply({
      op: 'putPolicyEvaluation',
      organizationId: 'org',
      record: { id: 'e1', activityId: 'a', voteId: 'v1', createdAtMs: 1, outcomes },
    });
    const [record] = policies.evaluationsOf('a');
    assert.deepEqual(policies.outcomesOf(record!), outcomes);
  });

  it('refuses a record made with a list of policies the organization never had', () => {
    const policies = new OrganizationPolicies();
    put(policies, 'p1');
    assert.throws(
      () =>
        policies.apply({
          op: 'putPolicyEvaluation',
          organizationId: 'org',
          record: { id: 'e1', activityId: 'a', voteId: 'v1', createdAtMs: 1, roster: 'unknown', outcomes: 'A' },
        }),
      /policy evaluation e1 was made with a list of policies \(unknown\) this organization never had/,
    );
  });
});
