import * as assert from 'node:assert/strict';
import { InvalidInputError, SMART_CONTRACT_INTERFACE_MAX_BYTES } from '../../src/api';
import {
  checkEthereumAddress,
  listAbiContracts,
  readAbiFile,
  toChecksumAddress,
  validateAbi,
} from '../../src/api/remote';
import { readFixture } from '../support/fixtures';

function rejects(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof InvalidInputError, `expected InvalidInputError, got ${String(error)}`);
    assert.match(error.message, pattern);
    return true;
  });
}

describe('ABI files', () => {
  const counterAbi = JSON.parse(readFixture('abi', 'Counter.abi.json')) as unknown[];

  it('reads a plain ABI array and names the contract after the file', () => {
    const read = readAbiFile(readFixture('abi', 'Counter.abi.json'), 'out/Counter.abi.json');
    assert.equal(read.format, 'plain');
    assert.equal(read.contractName, 'Counter');
    assert.equal(read.abi.length, counterAbi.length);
    assert.equal(read.json, JSON.stringify(counterAbi));
    assert.equal(read.bytes, Buffer.byteLength(read.json));
  });

  it('reads a Foundry artifact and takes the name from its compilation target', () => {
    const read = readAbiFile(readFixture('abi', 'Counter.foundry.json'), 'Whatever.json');
    assert.equal(read.format, 'foundry');
    assert.equal(read.contractName, 'Counter');
    assert.equal(read.json, JSON.stringify(counterAbi));
  });

  it('reads a Hardhat artifact', () => {
    const text = JSON.stringify({
      _format: 'hh-sol-artifact-1',
      contractName: 'Token',
      sourceName: 'contracts/Token.sol',
      abi: counterAbi,
      bytecode: '0x',
    });
    const read = readAbiFile(text, 'Token.json');
    assert.equal(read.format, 'hardhat');
    assert.equal(read.contractName, 'Token');
  });

  it('reads a Truffle build', () => {
    const read = readAbiFile(readFixture('abi', 'MetaCoin.truffle.json'), 'MetaCoin.json');
    assert.equal(read.format, 'truffle');
    assert.equal(read.contractName, 'MetaCoin');
    assert.ok(read.abi.some((e) => e.type === 'function' && e.name === 'sendCoin'));
  });

  it('reads solc --combined-json where the ABI is a JSON string, picking the one non-empty contract', () => {
    const text = readFixture('abi', 'combined.solc.json');
    assert.deepEqual(
      listAbiContracts(text).map((c) => c.contractName),
      ['Counter', 'Lib'],
    );
    const read = readAbiFile(text, 'combined.json');
    assert.equal(read.format, 'solc-combined');
    assert.equal(read.contractName, 'Counter');
    assert.equal(read.json, JSON.stringify(counterAbi));
  });

  it('refuses to guess between several non-empty contracts and reads the one named', () => {
    const text = JSON.stringify({ contracts: { 'a.sol:A': { abi: counterAbi }, 'b.sol:B': { abi: counterAbi } } });
    rejects(() => readAbiFile(text, 'c.json'), /2 contracts \(A, B\); choose one/);
    assert.equal(readAbiFile(text, 'c.json', 'B').contractName, 'B');
    rejects(() => readAbiFile(text, 'c.json', 'C'), /no contract named "C"/);
  });

  it('reads solc standard JSON output', () => {
    const text = JSON.stringify({ contracts: { 'src/Counter.sol': { Counter: { abi: counterAbi, evm: {} } } } });
    const read = readAbiFile(text);
    assert.equal(read.format, 'solc-standard');
    assert.equal(read.contractName, 'Counter');
  });

  it('reads an Etherscan getabi response whose result is a JSON string', () => {
    const read = readAbiFile(readFixture('abi', 'Counter.etherscan.json'), 'Counter.etherscan.json');
    assert.equal(read.format, 'etherscan');
    assert.equal(read.json, JSON.stringify(counterAbi));
  });

  it('explains an Etherscan error response instead of reading it as an ABI', () => {
    const text = JSON.stringify({ status: '0', message: 'NOTOK', result: 'Contract source code not verified' });
    rejects(() => readAbiFile(text, 'x.json'), /Etherscan error response.*not verified/);
  });

  it('points at the line and column of a JSON syntax error, naming the file', () => {
    rejects(
      () => readAbiFile(readFixture('abi', 'not-json.json'), 'not-json.json'),
      /^not-json\.json: the file is not valid JSON \(line 3, column \d+\)/,
    );
  });

  it('names the entry and field of an invalid parameter type', () => {
    rejects(
      () => readAbiFile(readFixture('abi', 'invalid-type.json'), 'invalid-type.json'),
      /invalid-type\.json: invalid ABI: entry 1 \(function transfer\): inputs\[0\]\.type is not a Solidity type/,
    );
  });

  it('rejects an unknown entry type, a missing name, a non-object entry and an empty ABI', () => {
    rejects(() => readAbiFile('[{"type":"method","name":"x"}]'), /entry 0 \(method x\): type is not function, event/);
    rejects(() => readAbiFile('[{"type":"event","inputs":[]}]'), /entry 0 \(event\): name is missing/);
    rejects(() => readAbiFile('[42]'), /entry 0: must be an object/);
    rejects(() => readAbiFile('[]'), /empty array/);
    rejects(() => readAbiFile('{"bytecode":"0x"}', 'a.json'), /no ABI found/);
    rejects(() => readAbiFile('   ', 'a.json'), /empty/);
    rejects(() => readAbiFile('{"abi":"[not json"}', 'a.json'), /"abi" is a string that is not valid JSON/);
  });

  it('requires components on tuples and accepts nested tuples and arrays', () => {
    rejects(
      () => readAbiFile('[{"type":"function","name":"f","inputs":[{"name":"t","type":"tuple"}]}]'),
      /inputs\[0\]\.components is a tuple without components/,
    );
    const ok = validateAbi([
      {
        type: 'function',
        name: 'f',
        inputs: [
          {
            name: 't',
            type: 'tuple[2][]',
            components: [
              { name: 'a', type: 'uint8[]' },
              { name: 'b', type: 'bytes32' },
            ],
          },
        ],
        outputs: [],
      },
      { type: 'fallback' },
      { type: 'receive', stateMutability: 'payable' },
      { name: 'implicitFunction', inputs: [] },
    ]);
    assert.deepEqual(ok.errors, []);
    assert.equal(ok.entries[3]?.type, 'function');
  });

  it('warns about unnamed inputs and duplicate signatures without blocking', () => {
    const read = readAbiFile(
      JSON.stringify([
        {
          type: 'function',
          name: 'transfer',
          inputs: [
            { name: '', type: 'address' },
            { name: 'amount', type: 'uint256' },
          ],
          outputs: [],
        },
        {
          type: 'function',
          name: 'transfer',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'value', type: 'uint256' },
          ],
          outputs: [],
        },
      ]),
    );
    assert.deepEqual(read.warnings, [
      'entry 0 (function transfer): input 0 (address) has no name',
      'entry 1 (function transfer): function transfer(address,uint256) is declared twice',
    ]);
  });

  it('enforces the 400 KB limit of the service on the JSON that would be sent', () => {
    const entry = { type: 'function', name: 'f', inputs: [], outputs: [], stateMutability: 'view' };
    const perEntry = Buffer.byteLength(JSON.stringify(entry)) + 1;
    const count = Math.ceil(SMART_CONTRACT_INTERFACE_MAX_BYTES / perEntry) + 1;
    const big = Array.from({ length: count }, (_, i) => ({ ...entry, name: `f${i}` }));
    rejects(
      () => readAbiFile(JSON.stringify(big), 'Big.json'),
      /Big\.json: the ABI is \d+ KB; the service accepts at most 400 KB/,
    );
    const fits = big.slice(0, Math.floor(count / 2));
    assert.ok(readAbiFile(JSON.stringify(fits)).bytes <= SMART_CONTRACT_INTERFACE_MAX_BYTES);
  });

  it('accepts an ABI of exactly 409,600 bytes as sent and refuses one of 409,601', () => {
    /** An ABI whose compact JSON is `size` bytes: the last function's name takes up the difference. */
    const abiOf = (size: number): string => {
      const entry = (name: string) => ({ type: 'function', name, inputs: [], outputs: [], stateMutability: 'view' });
      const entries = Array.from({ length: 4000 }, (_, i) => entry(`f${i}`));
      const short = Buffer.byteLength(JSON.stringify([...entries, entry('g')]));
      const abi = [...entries, entry(`g${'x'.repeat(size - short)}`)];
      assert.equal(Buffer.byteLength(JSON.stringify(abi)), size);
      return JSON.stringify(abi, null, 2);
    };
    assert.equal(readAbiFile(abiOf(409_600), 'Exact.json').bytes, 409_600);
    rejects(
      () => readAbiFile(abiOf(409_601), 'Over.json'),
      /Over\.json: the ABI is 401 KB; the service accepts at most 400 KB/,
    );
  });
});

