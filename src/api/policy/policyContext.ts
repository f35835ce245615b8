/**
 * What a policy reads about an activity (the engine's PolicyContext), built from the activity and the
 * organization as the service serves them: the same builder for the sandbox that decides (which maps its records
 * to what it serves) and for the editor that tries a policy first, so the two cannot disagree. Each keyword is
 * filled by a small contributor (contextFields.ts); a new keyword is a new contributor in CONTRIBUTORS. Pure.
 */
import { accountParamFields, signatureFields, walletContextFields } from './accountFields';
import type { WalletFields } from './walletFields';
import { activityFields, approvalFields, ethTxFields, privateKeyFields } from './contextFields';
import type {
  ContextContributor,
  ContextSource,
  PolicyActivity,
  PolicyOrganization,
  PolicyOrganizationKey,
} from './contextSource';
import type { PolicyContext } from './types';

export type {
  ContextContributor,
  ContextSource,
  PolicyActivity,
  PolicyOrganization,
  PolicyOrganizationKey,
  PolicyOrganizationUser,
  PolicyVote,
} from './contextSource';

const EXPORT_PRIVATE_KEY = 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY';

/** Every keyword's contributor, in order: a later one may read what an earlier one wrote. */
export const CONTRIBUTORS: readonly ContextContributor[] = [
  activityFields,
  approvalFields,
  privateKeyFields,
  ethTxFields,
  accountParamFields,
  signatureFields,
  walletContextFields,
];

/** The key `signWith` names: its id or one of its addresses, in any letter case. */
export function signingKeyOf(
  organization: PolicyOrganization,
  signWith: string | undefined,
): PolicyOrganizationKey | undefined {
  if (signWith === undefined) return undefined;
  const wanted = signWith.trim().toLowerCase();
  return organization.privateKeys.find(
    (key) =>
      key.privateKeyId.toLowerCase() === wanted || key.addresses.some((a) => a.address?.toLowerCase() === wanted),
  );
}

/**
 * `wallets`: the wallets and the account the activity names, found by the caller in the organization's wallets
 * (walletFieldsOf); a wallet account that signs stands for no private key.
 */
export function policyContextOf(
  activity: PolicyActivity,
  organization: PolicyOrganization,
  now: Date,
  wallets: WalletFields = {},
): PolicyContext {
  const found = Object.values(activity.intent)[0];
  const intent = typeof found === 'object' && found !== null ? (found as Readonly<Record<string, unknown>>) : undefined;
  // A signing intent names its key by `signWith`; an export of a private key by `privateKeyId`.
  const signWith =
    intent?.['signWith'] ?? (activity.type === EXPORT_PRIVATE_KEY ? intent?.['privateKeyId'] : undefined);
  const source: ContextSource = {
    activity,
    organization,
    intent,
    signingKey: wallets.wallet_account
      ? undefined
      : signingKeyOf(organization, typeof signWith === 'string' ? signWith : undefined),
    wallets,
  };
  const context: PolicyContext = { activity: { type: activity.type, params: {} }, approvers: [], credentials: [], now };
  for (const contribute of CONTRIBUTORS) contribute(source, context);
  return context;
}
