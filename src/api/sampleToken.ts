/**
 * The sample token of the local sandbox: an ERC-20 ABI (OpenZeppelin's function and argument names) at a fixed
 * address. The extension registers it in the Team organization so that a simulated transfer to it can be decoded;
 * the sandbox's Treasury organization has it from the start, for its policies to read. The address is one of
 * EIP-55's own examples; nothing is deployed there.
 */
export const SAMPLE_TOKEN_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
export const SAMPLE_TOKEN_LABEL = 'Example token (ERC-20)';

const address = (name: string) => ({ name, type: 'address', internalType: 'address' });
const uint256 = (name: string) => ({ name, type: 'uint256', internalType: 'uint256' });
const bool = { name: '', type: 'bool', internalType: 'bool' };

/** The ERC-20 interface: transfer(to, amount), approve(spender, amount), transferFrom(from, to, amount), and reads. */
export const SAMPLE_TOKEN_ABI = [
  { type: 'function', name: 'name', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'symbol', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'decimals', inputs: [], outputs: [{ name: '', type: 'uint8' }], stateMutability: 'view' },
  { type: 'function', name: 'totalSupply', inputs: [], outputs: [uint256('')], stateMutability: 'view' },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'allowance',
    inputs: [address('owner'), address('spender')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'transfer',
    inputs: [address('to'), uint256('amount')],
    outputs: [bool],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'approve',
    inputs: [address('spender'), uint256('amount')],
    outputs: [bool],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'transferFrom',
    inputs: [address('from'), address('to'), uint256('amount')],
    outputs: [bool],
    stateMutability: 'nonpayable',
  },
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { ...address('from'), indexed: true },
      { ...address('to'), indexed: true },
      { ...uint256('value'), indexed: false },
    ],
    anonymous: false,
  },
  {
    type: 'event',
    name: 'Approval',
    inputs: [
      { ...address('owner'), indexed: true },
      { ...address('spender'), indexed: true },
      { ...uint256('value'), indexed: false },
    ],
    anonymous: false,
  },
] as const;
