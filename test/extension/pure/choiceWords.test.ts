import * as assert from 'node:assert/strict';
import { CHOICE_IDS } from '../../../src/api/remote';
import { choiceSentence, mayDifferWords } from '../../../src/extension/wording/choiceWords';
import { inTranslation } from '../../support/translatedBundle';

describe('extension (pure): the assumptions of the policy engine in plain words', () => {
  it('has one sentence for every row of docs/policies.md, and none of them is an id', () => {
    const sentences = CHOICE_IDS.map((id) => choiceSentence(id));
    for (const [index, sentence] of sentences.entries()) {
      const id = CHOICE_IDS[index] ?? '';
      assert.notEqual(sentence, id, `${id} has a sentence`);
      assert.match(sentence, /^[A-Z“].*\.$/, `${id}: one sentence`);
      assert.doesNotMatch(
        sentence,
        new RegExp(CHOICE_IDS.filter((c) => c.includes('-')).join('|')),
        `${id}: no row's id`,
      );
    }
    assert.equal(new Set(sentences).size, sentences.length, 'each row its own sentence');
  });

  it('passes each sentence through the translation of the display language, and says an unknown row by its id', () => {
    const upper = (message: string) => message.toUpperCase();
    assert.equal(
      inTranslation(upper, () => choiceSentence('tags-by-id')),
      'TAGS ARE ASSUMED TO BE MATCHED BY THEIR ID, NEVER BY THEIR NAME.',
    );
    assert.equal(choiceSentence('a-row-added-later'), 'a-row-added-later');
    assert.deepEqual(mayDifferWords(['tags-by-id']), [
      'Assumed (the service may differ): Tags are assumed to be matched by their id, never by their name.',
    ]);
  });
});