describe('Ethereum addresses', () => {
  // The EIP-55 test vectors.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('computes the EIP-55 checksum of the reference vectors', () => {
    for (const address of vectors) assert.equal(toChecksumAddress(address.toLowerCase()), address);
  });

  it('accepts a correctly checksummed address', () => {
    assert.deepEqual(checkEthereumAddress(` ${vectors[0]} `), {
      address: vectors[0],
      checksummed: vectors[0],
      checksumValid: true,
    });
  });

  it('detects a wrong checksum and offers the right one', () => {
    const wrong = vectors[0]!.replace('aAeb', 'aaEb');
    const checked = checkEthereumAddress(wrong);
    assert.equal(checked.checksumValid, false);
    assert.equal(checked.checksummed, vectors[0]);
  });

  it('treats single-case addresses as carrying no checksum', () => {
    assert.equal(checkEthereumAddress(vectors[1]!.toLowerCase()).checksumValid, 'noChecksum');
    assert.equal(checkEthereumAddress(`0x${vectors[1]!.slice(2).toUpperCase()}`).checksumValid, 'noChecksum');
  });

  it('says what is wrong with a malformed address', () => {
    rejects(() => checkEthereumAddress(''), /empty/);
    rejects(() => checkEthereumAddress(vectors[0]!.slice(2)), /starts with 0x/);
    rejects(() => checkEthereumAddress('0x1234'), /40 hex characters after 0x; this one has 4/);
    rejects(() => checkEthereumAddress(`0x${'g'.repeat(40)}`), /not hexadecimal/);
  });
});
