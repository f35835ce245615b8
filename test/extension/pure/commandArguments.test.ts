/**
 * The commands' argument schemas, read in plain Node: each call form VS Code and callers use is read into the
 * handler's typed input, and every other call is refused with what was wrong (the field, the row, the value), so
 * that a handler never sees a malformed argument.
 */
import * as assert from 'node:assert/strict';
import {
  clickedArguments,
  optionalBoolean,
  optionalString,
  optionalStrings,
  optionalText,
  options,
  policyArgument,
  readCall,
  type ReadCall,
} from '../../../src/extension/commands/commandArguments';
import { addPasskeyArguments, passkeyArguments } from '../../../src/extension/commands/passkeyOptions';
import { reviewArguments, simulateArguments } from '../../../src/extension/commands/reviewOptions';
import { voteArguments } from '../../../src/extension/commands/voteOptions';
import { activityRecord } from '../../api/sampleRecords';

const ACTIVITY_ID = '0b0e4c55-8a37-4d43-9d49-3c1b0c6a1d10';
const activity = activityRecord({ id: ACTIVITY_ID, status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' });
const activityRow = { kind: 'activity', organizationId: activity['organizationId'], activity };
const passkeyRow = {
  kind: 'authenticator',
  organizationId: 'org',
  userId: 'user',
  authenticator: { authenticatorId: 'auth-1', authenticatorName: 'Laptop' },
};
const groupRow = { kind: 'group', organizationId: 'org', label: 'Private keys' };
/** A Uri as the extension host makes it: a class instance, told by its shape. */
class FakeUri {
  readonly scheme = 'file';
  readonly path = '/a/Counter.abi.json';
  readonly fsPath = '/a/Counter.abi.json';
  with(): FakeUri {
    return this;
  }
}

function input<T>(call: ReadCall<T>): T {
  assert.ok(call.ok, `the call was refused: ${JSON.stringify(call.ok ? undefined : call.refusal)}`);
  return call.input;
}

function refusal<T>(call: ReadCall<T>) {
  assert.ok(!call.ok, `the call was read: ${JSON.stringify(call.ok ? call.input : undefined)}`);
  return call.refusal;
}

describe('command arguments', () => {
  describe('the call as VS Code makes it', () => {
    it('keeps the clicked row or file of (row, rows) and (Uri, Uris), and drops trailing undefined', () => {
      assert.deepEqual(clickedArguments([activityRow, [activityRow, activityRow]]), [activityRow]);
      const uri = new FakeUri();
      assert.deepEqual(clickedArguments([uri, [uri]]), [uri]);
      assert.deepEqual(clickedArguments([undefined, []]), []);
      assert.deepEqual(clickedArguments(['fp', undefined, undefined]), ['fp']);
      // An id followed by a list is not a selection: it stays as given, and the schema decides.
      assert.deepEqual(clickedArguments(['fp', ['a']]), ['fp', ['a']]);
    });
  });

  describe('named arguments', () => {
    const schema = options({
      label: optionalString,
      abiText: optionalText,
      deleteWithoutExport: optionalBoolean,
      privateKeyIds: optionalStrings,
    });

    it('reads strings trimmed (blank as absent), text as given, booleans and lists of ids', () => {
      assert.deepEqual(schema.parse({ label: '  Counter ' }), { label: 'Counter' });
      assert.deepEqual(schema.parse({ label: '   ' }), { label: undefined });
      assert.deepEqual(schema.parse({ abiText: ' [] ' }), { abiText: ' [] ' });
      assert.deepEqual(schema.parse({ deleteWithoutExport: null }), { deleteWithoutExport: undefined });
      assert.deepEqual(schema.parse({ privateKeyIds: [' a ', '', 'b'] }), { privateKeyIds: ['a', 'b'] });
      assert.deepEqual(schema.parse({ label: 'a', other: 1 }), { label: 'a' }, 'fields it does not name are dropped');
      assert.equal('label' in schema.parse({}), false, 'an absent field stays absent');
    });

    it('takes only plain objects: not arrays, null, strings, tree rows or class instances such as a Uri', () => {
      assert.ok(schema.safeParse(Object.create(null)).success);
      for (const value of [[], null, 'label', groupRow, new FakeUri(), new URL('file:///a.json')]) {
        assert.equal(schema.safeParse(value).success, false, JSON.stringify(value));
      }
    });
  });

  describe('a vote', () => {
    it('reads each form into one input: nothing, an activity row or record, a fingerprint, named arguments', () => {
      assert.deepEqual(input(readCall(voteArguments, [])), {});
      assert.equal(input(readCall(voteArguments, [activityRow, [activityRow]])).activity, activity);
      assert.equal(input(readCall(voteArguments, [activity])).activity, activity);
      assert.deepEqual(input(readCall(voteArguments, [' fp-1 '])), { fingerprint: 'fp-1' });
      assert.deepEqual(input(readCall(voteArguments, ['fp-1', { signer: 'passkey' }])), {
        signer: 'passkey',
        fingerprint: 'fp-1',
      });
      assert.deepEqual(input(readCall(voteArguments, [{ activityId: ACTIVITY_ID, organizationId: 'org' }])), {
        activityId: ACTIVITY_ID,
        organizationId: 'org',
      });
    });

    it('refuses a malformed signer by name, before anything runs (no hand-check left to the handler)', () => {
      assert.deepEqual(
        { ...refusal(readCall(voteArguments, [activityRow, { signer: 'ledger' }])), detail: '' },
        { reason: 'field', field: 'signer', detail: '' },
      );
      assert.equal(refusal(readCall(voteArguments, [{ fingerprint: 42 }])).reason, 'field');
    });

    it('takes no "confirmed" argument: a caller cannot say the user confirmed', () => {
      assert.equal('confirmed' in input(readCall(voteArguments, [activityRow, { confirmed: true }])), false);
      assert.equal('confirmed' in input(readCall(voteArguments, [{ fingerprint: 'fp', confirmed: true }])), false);
    });

    it('refuses rows of other kinds, numbers, null, lists, blank ids and too many arguments, saying what they were', () => {
      assert.deepEqual(refusal(readCall(voteArguments, [groupRow, [groupRow]])), { reason: 'row', row: 'group' });
      assert.deepEqual(refusal(readCall(voteArguments, [passkeyRow])), { reason: 'row', row: 'authenticator' });
      assert.deepEqual(refusal(readCall(voteArguments, [42])), { reason: 'value', type: 'number' });
      assert.deepEqual(refusal(readCall(voteArguments, [null])), { reason: 'value', type: 'null' });
      assert.deepEqual(refusal(readCall(voteArguments, [[activityRow]])), { reason: 'value', type: 'array' });
      assert.deepEqual(refusal(readCall(voteArguments, ['   '])), { reason: 'value', type: 'string' });
      assert.deepEqual(refusal(readCall(voteArguments, ['a', {}, {}])), { reason: 'count', count: 3 });
      // A half-formed activity (no status) is not one.
      assert.equal(refusal(readCall(voteArguments, [{ kind: 'activity', organizationId: 'org' }])).reason, 'row');
    });
  });

  describe('the review page', () => {
    it('tells an activity id from a fingerprint, and takes the row, the record or named arguments', () => {
      assert.deepEqual(input(readCall(reviewArguments, [ACTIVITY_ID])), { activityId: ACTIVITY_ID });
      assert.deepEqual(input(readCall(reviewArguments, ['abc123'])), { fingerprint: 'abc123' });
      assert.equal(input(readCall(reviewArguments, [activityRow])).activity, activity);
      assert.deepEqual(input(readCall(reviewArguments, [{ fingerprint: 'abc', organizationId: 'o' }])), {
        fingerprint: 'abc',
        organizationId: 'o',
      });
      assert.deepEqual(refusal(readCall(reviewArguments, [new FakeUri()])), { reason: 'value', type: 'object' });
    });

    it('simulates with nothing or { switchProfile }, and refuses a switchProfile that is not a boolean', () => {
      assert.deepEqual(input(readCall(simulateArguments, [])), {});
      assert.deepEqual(input(readCall(simulateArguments, [{ switchProfile: true }])), { switchProfile: true });
      assert.equal(refusal(readCall(simulateArguments, [{ switchProfile: 'yes' }])).reason, 'field');
    });

    it('simulates in Team or Treasury by name, and refuses any other organization', () => {
      assert.deepEqual(input(readCall(simulateArguments, [{ organization: 'Treasury', switchProfile: true }])), {
        organization: 'Treasury',
        switchProfile: true,
      });
      assert.equal(input(readCall(simulateArguments, [{ organization: 'Team' }])).organization, 'Team');
      assert.equal(refusal(readCall(simulateArguments, [{ organization: 'Demo' }])).reason, 'field');
    });

    it("simulates Treasury's wallet requests with { wallets: true }, and refuses a wallets that is not a boolean", () => {
      assert.deepEqual(input(readCall(simulateArguments, [{ wallets: true, switchProfile: true }])), {
        wallets: true,
        switchProfile: true,
      });
      assert.equal(refusal(readCall(simulateArguments, [{ wallets: 'cold' }])).reason, 'field');
    });
  });

  describe('a policy', () => {
    const policyRow = { kind: 'policy', organizationId: 'org-1', policyId: 'policy-1', id: 'row' };
    it('reads a policy row (with its organization) or { policyId } (the active one), and nothing else', () => {
      assert.deepEqual(input(readCall(policyArgument, [policyRow, [policyRow]])), {
        policyId: 'policy-1',
        organizationId: 'org-1',
      });
      assert.deepEqual(input(readCall(policyArgument, [{ policyId: ' policy-2 ' }])), { policyId: 'policy-2' });
      assert.equal(refusal(readCall(policyArgument, [{ policyId: '  ' }])).reason, 'field');
      assert.equal(refusal(readCall(policyArgument, [])).reason, 'missing');
      assert.deepEqual(refusal(readCall(policyArgument, [{ kind: 'privateKey', organizationId: 'org-1' }])), {
        reason: 'row',
        row: 'privateKey',
      });
    });
  });

  describe('passkeys', () => {
    it('reads the passkey of a row, an id or named arguments, and a name given with them', () => {
      assert.deepEqual(input(readCall(passkeyArguments, [passkeyRow, [passkeyRow]])), { authenticatorId: 'auth-1' });
      assert.deepEqual(input(readCall(passkeyArguments, [passkeyRow, { name: ' Desk ' }])), {
        name: ' Desk ',
        authenticatorId: 'auth-1',
      });
      assert.deepEqual(input(readCall(passkeyArguments, ['auth-2'])), { authenticatorId: 'auth-2' });
      assert.deepEqual(input(readCall(addPasskeyArguments, [{ name: 'Desk' }])), { name: 'Desk' });
      assert.deepEqual(refusal(readCall(addPasskeyArguments, [passkeyRow])), { reason: 'row', row: 'authenticator' });
      const named = refusal(readCall(passkeyArguments, [{ name: 3 }]));
      assert.deepEqual([named.reason, named.reason === 'field' ? named.field : ''], ['field', 'name']);
    });
  });
});
