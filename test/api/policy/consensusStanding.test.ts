import * as assert from 'node:assert/strict';
import { consensusStanding } from '../../../src/api/remote';

const alice = { id: 'alice', tags: ['finance'] };
const bob = { id: 'bob', tags: ['finance'] };
const carol = { id: 'carol', tags: [] };
const everyone = [alice, bob, carol];

describe('policy engine: where a consensus stands', () => {
  it('counts the approvals of a tag, says how many more it needs and who else could give them', () => {
    const consensus = "approvers.filter(u, u.tags.contains('finance')).count() >= 2";
    const standing = consensusStanding(consensus, { approvers: [carol, alice], candidates: [bob] });
    assert.equal(standing.met, false);
    assert.equal(standing.clauses.length, 1);
    const [clause] = standing.clauses;
    assert.deepEqual(
      { offset: clause?.offset, length: clause?.length, met: clause?.met },
      { offset: 0, length: consensus.length, met: false },
    );
    assert.deepEqual(clause?.count, {
      filter: { kind: 'tag', tagId: 'finance' },
      have: 1,
      need: 2,
      counted: ['alice'],
      couldApprove: ['bob'],
    });
    assert.ok(standing.choices.includes('tags-by-id'), 'tags are read as ids: the service may differ');
    const met = consensusStanding(consensus, { approvers: [alice, bob], candidates: [carol] });
    assert.equal(met.met, true);
    assert.deepEqual(met.clauses[0]?.count?.couldApprove, [], 'carol has no finance tag');
  });

  it('tells the clause that holds from the one that does not, each with its place in the text', () => {
    const consensus = "approvers.any(u, u.id == 'carol') && approvers.count() > 2";
    const standing = consensusStanding(consensus, { approvers: [carol], candidates: [alice, bob] });
    assert.equal(standing.met, false);
    const [first, second] = standing.clauses;
    assert.equal(
      consensus.slice(first?.offset, (first?.offset ?? 0) + (first?.length ?? 0)),
      "approvers.any(u, u.id == 'carol')",
    );
    assert.equal(first?.met, true);
    assert.deepEqual(first?.count?.filter, { kind: 'users', userIds: ['carol'] });
    assert.equal(
      consensus.slice(second?.offset, (second?.offset ?? 0) + (second?.length ?? 0)),
      'approvers.count() > 2',
    );
    assert.equal(second?.met, false);
    assert.deepEqual(
      { filter: second?.count?.filter, have: second?.count?.have, need: second?.count?.need },
      { filter: { kind: 'anyone' }, have: 1, need: 3 },
    );
    assert.deepEqual(second?.count?.couldApprove, ['alice', 'bob']);
  });

  it('leaves a clause of another shape uncounted, and a consensus that does not parse unknown', () => {
    const other = consensusStanding("approvers.all(u, u.tags.contains('finance'))", {
      approvers: [carol],
      candidates: everyone,
    });
    assert.equal(other.met, false);
    assert.equal(other.clauses[0]?.count, undefined);
    const broken = consensusStanding('approvers.count( >= 2', { approvers: [], candidates: everyone });
    assert.equal(broken.met, undefined);
    assert.deepEqual(broken.clauses, []);
  });
});
