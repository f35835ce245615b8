/**
 * A small table of well-known function signatures (token transfers and approvals, permits, multicalls), so that a
 * call to a contract the organization registered no interface for still reads as `approve(spender, amount)`
 * rather than a bare selector. The table is data, not trust: a call decoded with it is marked as not coming from
 * the organization's interfaces. Decoding goes through the transaction decoder, with the same rules.
 */
import * as AbiFunction from 'ox/AbiFunction';
import type * as Hex from 'ox/Hex';
import { decodeCallWithAbi, type CallDecoding } from '../transactionDecoder';

/** Which standard a signature comes from, for the reader ("ERC-20 or ERC-721"). */
export interface WellKnownSignature {
  readonly signature: string;
  readonly standard: string;
}

/** The signatures, with their arguments named as the standards name them. */
export const WELL_KNOWN_SIGNATURES: readonly WellKnownSignature[] = [
  { signature: 'function transfer(address to, uint256 amount)', standard: 'ERC-20' },
  { signature: 'function transferFrom(address from, address to, uint256 amount)', standard: 'ERC-20 or ERC-721' },
  { signature: 'function approve(address spender, uint256 amount)', standard: 'ERC-20 or ERC-721' },
  { signature: 'function increaseAllowance(address spender, uint256 addedValue)', standard: 'ERC-20' },
  { signature: 'function setApprovalForAll(address operator, bool approved)', standard: 'ERC-721 or ERC-1155' },
  { signature: 'function safeTransferFrom(address from, address to, uint256 tokenId)', standard: 'ERC-721' },
  {
    signature: 'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
    standard: 'ERC-721',
  },
  {
    signature: 'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
    standard: 'ERC-1155',
  },
  {
    signature: 'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
    standard: 'ERC-1155',
  },
  {
    signature:
      'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
    standard: 'ERC-2612',
  },
  {
    signature: 'function approve(address token, address spender, uint160 amount, uint48 expiration)',
    standard: 'Permit2',
  },
  { signature: 'function multicall(bytes[] data)', standard: 'Multicall' },
  { signature: 'function multicall(uint256 deadline, bytes[] data)', standard: 'Multicall' },
  { signature: 'function multicall(bytes32 previousBlockhash, bytes[] data)', standard: 'Multicall' },
  { signature: 'function aggregate((address target, bytes callData)[] calls)', standard: 'Multicall3' },
  {
    signature: 'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls)',
    standard: 'Multicall3',
  },
  { signature: 'function blockAndAggregate((address target, bytes callData)[] calls)', standard: 'Multicall3' },
  {
    signature: 'function tryBlockAndAggregate(bool requireSuccess, (address target, bytes callData)[] calls)',
    standard: 'Multicall3',
  },
  {
    signature: 'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)',
    standard: 'Multicall3',
  },
  {
    signature: 'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls)',
    standard: 'Multicall3',
  },
  { signature: 'function deposit()', standard: 'WETH' },
  { signature: 'function withdraw(uint256 amount)', standard: 'WETH' },
];

interface Entry {
  readonly abi: AbiFunction.AbiFunction;
  readonly standard: string;
}

let table: Map<string, Entry> | undefined;

/** The table by selector, built on first use (a keccak per signature). */
function entries(): Map<string, Entry> {
  if (!table) {
    table = new Map();
    for (const known of WELL_KNOWN_SIGNATURES) {
      const abi = AbiFunction.from(known.signature) as AbiFunction.AbiFunction;
      table.set(AbiFunction.getSelector(abi), { abi, standard: known.standard });
    }
  }
  return table;
}

/** The standard a selector is known from, or undefined when it is not in the table. */
export function wellKnownStandard(selector: string): string | undefined {
  return entries().get(selector.toLowerCase())?.standard;
}

/**
 * The call decoded with the well-known signature of its selector, or undefined when the selector is not in the
 * table or its arguments do not decode as that signature.
 */
export function decodeWellKnownCall(data: string): Extract<CallDecoding, { kind: 'decoded' }> | undefined {
  const selector = data.slice(0, 10).toLowerCase();
  const entry = entries().get(selector);
  if (!entry) return undefined;
  const decoded = decodeCallWithAbi(data as Hex.Hex, [entry.abi], {
    interfaceId: '',
    interfaceLabel: entry.standard,
  });
  return decoded.kind === 'decoded' ? decoded : undefined;
}
