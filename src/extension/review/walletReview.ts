/**
 * What the review page adds for a wallet activity: what it does, in the words of every place of decision
 * (walletActivityWords.ts), with its risks first; and for a signing through a wallet account, which one. Pure (no
 * `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { Activity } from '../../api';
import {
  isWalletActivity,
  walletActivityWords,
  walletSigner,
  type WalletContext,
} from '../wording/walletActivityWords';
import type { ReviewRow, ReviewSection } from './reviewMessages';

export interface WalletReview {
  /** The risks, one sentence each: the page shows them above everything. */
  readonly risks: readonly string[];
  /** "What it does": the line, then each detail. */
  readonly sections: readonly ReviewSection[];
  /** Rows of the activity's summary: the wallet account a signing goes through. */
  readonly rows: readonly ReviewRow[];
}

export function walletReview(activity: Pick<Activity, 'type' | 'intent'>, context: WalletContext): WalletReview {
  const words = isWalletActivity(activity.type) ? walletActivityWords(activity, context) : undefined;
  const signer = walletSigner(activity, context);
  return {
    risks: words?.flags ?? [],
    sections: words
      ? [
          {
            id: 'call',
            heading: l10n.t('What it does'),
            // A key or an id alone in its cell is shown in a monospace font, as the page shows hex.
            rows: [
              { label: l10n.t('Does'), value: words.line },
              ...words.details.map((d) => (/^(0x)?[0-9a-f]{16,}$/i.test(d.value) ? { ...d, code: true } : d)),
            ],
            notes: [],
            actions: [],
          },
        ]
      : [],
    rows: signer ? [{ label: l10n.t('Signs with'), value: signer }] : [],
  };
}
