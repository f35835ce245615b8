/**
 * The review page's reading of an Ethereum transaction: its fields (chain, recipient, value, gas, data) and what it
 * does (a plain transfer, a contract deployed, a call decoded with the organization's interface, or why it is not).
 * Pure (no `vscode`).
 */
import type { DecodedEthereumTransaction, RegisteredInterface } from '../../api/remote';
import { decodedCallNameWarning } from '../wording/argumentNameWords';
import { chainText, ethereumTransactionTypeLabel } from '../wording/reviewWords';
import { byCount } from '../wording/plural';
import type { Translate } from '../ui/translate';
import { shown } from '../ui/shownText';
import type { NameOf } from '../wording/addressNames';
import type { ReviewRow, ReviewSection } from './reviewMessages';

export function shortHex(hex: string, keep = 66): string {
  return hex.length <= keep ? hex : `${hex.slice(0, keep)}… (${(hex.length - 2) / 2} bytes)`;
}

export function transactionSections(
  tx: DecodedEthereumTransaction,
  organization: string,
  interfaces: readonly RegisteredInterface[] | undefined,
  t: Translate,
  /** The organization's names for its addresses (its wallet accounts and keys). */
  nameOf?: NameOf,
): { sections: ReviewSection[]; registerAddress: string | undefined } {
  const registered =
    tx.to === undefined
      ? undefined
      : interfaces?.find((i) => i.smartContractAddress.toLowerCase() === tx.to?.toLowerCase());
  const ownName = tx.to === undefined ? undefined : nameOf?.(tx.to);
  const rows: ReviewRow[] = [
    { label: t('Transaction type'), value: ethereumTransactionTypeLabel(tx.transactionType) },
    { label: t('Chain'), value: chainText(tx.chainId, t) },
    {
      label: t('To'),
      value:
        tx.to === undefined
          ? t('Nobody: it deploys a contract')
          : registered
            ? `${tx.to} (${registered.label})`
            : ownName
              ? `${tx.to} (${shown(ownName)})`
              : tx.to,
      code: tx.to !== undefined,
    },
    { label: t('Value'), value: t('{0} ETH ({1} wei)', tx.valueEth, tx.valueWei) },
    { label: t('Nonce'), value: tx.nonce },
    { label: t('Gas limit'), value: tx.gasLimit },
    ...tx.fees.map((fee) => ({
      label:
        fee.name === 'gasPrice'
          ? t('Gas price')
          : fee.name === 'maxFeePerGas'
            ? t('Max fee per gas')
            : t('Max priority fee per gas'),
      value: t('{0} gwei ({1} wei)', fee.gwei, fee.wei),
    })),
    ...(tx.accessListEntries > 0 ? [{ label: t('Access list'), value: t('{0} entries', tx.accessListEntries) }] : []),
    {
      label: t('Data'),
      value: tx.dataBytes === 0 ? t('None') : shortHex(tx.data),
      code: tx.dataBytes > 0,
    },
  ];
  const transaction: ReviewSection = { id: 'transaction', heading: t('Transaction'), rows, notes: [], actions: [] };
  const call = tx.call;
  let section: ReviewSection;
  let registerAddress: string | undefined;
  switch (call.kind) {
    case 'transfer':
      section = {
        id: 'call',
        heading: t('What it does'),
        rows: [],
        notes: [{ tone: 'info', text: t('A plain transfer of {0} ETH: it calls no contract.', tx.valueEth) }],
        actions: [],
      };
      break;
    case 'contractCreation':
      section = {
        id: 'call',
        heading: t('What it does'),
        rows: [],
        notes: [
          {
            tone: 'warning',
            text: byCount(
              tx.dataBytes,
              t('It deploys a new contract from its data ({0} byte).', tx.dataBytes),
              t('It deploys a new contract from its data ({0} bytes).', tx.dataBytes),
            ),
          },
        ],
        actions: [],
      };
      break;
    case 'noInterface':
      registerAddress = tx.to;
      section = {
        id: 'call',
        heading: t('Contract call'),
        rows: [{ label: t('Function selector'), value: call.selector, code: true }],
        notes: [
          interfaces === undefined
            ? {
                tone: 'warning',
                text: t(
                  'The smart contract interfaces of {0} could not be read, so the call is not decoded.',
                  organization,
                ),
              }
            : {
                tone: 'warning',
                text: t(
                  'No smart contract interface is registered in {0} for {1}, so the call cannot be decoded. Register its ABI to read the function and its arguments.',
                  organization,
                  tx.to ?? '',
                ),
              },
        ],
        actions:
          interfaces === undefined
            ? []
            : [{ id: 'registerInterface', label: t('Register Interface from ABI File…'), primary: false }],
      };
      break;
    case 'mismatch':
      section = {
        id: 'call',
        heading: t('Contract call'),
        rows: [
          { label: t('Interface'), value: call.interfaceLabel },
          { label: t('Function selector'), value: call.selector, code: true },
        ],
        notes: [
          {
            tone: 'error',
            text: t(
              'The data does not match the interface "{0}" registered for this address: {1}. Do not approve what you cannot read.',
              call.interfaceLabel,
              call.reason,
            ),
          },
        ],
        actions: [],
      };
      break;
    case 'decoded': {
      const nameWarning = decodedCallNameWarning(call.nameProblems, t);
      section = {
        id: 'call',
        heading: t('Contract call'),
        rows: [
          { label: t('Function'), value: call.functionName },
          { label: t('Signature'), value: `${call.signature} · ${call.selector}`, code: true },
          { label: t('Interface'), value: call.interfaceLabel },
        ],
        notes: nameWarning ? [{ tone: 'warning', text: nameWarning }] : [],
        call: { title: call.title, signature: call.signature, arguments: call.arguments },
        actions: [],
      };
      break;
    }
  }
  return { sections: [transaction, section], registerAddress };
}
