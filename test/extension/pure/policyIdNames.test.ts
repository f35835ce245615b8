import * as assert from 'node:assert/strict';
import { idLabels, namedIds, namedIdText, type IdLabel } from '../../../src/extension/wording/policyIdNames';
import { policyNamesOf } from '../../../src/extension/wording/policyWords';

const FINANCE = '6f1c2a4e-0000-4000-8000-000000000001';
const HOT = '6f1c2a4e-0000-4000-8000-000000000002';
const DEVELOPER = '6f1c2a4e-0000-4000-8000-000000000003';
const ALICE = '6f1c2a4e-0000-4000-8000-000000000004';
const HOT_KEY = '6f1c2a4e-0000-4000-8000-000000000005';
/** An id that is both a user's and a user tag's: only its place in the expression tells which it is. */
const TWICE = '6f1c2a4e-0000-4000-8000-000000000006';
const UNKNOWN = '6f1c2a4e-0000-4000-8000-0000000000ff';

const names = policyNamesOf({
  users: [
    { userId: DEVELOPER, userName: 'Treasury developer' },
    { userId: ALICE, userName: 'Alice' },
    { userId: TWICE, userName: 'Twice the user' },
  ],
  userTags: [
    { tagId: FINANCE, tagName: 'finance' },
    { tagId: TWICE, tagName: 'twice the tag' },
  ],
  privateKeyTags: [{ tagId: HOT, tagName: 'hot' }],
  privateKeys: [{ privateKeyId: HOT_KEY, privateKeyName: 'Treasury hot key' }],
});

/** Each label as the text it sits after (the literal, quotes included), its kind and its name. */
function labelled(source: string): Array<[string, IdLabel['kind'], string]> {
  return idLabels(source, names).map((label) => [
    source.slice(label.offset, label.offset + label.length),
    label.kind,
    label.name,
  ]);
}

describe('extension (pure): the names of the ids inside a policy', () => {
  it("places each name at its literal's characters, quotes included, every occurrence, in the text's order", () => {
    const source = `approvers.filter(u, u.tags.contains('${FINANCE}')).count() >= 2 ||\n  approvers.any(u, u.id == '${DEVELOPER}') || approvers.any(u, u.tags.contains('${FINANCE}'))`;
    const labels = idLabels(source, names);
    assert.deepEqual(
      labels.map((l) => [l.offset, l.length, l.id, l.name]),
      [
        [source.indexOf(`'${FINANCE}'`), FINANCE.length + 2, FINANCE, 'finance'],
        [source.indexOf(`'${DEVELOPER}'`), DEVELOPER.length + 2, DEVELOPER, 'Treasury developer'],
        [source.lastIndexOf(`'${FINANCE}'`), FINANCE.length + 2, FINANCE, 'finance'],
      ],
    );
  });

  it('tells the kind from what the literal is compared with: tags, ids, keys, credentials, lists and `in`', () => {
    assert.deepEqual(labelled(`private_key.tags.contains('${HOT}') && private_key.id == '${HOT_KEY}'`), [
      [`'${HOT}'`, 'privateKeyTag', 'hot'],
      [`'${HOT_KEY}'`, 'privateKey', 'Treasury hot key'],
    ]);
    assert.deepEqual(labelled(`approvers.any(user, '${FINANCE}' in user.tags)`), [
      [`'${FINANCE}'`, 'userTag', 'finance'],
    ]);
    assert.deepEqual(labelled(`approvers.filter(u, u.id in ['${ALICE}', '${UNKNOWN}']).count() >= 1`), [
      [`'${ALICE}'`, 'user', 'Alice'],
    ]);
    assert.deepEqual(labelled(`credentials.any(c, '${ALICE}' == c.user_id)`), [[`'${ALICE}'`, 'user', 'Alice']]);
  });

  it('names an id that is a user and a tag by its place, and leaves it bare where its place cannot tell', () => {
    assert.deepEqual(labelled(`approvers.any(u, u.tags.contains('${TWICE}'))`), [
      [`'${TWICE}'`, 'userTag', 'twice the tag'],
    ]);
    assert.deepEqual(labelled(`approvers.any(u, u.id != '${TWICE}')`), [[`'${TWICE}'`, 'user', 'Twice the user']]);
    assert.deepEqual(labelled(`activity.params.user_id == '${TWICE}'`), [], 'two ids match: no guess');
    assert.deepEqual(labelled(`activity.params.user_id == '${ALICE}'`), [[`'${ALICE}'`, 'user', 'Alice']]);
  });

  it('never guesses: an id of another kind than its place, an unknown id, a wallet, a broken expression', () => {
    assert.deepEqual(labelled(`approvers.any(u, u.tags.contains('${ALICE}'))`), [], 'a user id where a tag is read');
    assert.deepEqual(labelled(`private_key.tags.contains('${FINANCE}')`), [], 'a user tag where a key tag is read');
    assert.deepEqual(labelled(`approvers.any(u, u.id == '${UNKNOWN}')`), []);
    assert.deepEqual(labelled(`wallet.id == '${HOT_KEY}'`), [], 'a wallet id is never a key');
    assert.deepEqual(labelled(`approvers.any(u, u.id == '${ALICE}'`), [], 'unclosed: nothing the engine reads');
    assert.deepEqual(labelled(`eth.tx.function_name == 'finance'`), [], 'a name is not an id');
  });

  it('lists the named ids of a condition and consensus once each, and words their kind', () => {
    const named = namedIds(
      {
        condition: `private_key.tags.contains('${HOT}') && private_key.id == '${HOT_KEY}'`,
        consensus: `approvers.filter(u, u.tags.contains('${FINANCE}')).count() >= 2 || approvers.any(u, u.id == '${DEVELOPER}') || approvers.any(u, u.tags.contains('${FINANCE}'))`,
      },
      names,
    );
    assert.deepEqual(
      named.map((n) => [n.id, namedIdText(n)]),
      [
        [HOT, 'hot (private key tag)'],
        [HOT_KEY, 'Treasury hot key (private key)'],
        [FINANCE, 'finance (user tag)'],
        [DEVELOPER, 'Treasury developer (user)'],
      ],
    );
  });
});
