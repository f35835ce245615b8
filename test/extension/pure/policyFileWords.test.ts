import * as assert from 'node:assert/strict';
import { activitySchema } from '../../../src/api/remote';
import { subjectPickWords } from '../../../src/extension/policyFiles/policyEvaluationWords';
import { englishText } from '../../../src/extension/ui/translate';

const KEY_ID = 'e348da01-7d1c-4b6e-9a55-0c2f4b139291';

describe('policy files: what the evaluation offers and says', () => {
  it('offers an activity by what it does and its key by name, the id only beside it', () => {
    const activity = activitySchema.parse({
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      organizationId: 'org-1',
      status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      intent: {
        signTransactionIntentV2: { signWith: KEY_ID, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: '0x02' },
      },
      fingerprint: 'sha256:1',
    });
    const words = subjectPickWords(
      activity,
      'Transfer 1,500 EXAMPLE to 0x5aAeb6…1BeAed',
      (id) => (id === KEY_ID ? 'Treasury key' : undefined),
      englishText,
    );
    assert.equal(words.label, 'Sign transaction with "Treasury key"');
    assert.equal(words.detail, 'Transfer 1,500 EXAMPLE to 0x5aAeb6…1BeAed');
    assert.ok(!words.label.includes(KEY_ID) && words.detail !== activity.id, 'no line is an id alone');
    assert.match(words.description, /^Consensus needed · a1b2c3d4/);
  });
});
