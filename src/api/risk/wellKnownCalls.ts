/**
 * A small table of well-known function signatures (token transfers and approvals, permits, multicalls), with what
 * each argument is by position. A call with one of these selectors is read by it whatever interface is registered
 * (one that lacks the function or gives the selector another signature is itself a risk), and a call to a
 * contract with no interface still reads as `approve(spender, amount)` rather than a bare selector; such a reading
 * is marked as not coming from the organization's interfaces. Decoding goes through the transaction decoder, with
 * the same rules.
 */
import * as AbiFunction from 'ox/AbiFunction';
import * as AbiItem from 'ox/AbiItem';
import type * as Hex from 'ox/Hex';
import { decodeCallWithAbi, type CallDecoding } from '../abi/callDecoder';

/**
 * What the arguments of a well-known function are, by position: the amount of tokens, who receives them or may
 * spend them, and which token when the call names it (Permit2). Risks are read by these positions, whatever the
 * names an interface gives its arguments.
 */
export interface CallRoles {
  /** The argument that receives the tokens. */
  readonly recipient?: number;
  /** A token amount, of the token at `token` or else of the contract called. */
  readonly amount?: number;
  readonly token?: number;
  /** The call grants an allowance of `amount` to `spender`. */
  readonly approval?: { readonly spender: number };
  /** The call grants (when the bool at `approved` is true) every token of a collection to `operator`. */
  readonly approvalForAll?: { readonly operator: number; readonly approved: number };
}

/** Which standard a signature comes from, for the reader ("ERC-20 or ERC-721"), and its arguments' roles. */
export interface WellKnownSignature {
  readonly signature: string;
  readonly standard: string;
  readonly roles: CallRoles;
}

const SEND = (recipient: number, amount?: number): CallRoles => ({
  recipient,
  ...(amount === undefined ? {} : { amount }),
});
const ALLOW = (spender: number, amount: number, token?: number): CallRoles => ({
  recipient: spender,
  amount,
  ...(token === undefined ? {} : { token }),
  approval: { spender },
});

/** The signatures, with their arguments named as the standards name them. */
export const WELL_KNOWN_SIGNATURES: readonly WellKnownSignature[] = [
  { signature: 'function transfer(address to, uint256 amount)', standard: 'ERC-20', roles: SEND(0, 1) },
  {
    signature: 'function transferFrom(address from, address to, uint256 amount)',
    standard: 'ERC-20 or ERC-721',
    roles: SEND(1, 2),
  },
  { signature: 'function approve(address spender, uint256 amount)', standard: 'ERC-20 or ERC-721', roles: ALLOW(0, 1) },
  {
    signature: 'function increaseAllowance(address spender, uint256 addedValue)',
    standard: 'ERC-20',
    roles: ALLOW(0, 1),
  },
  {
    signature: 'function setApprovalForAll(address operator, bool approved)',
    standard: 'ERC-721 or ERC-1155',
    roles: { recipient: 0, approvalForAll: { operator: 0, approved: 1 } },
  },
  {
    signature: 'function safeTransferFrom(address from, address to, uint256 tokenId)',
    standard: 'ERC-721',
    roles: SEND(1),
  },
  {
    signature: 'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
    standard: 'ERC-721',
    roles: SEND(1),
  },
  {
    signature: 'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
    standard: 'ERC-1155',
    roles: SEND(1, 3),
  },
  {
    signature: 'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
    standard: 'ERC-1155',
    roles: SEND(1),
  },
  {
    signature:
      'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
    standard: 'ERC-2612',
    roles: ALLOW(1, 2),
  },
  {
    signature: 'function approve(address token, address spender, uint160 amount, uint48 expiration)',
    standard: 'Permit2',
    roles: ALLOW(1, 2, 0),
  },
  { signature: 'function multicall(bytes[] data)', standard: 'Multicall', roles: {} },
  { signature: 'function multicall(uint256 deadline, bytes[] data)', standard: 'Multicall', roles: {} },
  { signature: 'function multicall(bytes32 previousBlockhash, bytes[] data)', standard: 'Multicall', roles: {} },
  { signature: 'function aggregate((address target, bytes callData)[] calls)', standard: 'Multicall3', roles: {} },
  {
    signature: 'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls)',
    standard: 'Multicall3',
    roles: {},
  },
  {
    signature: 'function blockAndAggregate((address target, bytes callData)[] calls)',
    standard: 'Multicall3',
    roles: {},
  },
  {
    signature: 'function tryBlockAndAggregate(bool requireSuccess, (address target, bytes callData)[] calls)',
    standard: 'Multicall3',
    roles: {},
  },
  {
    signature: 'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)',
    standard: 'Multicall3',
    roles: {},
  },
  {
    signature: 'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls)',
    standard: 'Multicall3',
    roles: {},
  },
  { signature: 'function deposit()', standard: 'WETH', roles: {} },
  { signature: 'function withdraw(uint256 amount)', standard: 'WETH', roles: { amount: 0 } },
];

interface Entry {
  readonly abi: AbiFunction.AbiFunction;
  readonly standard: string;
  /** The canonical signature, `approve(address,uint256)`. */
  readonly signature: string;
  readonly roles: CallRoles;
}

let table: Map<string, Entry> | undefined;

/** The table by selector, built on first use (a keccak per signature). */
function entries(): Map<string, Entry> {
  if (!table) {
    table = new Map();
    for (const known of WELL_KNOWN_SIGNATURES) {
      const abi = AbiFunction.from(known.signature) as AbiFunction.AbiFunction;
      table.set(AbiFunction.getSelector(abi), {
        abi,
        standard: known.standard,
        signature: AbiItem.getSignature(abi),
        roles: known.roles,
      });
    }
  }
  return table;
}

/** The standard a selector is known from, or undefined when it is not in the table. */
export function wellKnownStandard(selector: string): string | undefined {
  return entries().get(selector.toLowerCase())?.standard;
}

/** The well-known function of a selector: its standard, canonical signature and roles; undefined when not known. */
export function wellKnownFunction(
  selector: string,
): { readonly standard: string; readonly signature: string; readonly roles: CallRoles } | undefined {
  const entry = entries().get(selector.toLowerCase());
  return entry && { standard: entry.standard, signature: entry.signature, roles: entry.roles };
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
