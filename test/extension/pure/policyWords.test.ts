import * as assert from 'node:assert/strict';
import {
  consensusWords,
  deniedByText,
  effectWord,
  policyNamesOf,
  policySummary,
} from '../../../src/extension/wording/policyWords';
import { inTranslation } from '../../support/translatedBundle';

const FINANCE = '6f1c2a4e-0000-4000-8000-000000000001';
const HOT = '6f1c2a4e-0000-4000-8000-000000000002';
const DEVELOPER = '6f1c2a4e-0000-4000-8000-000000000003';
const ALICE = '6f1c2a4e-0000-4000-8000-000000000004';

const names = policyNamesOf({
  users: [
    { userId: DEVELOPER, userName: 'Treasury developer' },
    { userId: ALICE, userName: 'Alice' },
  ],
  userTags: [{ tagId: FINANCE, tagName: 'finance' }],
  privateKeyTags: [{ tagId: HOT, tagName: 'hot' }],
});

const allow = (consensus: string) => policySummary({ effect: 'EFFECT_ALLOW', consensus }, names);

describe('policies in words', () => {
  it('says who approves for the consensus shapes of the Treasury seed, with tags and users by name', () => {
    assert.equal(
      allow(`approvers.filter(u, u.tags.contains('${FINANCE}')).count() >= 2`),
      'Allows when 2 approvers tagged finance approve',
    );
    assert.equal(allow(`approvers.any(u, u.id == '${DEVELOPER}')`), 'Allows when Treasury developer approves');
    assert.equal(policySummary({ effect: 'EFFECT_DENY', consensus: '' }, names), 'Denies whenever its condition holds');
  });

  it('reads counts, lists, tags written with `in`, and clauses joined by && and ||', () => {
    assert.equal(allow('approvers.count() >= 3'), 'Allows when 3 approvers approve');
    assert.equal(allow('approvers.count() > 0'), 'Allows when any approver approves');
    assert.equal(
      allow(`approvers.filter(u, u.tags.contains('${FINANCE}')).count() > 1`),
      'Allows when 2 approvers tagged finance approve',
    );
    assert.equal(allow(`approvers.any(u, '${FINANCE}' in u.tags)`), 'Allows when an approver tagged finance approves');
    assert.equal(
      allow(`approvers.filter(u, u.id in ['${DEVELOPER}', '${ALICE}']).count() >= 2`),
      'Allows when 2 of Treasury developer, Alice approve',
    );
    assert.equal(
      allow(`approvers.any(u, u.id == '${ALICE}') && approvers.any(u, u.tags.contains('${FINANCE}'))`),
      'Allows when Alice approves and an approver tagged finance approves',
    );
    assert.equal(
      allow(`approvers.any(u, u.id == '${ALICE}') || approvers.count() >= 2`),
      'Allows when Alice approves or 2 approvers approve',
    );
  });

  it('shows an id it has no name for as the id, not a guess', () => {
    const unknown = '6f1c2a4e-0000-4000-8000-0000000000ff';
    assert.equal(allow(`approvers.any(u, u.id == '${unknown}')`), `Allows when ${unknown} approves`);
  });

  it('shows a consensus of any other shape as it is written, on one line', () => {
    const credentials = "credentials.any(c, c.type == 'CREDENTIAL_TYPE_API_KEY_P256')";
    assert.equal(allow(credentials), `Allows when: ${credentials}`);
    assert.equal(consensusWords(credentials, names), undefined);
    assert.equal(allow('approvers.count() >=\n  2 && true'), 'Allows when: approvers.count() >= 2 && true');
    assert.equal(allow('approvers.count( >= 2'), 'Allows when: approvers.count( >= 2', 'unparsable: as written');
    assert.equal(
      policySummary({ effect: 'EFFECT_DENY', consensus: 'approvers.count() >= 1 && false' }, names),
      'Denies when: approvers.count() >= 1 && false',
    );
    assert.equal(
      allow('approvers.count() == 2'),
      'Allows when: approvers.count() == 2',
      'exactly n is not "n or more"',
    );
  });

  it('says which policies denied a request, and the effect in one word', () => {
    assert.equal(
      deniedByText(['Hot keys sign only for registered contracts']),
      'Denied by policy "Hot keys sign only for registered contracts"',
    );
    assert.equal(deniedByText(['A', 'B']), 'Denied by policies "A", "B"');
    assert.equal(deniedByText([]), 'Denied: no policy allows it');
    assert.equal(effectWord('EFFECT_ALLOW'), 'Allow');
    assert.equal(effectWord('EFFECT_DENY'), 'Deny');
  });

  it('passes every sentence through the translation of the display language', () => {
    const upper = (message: string) => message.toUpperCase();
    assert.equal(
      inTranslation(upper, () => policySummary({ effect: 'EFFECT_ALLOW', consensus: 'approvers.count() >= 2' }, names)),
      'ALLOWS WHEN 2 APPROVERS APPROVE',
    );
  });
});
