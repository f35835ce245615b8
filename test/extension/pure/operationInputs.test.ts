/**
 * The pure parts of the operation commands: the address as it is typed, pasted ids, and the
 * text of the confirmation modals. No `vscode` here.
 */
import * as assert from 'node:assert/strict';
import { InvalidInputError } from '../../../src/api';
import { activitySchema, checkEthereumAddress, toChecksumAddress } from '../../../src/api/remote';
import {
  addressFromArgument,
  adviseAddress,
  labelProblem,
  notesProblem,
  parseIdList,
  smartContractInterfaceDetail,
  tagNameProblem,
  votableActivities,
} from '../../../src/extension/ui/operationInputs';
import { activityRecord } from '../../api/sampleRecords';
import { intentLines } from '../../../src/extension/wording/activityWords';
import { readableVoteDetail } from '../../../src/extension/wording/voteDialogWords';

// A known EIP-55 address (from the EIP's own examples).
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('operation inputs', () => {
  describe('pasted ids', () => {
    it('splits on commas, semicolons, spaces and new lines, drops quotes and duplicates', () => {
      assert.deepEqual(parseIdList(' a, b;c\n"d"  a '), ['a', 'b', 'c', 'd']);
      assert.deepEqual(parseIdList('   '), []);
    });
  });

  describe('contract address', () => {
    it('accepts a correct EIP-55 address as it is', () => {
      assert.deepEqual(adviseAddress(` ${CHECKSUMMED} `, checkEthereumAddress), {
        kind: 'valid',
        address: CHECKSUMMED,
      });
      assert.equal(addressFromArgument(CHECKSUMMED, checkEthereumAddress), CHECKSUMMED);
    });

    it('offers the checksummed form of an all-lowercase or all-uppercase address, and registers that form', () => {
      const lower = CHECKSUMMED.toLowerCase();
      assert.deepEqual(adviseAddress(lower, checkEthereumAddress), {
        kind: 'noChecksum',
        address: lower,
        checksummed: CHECKSUMMED,
      });
      assert.equal(addressFromArgument(lower, checkEthereumAddress), CHECKSUMMED);
      assert.equal(addressFromArgument(`0x${CHECKSUMMED.slice(2).toUpperCase()}`, checkEthereumAddress), CHECKSUMMED);
    });

    it('flags a mixed-case address whose checksum fails, and refuses it as an argument with the checksummed form as hint', () => {
      const typo = CHECKSUMMED.replace('aAeb', 'aaeb');
      const advice = adviseAddress(typo, checkEthereumAddress);
      assert.equal(advice.kind, 'checksumMismatch');
      if (advice.kind === 'checksumMismatch') assert.equal(advice.checksummed, toChecksumAddress(typo));
      assert.throws(
        () => addressFromArgument(typo, checkEthereumAddress),
        (e: unknown) =>
          e instanceof InvalidInputError &&
          /EIP-55/.test(e.message) &&
          /Nothing was sent/.test(e.message) &&
          e.hint?.includes(CHECKSUMMED) === true,
      );
    });

    it('says what is wrong with a malformed address', () => {
      const cases: Array<[string, RegExp]> = [
        ['', /empty/],
        ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /starts with 0x/],
        ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', /this one has 39/],
        ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeZ', /not hexadecimal/],
      ];
      for (const [input, problem] of cases) {
        const advice = adviseAddress(input, checkEthereumAddress);
        assert.equal(advice.kind, 'invalid', input);
        if (advice.kind === 'invalid') assert.match(advice.message, problem);
        assert.throws(
          () => addressFromArgument(input, checkEthereumAddress),
          (e: unknown) => e instanceof InvalidInputError && problem.test(e.message),
        );
      }
      const missingPrefix = adviseAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', checkEthereumAddress);
      assert.equal(
        missingPrefix.kind === 'invalid' ? missingPrefix.hint : undefined,
        'Did you mean 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?',
      );
    });
  });

  describe('labels, notes and tag names', () => {
    it('accepts 1 to 256 characters for a label or tag name and at most 4096 for notes', () => {
      assert.equal(labelProblem('Counter'), undefined);
      assert.match(labelProblem('  ') ?? '', /empty/);
      assert.match(labelProblem('x'.repeat(257)) ?? '', /257 characters/);
      assert.equal(labelProblem('x'.repeat(256)), undefined);
      assert.equal(notesProblem('x'.repeat(4096)), undefined);
      assert.match(notesProblem('x'.repeat(4097)) ?? '', /4097/);
      assert.match(tagNameProblem('') ?? '', /empty/);
      assert.equal(tagNameProblem('treasury'), undefined);
    });
  });

  describe('what a confirmation shows', () => {
    const abi = JSON.stringify([
      { type: 'function', name: 'increment', inputs: [], outputs: [], stateMutability: 'nonpayable' },
    ]).repeat(5);
    const activity = activitySchema.parse({
      ...activityRecord({
        id: 'act-7',
        status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
        type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
        intent: {
          createSmartContractInterfaceIntent: {
            smartContractAddress: CHECKSUMMED,
            smartContractInterface: abi,
            type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
            label: 'Counter',
          },
        },
      }),
      canApprove: true,
      fingerprint: 'sha256:feed',
    });

    it('shows the type in words, the organization, the intent fields (long ones shortened) and the fingerprint', () => {
      const detail = readableVoteDetail('approve', activity.fingerprint, activity.organizationId, activity, undefined);
      assert.match(detail, /^Type: Create smart contract interface$/m);
      assert.match(detail, new RegExp(`^Organization: ${activity.organizationId}$`, 'm'));
      assert.match(detail, /^Activity: act-7$/m);
      assert.match(detail, /^Fingerprint: sha256:feed$/m);
      const fields = intentLines(activity).join('\n');
      assert.match(fields, new RegExp(`^  smartContractAddress: ${CHECKSUMMED}$`, 'm'));
      assert.match(fields, /^ {2}label: Counter$/m);
      assert.match(fields, new RegExp(`smartContractInterface: .{20,}… \\(${abi.length} characters\\)`));
    });

    it('without the activity, says so and still shows organization and fingerprint', () => {
      const detail = readableVoteDetail('approve', 'sha256:feed', 'org-1', undefined, undefined);
      assert.match(detail, /^Organization: org-1$/m);
      assert.match(detail, /only its fingerprint/);
      assert.match(detail, /^Fingerprint: sha256:feed$/m);
      assert.doesNotMatch(detail, /^Type:/m);
    });

    it('bounds the number of intent lines', () => {
      const wide = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, i]));
      const lines = intentLines({ intent: { someIntent: wide } });
      assert.equal(lines.length, 15);
      assert.match(lines[14] ?? '', /16 more/);
    });

    it('names label, address and id of an interface to delete', () => {
      const detail = smartContractInterfaceDetail({
        label: 'Counter',
        smartContractAddress: CHECKSUMMED,
        smartContractInterfaceId: 'sci-1',
        organizationId: 'org-1',
      });
      assert.equal(detail, `Label: Counter\nAddress: ${CHECKSUMMED}\nID: sci-1\nOrganization: org-1`);
    });

    it('offers for a vote only the activities this user may cast that vote on', () => {
      const list = [
        { id: 'a', canApprove: true, canReject: true, fingerprint: 'f1' },
        { id: 'b', canApprove: false, canReject: true, fingerprint: 'f2' },
        { id: 'c', canApprove: true, canReject: false, fingerprint: '' },
      ];
      assert.deepEqual(
        votableActivities(list, 'approve').map((a) => a.id),
        ['a'],
      );
      assert.deepEqual(
        votableActivities(list, 'reject').map((a) => a.id),
        ['a', 'b'],
      );
    });
  });
});
