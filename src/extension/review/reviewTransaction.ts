/**
 * The review page's reading of an Ethereum transaction: its fields (chain, recipient, value, gas, data) and what it
 * does (a plain transfer, a contract deployed, a call decoded with the organization's interface, or why it is not).
 * Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { DecodedEthereumTransaction, RegisteredInterface } from '../../api/remote';
import { decodedCallNameWarning } from '../wording/argumentNameWords';
import { chainText, ethereumTransactionTypeLabel } from '../wording/reviewWords';
import { byCount } from '../wording/plural';
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
  /** The organization's names for its addresses (its wallet accounts and keys). */
  nameOf?: NameOf,
): { sections: ReviewSection[]; registerAddress: string | undefined } {
  const registered =
    tx.to === undefined
      ? undefined
      : interfaces?.find((i) => i.smartContractAddress.toLowerCase() === tx.to?.toLowerCase());
  const ownName = tx.to === undefined ? undefined : nameOf?.(tx.to);
  const rows: ReviewRow[] = [
    { label: l10n.t('Transaction type'), value: ethereumTransactionTypeLabel(tx.transactionType) },
    { label: l10n.t('Chain'), value: chainText(tx.chainId) },
    {
      label: l10n.t('To'),
      value:
        tx.to === undefined
          ? l10n.t('Nobody: it deploys a contract')
          : registered
            ? `${tx.to} (${registered.label})`
            : ownName
              ? `${tx.to} (${shown(ownName)})`
              : tx.to,
      code: tx.to !== undefined,
    },
    { label: l10n.t('Value'), value: l10n.t('{0} ETH ({1} wei)', tx.valueEth, tx.valueWei) },
    { label: l10n.t('Nonce'), value: tx.nonce },
    { label: l10n.t('Gas limit'), value: tx.gasLimit },
    ...tx.fees.map((fee) => ({
      label:
        fee.name === 'gasPrice'
          ? l10n.t('Gas price')
          : fee.name === 'maxFeePerGas'
            ? l10n.t('Max fee per gas')
            : l10n.t('Max priority fee per gas'),
      value: l10n.t('{0} gwei ({1} wei)', fee.gwei, fee.wei),
    })),
    ...(tx.accessListEntries > 0
      ? [{ label: l10n.t('Access list'), value: l10n.t('{0} entries', tx.accessListEntries) }]
      : []),
    {
      label: l10n.t('Data'),
      value: tx.dataBytes === 0 ? l10n.t('None') : shortHex(tx.data),
      code: tx.dataBytes > 0,
    },
  ];
  const transaction: ReviewSection = {
    id: 'transaction',
    heading: l10n.t('Transaction'),
    rows,
    notes: [],
    actions: [],
  };
  const call = tx.call;
  let section: ReviewSection;
  let registerAddress: string | undefined;
  switch (call.kind) {
    case 'transfer':
      section = {
        id: 'call',
        heading: l10n.t('What it does'),
        rows: [],
        notes: [{ tone: 'info', text: l10n.t('A plain transfer of {0} ETH: it calls no contract.', tx.valueEth) }],
        actions: [],
      };
      break;
    case 'contractCreation':
      section = {
        id: 'call',
        heading: l10n.t('What it does'),
        rows: [],
        notes: [
          {
            tone: 'warning',
            text: byCount(
              tx.dataBytes,
              l10n.t('It deploys a new contract from its data ({0} byte).', tx.dataBytes),
              l10n.t('It deploys a new contract from its data ({0} bytes).', tx.dataBytes),
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
        heading: l10n.t('Contract call'),
        rows: [{ label: l10n.t('Function selector'), value: call.selector, code: true }],
        notes: [
          interfaces === undefined
            ? {
                tone: 'warning',
                text: l10n.t(
                  'The smart contract interfaces of {0} could not be read, so the call is not decoded.',
                  organization,
                ),
              }
            : {
                tone: 'warning',
                text: l10n.t(
                  'No smart contract interface is registered in {0} for {1}, so the call cannot be decoded. Register its ABI to read the function and its arguments.',
                  organization,
                  tx.to ?? '',
                ),
              },
        ],
        actions:
          interfaces === undefined
            ? []
            : [{ id: 'registerInterface', label: l10n.t('Register Interface from ABI File…'), primary: false }],
      };
      break;
    case 'mismatch':
      section = {
        id: 'call',
        heading: l10n.t('Contract call'),
        rows: [
          { label: l10n.t('Interface'), value: call.interfaceLabel },
          { label: l10n.t('Function selector'), value: call.selector, code: true },
        ],
        notes: [
          {
            tone: 'error',
            text: l10n.t(
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
      const nameWarning = decodedCallNameWarning(call.nameProblems);
      section = {
        id: 'call',
        heading: l10n.t('Contract call'),
        rows: [
          { label: l10n.t('Function'), value: call.functionName },
          { label: l10n.t('Signature'), value: `${call.signature} · ${call.selector}`, code: true },
          { label: l10n.t('Interface'), value: call.interfaceLabel },
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
