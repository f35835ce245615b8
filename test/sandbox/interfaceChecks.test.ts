import * as assert from 'node:assert/strict';
import { ActivityFailedError, type CountersignClient } from '../../src/api';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

const ABI = '[{"type":"function","name":"get","inputs":[],"outputs":[],"stateMutability":"view"}]';
const BAD_ABI = '[{"type":"function","name":"get","inputs":[{"type":"uint7"}],"outputs":[]}]';
const ETHEREUM = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM' as const;
const SOLANA = 'SMART_CONTRACT_INTERFACE_TYPE_SOLANA' as const;

describe('sandbox: interface texts checked again', () => {
  let t: TestSandbox;
  let demo: CountersignClient;
  let organizationId: string;
  before(async () => {
    t = await startTestSandbox();
    demo = t.clientFor('Demo');
    organizationId = t.organization('Demo').organizationId;
  });
  after(() => t.close());

  const register = (text: string, type: typeof ETHEREUM | typeof SOLANA, address: string, label: string) =>
    demo.createSmartContractInterface({
      organizationId,
      parameters: { smartContractAddress: address, smartContractInterface: text, type, label },
    });
  const refusal = async (promise: Promise<unknown>): Promise<string> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ActivityFailedError) return error.message.replace(/^Activity \S+ failed: /, '');
      throw error;
    }
    return 'accepted';
  };

  it('gives a text the same verdict each time, and judges it again for another type', async () => {
    const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    assert.equal((await register(ABI, ETHEREUM, address, 'a')).status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal((await register(ABI, ETHEREUM, address, 'b')).status, 'ACTIVITY_STATUS_COMPLETED');
    const first = await refusal(register(BAD_ABI, ETHEREUM, address, 'c'));
    assert.match(first, /not a valid ABI/);
    assert.equal(await refusal(register(BAD_ABI, ETHEREUM, address, 'd')), first);
    // An ABI accepted for Ethereum is still no Solana IDL (a JSON object).
    const solana = await refusal(register(ABI, SOLANA, '11111111111111111111111111111111', 'e'));
    assert.match(solana, /a Solana IDL is a JSON object/);
  });
});
