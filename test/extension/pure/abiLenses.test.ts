/**
 * What the lenses above an ABI file say, in each state, from the file's analysis and the organization's
 * interfaces. Pure: no `vscode` here.
 */
import * as assert from 'node:assert/strict';
import type { Activity, SmartContractInterface } from '../../../src/api';
import { analyzeAbiDocument } from '../../../src/api/remote';
import {
  abiLenses,
  CanonicalCache,
  largeFileLens,
  MAX_ANALYSED_ABI_CHARS,
  pendingOfOpen,
  type AbiLensInput,
} from '../../../src/extension/abi/abiLensModel';
import { CommandIds } from '../../../src/extension/commandIds';
import { readFixture } from '../../support/fixtures';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const text = readFixture('abi', 'Counter.abi.json');
const abi = JSON.parse(text) as Array<Record<string, unknown>>;

function registered(id: string, label: string, abiText: string): SmartContractInterface {
  const at = { seconds: '1700000000', nanos: '0' };
  return {
    organizationId: 'org',
    smartContractInterfaceId: id,
    smartContractAddress: ADDRESS,
    smartContractInterface: abiText,
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    label,
    notes: '',
    createdAt: at,
    updatedAt: at,
  };
}

function lensesFor(
  interfaces: SmartContractInterface[] | undefined,
  fileText = text,
  pending: AbiLensInput['pending'] = [],
) {
  const analysis = analyzeAbiDocument(fileText, '/w/abi/Counter.abi.json');
  assert.equal(analysis.kind, 'abi');
  return abiLenses({ uri: 'file:///w/abi/Counter.abi.json', ...analysis, interfaces, pending }, new CanonicalCache());
}

const CREATE = 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE';
const changed = JSON.stringify(abi.filter((entry) => entry['name'] !== 'increment'));

