import * as assert from 'node:assert/strict';
import { activitySchema } from '../../../src/api/remote';
import { subjectPickWords } from '../../../src/extension/policyFiles/policyEvaluationWords';
import { createPolicyDetail, updatePolicyDetail } from '../../../src/extension/policyFiles/policyDialogWords';
import { capInSmallestUnit, templateToken } from '../../../src/extension/policyFiles/policyTemplates';
import { KNOWN_TOKENS, SAMPLE_TOKEN_ADDRESS } from '../../../src/api/remote';
import { readPolicyFile } from '../../../src/extension/policyFiles/policyDocument';
import { policyLenses } from '../../../src/extension/policyFiles/policyLensModel';
import { policyNamesOf } from '../../../src/extension/wording/policyWords';

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
    const words = subjectPickWords(activity, 'Transfer 1,500 EXAMPLE to 0x5aAeb6…1BeAed', (id) =>
      id === KEY_ID ? 'Treasury key' : undefined,
    );
    assert.equal(words.label, 'Sign transaction with "Treasury key"');
    assert.equal(words.detail, 'Transfer 1,500 EXAMPLE to 0x5aAeb6…1BeAed');
    assert.ok(!words.label.includes(KEY_ID) && words.detail !== activity.id, 'no line is an id alone');
    assert.match(words.description, /^Consensus needed · a1b2c3d4/);
  });
});

describe('policy files: what the Create and Update dialogs show', () => {
  const ALICE = '5b0f9c1e-1111-4a4a-8b8b-000000000001';
  const FINANCE = '5b0f9c1e-2222-4a4a-8b8b-000000000002';
  const names = policyNamesOf({
    users: [{ userId: ALICE, userName: 'Alice' }],
    userTags: [{ tagId: FINANCE, tagName: 'finance' }],
    privateKeyTags: [],
  });
  const policy = {
    policyName: 'Finance approves',
    effect: 'EFFECT_ALLOW',
    notes: 'Two of finance.',
    condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'",
    consensus: `approvers.filter(u, u.tags.contains('${FINANCE}')).count() >= 2`,
  };

  it('names the ids of the expressions it will sign', () => {
    const detail = createPolicyDetail(policy, names);
    assert.ok(detail.includes(`u.tags.contains('${FINANCE}' (finance (user tag)))`), detail);
    assert.match(detail, /^Effect: Allow$/m);
  });

  it('shows each field an update changes as old → new, and which stay', () => {
    const old = {
      effect: 'EFFECT_ALLOW' as const,
      notes: 'Alice alone.',
      condition: policy.condition,
      consensus: `approvers.any(u, u.id == '${ALICE}')`,
    };
    const detail = updatePolicyDetail(policy, old, names);
    assert.ok(
      detail.includes(
        `Consensus: approvers.any(u, u.id == '${ALICE}' (Alice (user))) → approvers.filter(u, u.tags.contains('${FINANCE}' (finance (user tag)))).count() >= 2`,
      ),
      detail,
    );
    assert.ok(detail.includes('Notes: Alice alone. → Two of finance.'), detail);
    assert.ok(!detail.includes('Condition:'), 'an unchanged field has no arrow');
    assert.match(detail, /^Unchanged: Effect, Condition$/m);
  });
});

describe("policy files: the template's cap, typed in tokens", () => {
  it("knows the token's decimals from its address, whatever its case", () => {
    assert.deepEqual(templateToken(SAMPLE_TOKEN_ADDRESS.toLowerCase(), KNOWN_TOKENS), {
      chainId: undefined,
      address: SAMPLE_TOKEN_ADDRESS,
      symbol: 'EXAMPLE',
      decimals: 18,
    });
    assert.equal(templateToken(`0x${'1'.repeat(40)}`, KNOWN_TOKENS), undefined);
  });

  it('writes 1000 tokens of 18 decimals as 10^21, and refuses more decimals than the token has', () => {
    assert.equal(capInSmallestUnit('1000', 18), '1000000000000000000000');
    assert.equal(capInSmallestUnit('1,000.5', 6), '1000500000');
    assert.equal(capInSmallestUnit('0.1234567', 6), undefined);
    assert.equal(capInSmallestUnit('1.50', 1), '15');
    assert.equal(capInSmallestUnit('ten', 6), undefined);
  });
});

describe('policy files: a lens when the organization cannot be read', () => {
  const text = JSON.stringify({ policyName: 'Cap', effect: 'EFFECT_ALLOW', notes: '', condition: 'true' });
  const { entries } = readPolicyFile(text);

  it('says the organization cannot be read and offers Start Local Sandbox for the sandbox profile', () => {
    const lenses = policyLenses('file:///w/cap.policy.json', entries, undefined, true);
    const unreadable = lenses.find((lens) => lens.state === 'unreadable');
    assert.ok(unreadable, lenses.map((l) => l.title).join(' | '));
    assert.match(unreadable.title, /cannot be read/);
    assert.equal(unreadable.command, 'countersign.startLocalSandbox');
  });

  it('offers the log for another service, and says nothing of it once the organization is read', () => {
    const other = policyLenses('file:///w/cap.policy.json', entries, undefined, false);
    assert.equal(other.find((lens) => lens.state === 'unreadable')?.command, 'countersign.showLog');
    const read = policyLenses('file:///w/cap.policy.json', entries, [], true);
    assert.ok(!read.some((lens) => lens.state === 'unreadable'));
  });
});
