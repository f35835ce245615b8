/** A chain in words: its well-known name and id, or its id alone. Pure (no `vscode`). */
import * as l10n from '@vscode/l10n';

/** Well-known chains by id, so that "1" reads as Ethereum mainnet; others show their id alone. */
const CHAINS: Readonly<Record<string, string>> = {
  '1': 'Ethereum mainnet',
  '10': 'OP mainnet',
  '56': 'BNB Smart Chain',
  '137': 'Polygon',
  '8453': 'Base',
  '17000': 'Holesky',
  '42161': 'Arbitrum One',
  '11155111': 'Sepolia',
};

/** The chain's well-known name, or undefined for a chain not in the table. */
export function chainName(chainId: string): string | undefined {
  return CHAINS[chainId];
}

export function chainWords(chainId: string | undefined): string {
  if (chainId === undefined) return l10n.t('any chain (no chain id)');
  const name = chainName(chainId);
  return name ? `${name} (${chainId})` : l10n.t('chain {0}', chainId);
}
