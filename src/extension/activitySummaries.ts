/**
 * What the summary of activities needs, gathered for the active profile: the API's decoder (loaded only when a
 * transaction is among them), the organization's interfaces from the store, the workspace's ERC-7730
 * descriptors (kept until a file changes), and names. Each place that shows an activity to decide on asks here, so
 * that all say the same.
 */
import type { Activity } from '../api';
import type { ClearSigningDescriptor } from '../api/remote';
import type { Services } from './services';
import * as remote from '../api/remote';
import type { NameOf } from './wording/activityWords';
import {
  needsDecoder,
  summarizeActivity,
  type ActivitySummary,
  type SummaryInputs,
} from './wording/activitySummaryWords';
import { isWalletActivity, type WalletFacts } from './wording/walletActivityWords';
import { pickText } from './ui/shownText';
import { errorText } from '../api/core';

/** The workspace's ERC-7730 descriptors as the extension keeps them; none when they cannot be read. */
export function readDescriptors(services: Services): Promise<readonly ClearSigningDescriptor[]> {
  return services
    .descriptors()
    .then((cache) => cache.read())
    .catch(() => []);
}

export async function summaryInputs(
  services: Services,
  activities: readonly Pick<Activity, 'type' | 'intent' | 'organizationId'>[],
  nameOf: NameOf | undefined,
): Promise<SummaryInputs> {
  const transactions = activities.filter(needsDecoder);
  const active = services.profiles.active()?.organizationId;
  const wallets = await walletsFor(services, active, activities);
  if (transactions.length === 0) return { decode: undefined, interfaces: undefined, descriptors: [], nameOf, wallets };
  const [interfaces, descriptors] = await Promise.all([
    transactions.every((a) => a.organizationId === active)
      ? services
          .store()
          .then((store) => store.interfaces())
          .catch((error: unknown) => {
            services.log.debug(`Could not read the smart contract interfaces for a summary: ${errorText(error)}`);
            return undefined;
          })
      : Promise.resolve(undefined),
    readDescriptors(services),
  ]);
  return {
    decode: {
      transaction: remote.decodeEthereumTransaction,
      summarize: remote.summarizeTransaction,
      signature: remote.summarizeSignature,
    },
    interfaces,
    descriptors,
    nameOf,
    wallets,
  };
}

/**
 * The active organization's wallets and accounts from its facts, when a wallet activity or a signing of it is
 * among these (whether a wallet was exported, which address is an account); undefined otherwise or unread.
 */
async function walletsFor(
  services: Services,
  active: string | undefined,
  activities: readonly Pick<Activity, 'type' | 'organizationId'>[],
): Promise<WalletFacts | undefined> {
  const needed = activities.some(
    (a) => a.organizationId === active && (isWalletActivity(a.type) || a.type.startsWith('ACTIVITY_TYPE_SIGN_')),
  );
  if (!needed) return undefined;
  const facts = await services.organizationFacts().catch(() => undefined);
  return facts?.organizationId === active ? facts?.wallets : undefined;
}

/** The summaries of these activities by id (those with nothing more to say are left out). */
export async function activitySummaries(
  services: Services,
  activities: readonly Activity[],
  nameOf: NameOf | undefined,
): Promise<Map<string, ActivitySummary>> {
  const inputs = await summaryInputs(services, activities, nameOf);
  const summaries = new Map<string, ActivitySummary>();
  for (const activity of activities) {
    const summary = summarizeActivity(activity, inputs);
    if (summary) summaries.set(activity.id, summary);
  }
  return summaries;
}

/** A pick item's line for a summary: its risks first, then what it does (icon syntax shown as text). */
export function summaryPickLine(summary: ActivitySummary): string {
  const risk = summary.risks.length > 0 ? `⚠ ${summary.risks.join(', ')} · ` : '';
  return pickText(`${risk}${summary.line}`);
}
