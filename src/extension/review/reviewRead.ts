/**
 * Builds a review page's model from what the organization store holds: the organization's names, its smart contract
 * interfaces and the workspace's descriptors (for a signed transaction or payload), the organization's facts, and
 * the "why it waits" section with its standing. A read the page can do without warns in the log and is left out.
 */
import type { Activity, SmartContractInterface } from '../../api';
import * as remote from '../../api/remote';
import { readDescriptors } from '../activitySummaries';
import type { Services } from '../services';
import { organizationNamesWithFacts } from '../store/organizationFacts';
import type { OrganizationStore } from '../store/organizationStore';
import { readStanding } from '../store/standingReads';
import { errorText } from '../../api/core';
import { organizationNamer } from '../wording/addressNames';
import { votersOf } from '../wording/policyStanding';
import { standingProgress } from '../wording/standingCount';
import type { OrganizationNames } from '../wording/voteDialogWords';
import type { ReviewModel } from './reviewMessages';
import { buildReviewModel, type ReviewInput } from './reviewModel';
import { reviewWhy } from './reviewWhy';
import { whyContext } from './whyContext';

/**
 * The model of `activity`'s review page, read from `store`; undefined when `stopped()` says, once everything is
 * read, that the page is gone.
 */
export async function readReviewModel(
  services: Services,
  store: OrganizationStore,
  organizationId: string,
  activity: Activity,
  stopped: () => boolean,
): Promise<ReviewModel | undefined> {
  // A signed payload's spender and tokens are read with the interfaces and descriptors too.
  const signsTransaction = /^ACTIVITY_TYPE_SIGN_(TRANSACTION|RAW_PAYLOAD)/.test(activity.type);
  const [names, interfaces, descriptors, facts, why] = await Promise.all([
    readNames(services, store, organizationId),
    signsTransaction ? readInterfaces(services, store, organizationId) : Promise.resolve([]),
    signsTransaction ? readDescriptors(services) : Promise.resolve([]),
    services.organizationFacts().catch(() => undefined),
    readWhy(services, store, activity, signsTransaction),
  ]);
  if (stopped()) return undefined;
  return buildReviewModel({
    activity,
    names,
    interfaces,
    decode: {
      transaction: remote.decodeEthereumTransaction,
      payload: remote.decodeRawPayload,
      summarize: remote.summarizeTransaction,
      signature: remote.summarizeSignature,
    },
    descriptors,
    nameOf: organizationNamer(facts?.organizationId === organizationId ? facts.names : undefined),
    wallets: facts?.organizationId === organizationId ? facts.wallets : undefined,
    why,
  });
}

/** Why it waits, was denied, rejected or completed; undefined when that cannot be read. */
function readWhy(
  services: Services,
  store: OrganizationStore,
  activity: Activity,
  signsTransaction: boolean,
): Promise<ReviewInput['why']> {
  return orWarn(services, `the policy evaluations of ${activity.id}`, async () => {
    const [read, organization, interfaces, wallets] = await Promise.all([
      readStanding(store, { activity }),
      store.organizationData(),
      signsTransaction ? store.interfaces() : Promise.resolve([]),
      signsTransaction ? store.walletBook().catch(() => undefined) : Promise.resolve(undefined),
    ]);
    if (!read) return undefined;
    // The values each clause of a condition read: the activity as a policy reads it.
    const context = whyContext(activity, interfaces ?? [], organization?.privateKeys ?? [], new Date(), wallets);
    const rejectedBy = activity.status === 'ACTIVITY_STATUS_REJECTED' ? votersOf(activity.votes).rejected : undefined;
    const section = reviewWhy(read.standing, read.names, { context, rejectedBy });
    // The header counts from the same standing as the dialog: the policies, or the root quorum's users only.
    return { section, progress: standingProgress(read.view, activity.status) };
  });
}

/** A read the page can do without: on failure it warns and goes on without it. */
async function orWarn<T>(services: Services, what: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    services.log.warn(`Could not read ${what}: ${errorText(error)}`);
    return undefined;
  }
}

function readInterfaces(
  services: Services,
  store: OrganizationStore,
  organizationId: string,
): Promise<readonly SmartContractInterface[] | undefined> {
  return orWarn(services, `the smart contract interfaces of ${organizationId}`, () => store.interfaces());
}

function readNames(
  services: Services,
  store: OrganizationStore,
  organizationId: string,
): Promise<OrganizationNames | undefined> {
  return orWarn(services, `organization ${organizationId} for names`, async () => {
    const organization = await store.organization();
    if (!organization) return undefined;
    const facts = await services.organizationFacts().catch(() => undefined);
    return organizationNamesWithFacts(organization.data, facts);
  });
}
