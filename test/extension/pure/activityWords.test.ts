import * as assert from 'node:assert/strict';
import { timestampFromMs, type Activity } from '../../../src/api';
import { activitySchema } from '../../../src/api/remote';
import { intentRows, presentActivity } from '../../../src/extension/wording/activityPresentation';
import { activityTarget, activityTitle, outcomeSentence } from '../../../src/extension/wording/activityWords';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function activity(type: string, intent: Record<string, unknown>, fields: Record<string, unknown> = {}): Activity {
  return activitySchema.parse({
    id: `act-${type}`,
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_COMPLETED',
    type: `ACTIVITY_TYPE_${type}`,
    intent,
    fingerprint: `sha256:${type.toLowerCase()}`,
    ...fields,
  });
}

const tag = activity('CREATE_PRIVATE_KEY_TAG', {
  createPrivateKeyTagIntent: { privateKeyTagName: 'treasury', privateKeyIds: [] },
});
const sci = activity('CREATE_SMART_CONTRACT_INTERFACE', {
  createSmartContractInterfaceIntent: {
    label: 'Counter',
    smartContractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    smartContractInterface: '[]',
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
  },
});

describe('wording: what an activity touched', () => {
  it('names the tag, the interface with its address, and what a deletion removes', () => {
    assert.equal(activityTarget(tag), '"treasury"');
    assert.equal(activityTarget(sci), '"Counter" · 0x5aAeb6…1BeAed');
    const deletion = activity('DELETE_SMART_CONTRACT_INTERFACE', {
      deleteSmartContractInterfaceIntent: { smartContractInterfaceId: 'sci-7' },
    });
    assert.equal(activityTarget(deletion), 'sci-7');
    const subOrganization = activity('DELETE_SUB_ORGANIZATION', {
      deleteSubOrganizationIntent: { deleteWithoutExport: false },
    });
    assert.equal(activityTarget(subOrganization), 'org-1');
  });

  it('says which activity a vote was on, by its type and target when it is known, else its fingerprint', () => {
    const vote = activity('APPROVE_ACTIVITY', { approveActivityIntent: { fingerprint: tag.fingerprint } });
    const find = (fingerprint: string) => [tag, sci].find((a) => a.fingerprint === fingerprint);
    assert.equal(activityTarget(vote, find), 'Create private key tag "treasury"');
    assert.equal(activityTitle(vote, find), 'Approve activity Create private key tag "treasury"');
    assert.equal(activityTarget(vote), 'sha256:c…ey_tag', 'the fingerprint, shortened, when the activity is not known');
  });

  it('names who cast a vote and the key it signs with, so two approvals of one transaction differ', () => {
    const keyId = 'e348da01-7d1c-4b6e-9a55-0c2f4b139291';
    const at = (ms: number) => timestampFromMs(NOW - ms);
    const voteOn = (userId: string, userName: string, ms: number) => ({
      userId,
      user: { userId, userName },
      selection: 'VOTE_SELECTION_APPROVED',
      createdAt: at(ms),
    });
    const signing = activity(
      'SIGN_TRANSACTION_V2',
      { signTransactionIntentV2: { signWith: keyId, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: '0x02' } },
      { votes: [voteOn('u-alice', 'Alice', 60_000), voteOn('u-bob', 'Bob', 30_000), voteOn('u-carol', 'Carol', 0)] },
    );
    const find = (fingerprint: string) => (fingerprint === signing.fingerprint ? signing : undefined);
    const nameOf = (id: string) => (id === keyId ? 'Treasury key' : undefined);
    // A vote activity lists its caster's own approval first, as every submission does.
    const approval = (userId: string, userName: string, ms: number) =>
      activity(
        'APPROVE_ACTIVITY',
        { approveActivityIntent: { fingerprint: signing.fingerprint } },
        { id: `vote-${ms}`, createdAt: at(ms), votes: [voteOn(userId, userName, ms)] },
      );
    const bob = presentActivity(approval('u-bob', 'Bob', 30_000), NOW, find, { nameOf }).description;
    const carol = presentActivity(approval('u-carol', 'Carol', 0), NOW, find, { nameOf }).description;
    assert.match(bob, /^by "Bob" · Sign transaction with "Treasury key"/);
    assert.match(carol, /^by "Carol" · Sign transaction with "Treasury key"/);
    assert.ok(!bob.includes('e348da01'), 'the key by its name, not its id');
    // Without votes of its own, no voter is guessed from the times of the voted activity's votes.
    const unnamed = activity(
      'APPROVE_ACTIVITY',
      { approveActivityIntent: { fingerprint: signing.fingerprint } },
      { id: 'vote-unnamed', createdAt: at(30_000) },
    );
    assert.match(presentActivity(unnamed, NOW, find, { nameOf }).description, /^Sign transaction with/);
  });

  it("shows the intent's key by its name and its transaction by what it does, ids and hex one hover away", () => {
    const keyId = 'e348da01-7d1c-4b6e-9a55-0c2f4b139291';
    const hex = `0x02${'ab'.repeat(60)}`;
    const signing = activity('SIGN_TRANSACTION_V2', {
      signTransactionIntentV2: { signWith: keyId, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: hex },
    });
    const rows = intentRows(signing, {
      nameOf: (id) => (id === keyId ? 'Treasury key' : undefined),
      transaction: 'Transfer 1,000 EXAMPLE to 0x5aAeb6…1BeAed',
    });
    const row = (key: string) => rows.find((r) => r.key === key);
    assert.equal(row('signWith')?.text, '"Treasury key"');
    assert.ok(row('signWith')?.fullText.includes(keyId), 'the id is in the hover');
    assert.equal(
      row('unsignedTransaction')?.text,
      'Transfer 1,000 EXAMPLE to 0x5aAeb6…1BeAed · 0x02ababababab…ababab (61 bytes)',
    );
    assert.equal(row('unsignedTransaction')?.fullText, hex, 'the hex is in the hover');
    assert.equal(row('type')?.text, 'TRANSACTION_TYPE_ETHEREUM');
  });

  it('puts the target first in the row, so two tag rows differ', () => {
    const view = presentActivity(tag, NOW);
    assert.equal(view.label, 'Create private key tag');
    assert.equal(view.description, '"treasury"');
    const other = activity('CREATE_PRIVATE_KEY_TAG', {
      createPrivateKeyTagIntent: { privateKeyTagName: 'payroll', privateKeyIds: [] },
    });
    assert.notEqual(presentActivity(other, NOW).description, view.description);
  });

  it('leads a message with the name, not an id', () => {
    assert.equal(outcomeSentence(tag), 'Create private key tag "treasury": completed.');
    const waiting = { ...sci, status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' };
    assert.match(
      outcomeSentence(waiting),
      /^Create smart contract interface "Counter" · 0x5aAeb6…1BeAed: waits for approvals/,
    );
  });
});