describe('ABI lenses', () => {
  it('offers to register an ABI that no interface of the organization has, and without a session', () => {
    for (const interfaces of [undefined, [], [registered('a', 'ERC20', '[]')]]) {
      const lenses = lensesFor(interfaces);
      assert.deepEqual(
        lenses.map((l) => [l.state, l.title, l.command]),
        [['register', '$(add) Register as smart contract interface', 'countersign.createSmartContractInterface']],
      );
      assert.deepEqual(lenses[0]?.args, [{ uri: 'file:///w/abi/Counter.abi.json', contractName: 'Counter' }]);
    }
  });

  it('names each interface whose ABI equals the file, in whatever order and spacing it was registered', () => {
    const reordered = JSON.stringify([...abi].reverse(), null, 3);
    const lenses = lensesFor([registered('a', 'Counter', reordered), registered('b', 'Counter (mainnet)', text)]);
    assert.deepEqual(
      lenses.map((l) => [l.state, l.title]),
      [
        ['registered', '$(check) Registered as Counter · 0x5aAeb6…1BeAed'],
        ['registered', '$(check) Registered as Counter (mainnet) · 0x5aAeb6…1BeAed'],
      ],
    );
    assert.deepEqual(lenses[0]?.args, [{ smartContractInterfaceId: 'a' }]);
    assert.equal(lenses[0]?.command, 'countersign.revealSmartContractInterface');
  });

  it('says the registered ABI of the same contract differs, with Compare and Replace… on the newest version', () => {
    const lenses = lensesFor([registered('a', 'Counter', changed), registered('b', 'Counter v2', changed)]);
    assert.deepEqual(
      lenses.map((l) => [l.state, l.title, l.command]),
      [
        ['differs', '$(diff) Registered ABI differs from this file', 'countersign.revealSmartContractInterface'],
        ['differs', 'Compare', 'countersign.compareWithRegisteredInterface'],
        ['differs', 'Replace…', 'countersign.replaceSmartContractInterface'],
      ],
    );
    assert.deepEqual(lenses[1]?.args, [
      { uri: 'file:///w/abi/Counter.abi.json', contractName: 'Counter', smartContractInterfaceId: 'b' },
    ]);
  });

  it('offers to delete the old version once the file is registered under a new label', () => {
    const lenses = lensesFor([registered('a', 'Counter', changed), registered('b', 'Counter v2', text)]);
    assert.deepEqual(
      lenses.map((l) => [l.state, l.title, l.command, l.args]),
      [
        [
          'registered',
          '$(check) Registered as Counter v2 · 0x5aAeb6…1BeAed',
          'countersign.revealSmartContractInterface',
          [{ smartContractInterfaceId: 'b' }],
        ],
        ['deleteOld', 'Delete old "Counter"…', 'countersign.deleteSmartContractInterface', ['a']],
      ],
    );
  });

  it('shows a registration of this ABI that waits for approval instead of Replace…', () => {
    const analysis = analyzeAbiDocument(text, '/w/abi/Counter.abi.json');
    assert.equal(analysis.kind, 'abi');
    const activity = { id: 'act-1', organizationId: 'org', status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' } as Activity;
    const pending = [
      {
        organizationId: 'org',
        activity,
        label: 'Counter v2',
        canonicalJson: analysis.contracts[0]?.canonicalJson ?? '',
        replaces: undefined,
      },
    ];
    const lenses = lensesFor([registered('a', 'Counter', changed)], text, pending);
    assert.deepEqual(
      lenses.map((l) => [l.state, l.title]),
      [['waiting', '$(watch) Registration as Counter v2 waits for approval']],
    );
    assert.deepEqual(lenses[0]?.args, [activity]);
  });

  it("says the registered ABI differs when only the order of a function's inputs differs", () => {
    const to = { name: 'to', type: 'address', internalType: 'address' };
    const amount = { name: 'amount', type: 'uint256', internalType: 'uint256' };
    const withPay = (inputs: unknown[]) =>
      JSON.stringify([...abi, { type: 'function', name: 'pay', inputs, outputs: [], stateMutability: 'nonpayable' }]);
    const lenses = lensesFor([registered('a', 'Counter', withPay([amount, to]))], withPay([to, amount]));
    assert.deepEqual(
      lenses.map((l) => l.state),
      ['differs', 'differs', 'differs'],
    );
    const same = lensesFor([registered('a', 'Counter', withPay([to, amount]))], withPay([to, amount]));
    assert.deepEqual(
      same.map((l) => l.state),
      ['registered'],
    );
  });

  it('says an invalid ABI is invalid, and points at the problem', () => {
    const broken = text.replace('"type": "uint256"', '"type": "uint257"');
    const lenses = lensesFor([registered('a', 'Counter', text)], broken);
    assert.equal(lenses.length, 1);
    assert.equal(lenses[0]?.state, 'invalid');
    assert.match(
      lenses[0]?.title ?? '',
      /^\$\(error\) Invalid ABI: Entry 0 \(constructor\): inputs\[0\]\.type is not a Solidity type/,
    );
    const target = lenses[0]?.args[0] as { offset: string; length: string };
    assert.equal(broken.slice(Number(target.offset), Number(target.offset) + Number(target.length)), '"uint257"');
  });

  it("says a registration waits for approval when the organization's open activities hold one, whoever submitted it", () => {
    const open = (id: string, organizationId: string, intent: Record<string, unknown>, type = CREATE) =>
      ({ id, organizationId, type, status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', intent }) as unknown as Activity;
    const reordered = JSON.stringify([...abi].reverse());
    const activities = [
      open('act-mine', 'org', {
        createSmartContractInterfaceIntent: { label: 'Counter', smartContractInterface: reordered },
      }),
      open('act-other-org', 'other', {
        createSmartContractInterfaceIntent: { label: 'X', smartContractInterface: text },
      }),
      open(
        'act-tag',
        'org',
        { createPrivateKeyTagIntent: { privateKeyTagName: 't' } },
        'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
      ),
      open('act-garbled', 'org', { createSmartContractInterfaceIntent: { label: 'Y', smartContractInterface: '[{' } }),
    ];
    const pending = pendingOfOpen(activities, 'org');
    assert.deepEqual(
      pending.map((p) => [p.activity.id, p.label]),
      [['act-mine', 'Counter']],
      'only the readable registrations of this organization',
    );
    const lenses = lensesFor([], text, pending);
    assert.deepEqual(
      lenses.map((l) => [l.state, l.title]),
      [['waiting', '$(watch) Registration as Counter waits for approval']],
      'no Register again while it waits',
    );
  });

  it('a file with warnings is registered from its lens only after a question', () => {
    const unnamed = JSON.stringify(
      abi.map((entry) =>
        entry['name'] === 'setNumber' ? { ...entry, inputs: [{ name: '', type: 'uint256' }] } : entry,
      ),
    );
    const [lens] = lensesFor([], unnamed);
    assert.equal(lens?.state, 'register');
    assert.deepEqual(lens?.args, [
      { uri: 'file:///w/abi/Counter.abi.json', contractName: 'Counter', confirmWarnings: true },
    ]);
    const [clean] = lensesFor([]);
    assert.deepEqual(clean?.args, [{ uri: 'file:///w/abi/Counter.abi.json', contractName: 'Counter' }]);
  });

  it('gives a file past a few megabytes one lens, which registers it (reading it only then) and names its size', () => {
    assert.ok(MAX_ANALYSED_ABI_CHARS >= 2 * 1024 * 1024, 'Foundry artifacts of a few MB are still read on each edit');
    assert.ok(MAX_ANALYSED_ABI_CHARS < 15 * 1024 * 1024, 'a 15 MB file is not');
    const lens = largeFileLens('file:///w/out/Large.json', 15 * 1024 * 1024);
    assert.equal(lens.state, 'large');
    assert.equal(lens.title, 'Large ABI file (15.0 MB): Register as smart contract interface…');
    assert.equal(lens.command, CommandIds.createSmartContractInterface);
    assert.deepEqual(lens.args, [{ uri: 'file:///w/out/Large.json' }]);
  });
});
