/**
 * A small built-in list of well-known ERC-20 tokens per chain (their symbol and decimals), so that a token amount
 * reads as "250 USDC" beside its exact raw value. The local sandbox's sample token is in it, on every chain,
 * since nothing is deployed at its address anywhere. Addresses are compared without case.
 */
import { SAMPLE_TOKEN_ADDRESS } from '../sampleToken';

export interface KnownToken {
  /** The chain id as a decimal string; undefined for the sample token, which is known on every chain. */
  readonly chainId: string | undefined;
  readonly address: string;
  readonly symbol: string;
  readonly decimals: number;
}

export const SAMPLE_TOKEN_SYMBOL = 'EXAMPLE';

export const KNOWN_TOKENS: readonly KnownToken[] = [
  { chainId: undefined, address: SAMPLE_TOKEN_ADDRESS, symbol: SAMPLE_TOKEN_SYMBOL, decimals: 18 },
  // Ethereum mainnet
  { chainId: '1', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 },
  { chainId: '1', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', decimals: 6 },
  { chainId: '1', address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', symbol: 'DAI', decimals: 18 },
  { chainId: '1', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', symbol: 'WETH', decimals: 18 },
  { chainId: '1', address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', symbol: 'WBTC', decimals: 8 },
  // Sepolia
  { chainId: '11155111', address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', symbol: 'USDC', decimals: 6 },
  // Base, Arbitrum One, Polygon
  { chainId: '8453', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', decimals: 6 },
  { chainId: '42161', address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', symbol: 'USDC', decimals: 6 },
  { chainId: '137', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', symbol: 'USDC', decimals: 6 },
];

/** The token at this address on this chain, when the list has it. */
export function knownToken(chainId: string | undefined, address: string): KnownToken | undefined {
  const wanted = address.toLowerCase();
  return KNOWN_TOKENS.find(
    (token) => token.address.toLowerCase() === wanted && (token.chainId === undefined || token.chainId === chainId),
  );
}
