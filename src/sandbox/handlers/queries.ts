/** The read operations, one function each. Queries change nothing and are not subject to votes. */
import { type QueryOperation, type QueryOperationName } from '../../api';
import { fromIssues, invalidRequest, notFound } from '../rpcError';
import {
  renderApiKey,
  renderAuthenticator,
  renderInterface,
  renderPrivateKey,
  renderTag,
  renderUser,
  renderUserTag,
} from '../rendering';
import type { ActivityRecord, InterfaceRecord, Organization, UserRecord } from '../state';
import { DamagedActivityError, type StoredActivity } from '../activityStore';
import { readableInterfaces } from '../interfaceFromIntent';
import { renderPolicy, renderPolicyEvaluation } from '../policyRendering';
import { getSubOrgIds } from '../subOrganizations';
import { renderWallet, walletQueries } from '../wallets/walletQueries';
import { renderActivityFor, type RequestContext } from './context';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

type Handler = (ctx: RequestContext, request: Record<string, unknown>) => Record<string, unknown>;

/** Whether the activity's record can be read; a damaged one is skipped by listings. */
function readable(stored: StoredActivity<ActivityRecord>): boolean {
  try {
    return stored.record !== undefined;
  } catch (error) {
    if (error instanceof DamagedActivityError) return false;
    throw error;
  }
}

function findInterface(organization: Organization, id: string): InterfaceRecord {
  const found = organization.interfaces.get(id);
  if (!found)
    throw notFound(
      `smart contract interface not found: no smart contract interface with ID ${id} in this organization`,
    );
  return found;
}

function findUser(organization: Organization, userId: string): UserRecord {
  const user = organization.record.users.find((u) => u.userId === userId);
  if (!user) throw notFound(`user not found: no user with ID ${userId} in this organization`);
  return user;
}

const handlers: Record<QueryOperationName, Handler> = {
  // Sub-organizations
  getSubOrgIds: (ctx, request) => getSubOrgIds(ctx.engine.state.organizations, ctx.organization, request),

  getAuthenticators(ctx, request) {
    const user = findUser(ctx.organization, String(request['userId']));
    return { authenticators: (user.authenticators ?? []).map(renderAuthenticator) };
  },

  getAuthenticator(ctx, request) {
    const authenticatorId = String(request['authenticatorId']);
    for (const user of ctx.organization.record.users) {
      const found = user.authenticators?.find((a) => a.authenticatorId === authenticatorId);
      if (found) return { authenticator: renderAuthenticator(found) };
    }
    throw notFound(`authenticator not found: no authenticator with ID ${authenticatorId} in this organization`);
  },

  getApiKey(ctx, request) {
    const apiKeyId = String(request['apiKeyId']);
    for (const user of ctx.organization.record.users) {
      const key = user.apiKeys.find((k) => k.apiKeyId === apiKeyId);
      if (key) return { apiKey: renderApiKey(key) };
    }
    throw notFound(`api key not found: no API key with ID ${apiKeyId} in this organization`);
  },

  whoami(ctx) {
    return {
      organizationId: ctx.organization.record.organizationId,
      organizationName: ctx.organization.record.name,
      userId: ctx.caller.user.userId,
      username: ctx.caller.user.userName,
    };
  },

  getOrganization(ctx) {
    const { record, tags, interfaces } = ctx.organization;
    return {
      organizationData: {
        organizationId: record.organizationId,
        name: record.name,
        users: record.users.map(renderUser),
        policies: ctx.organization.policies.list().map(renderPolicy),
        privateKeys: record.privateKeys.map(renderPrivateKey),
        invitations: [],
        tags: [...[...tags.values()].map(renderTag), ...[...ctx.organization.userTags.values()].map(renderUserTag)],
        rootQuorum: { threshold: record.rootQuorum, userIds: [...record.rootUserIds] },
        features: [],
        wallets: ctx.organization.wallets.list().map(renderWallet),
        smartContractInterfaceReferences: readableInterfaces(interfaces).map((i) => ({
          smartContractInterfaceId: i.smartContractInterfaceId,
          smartContractAddress: i.smartContractAddress,
        })),
      },
    };
  },

  getPolicy(ctx, request) {
    const policyId = String(request['policyId']);
    const policy = ctx.organization.policies.byId.get(policyId);
    if (!policy) throw notFound(`policy not found: no policy with ID ${policyId} in this organization`);
    return { policy: renderPolicy(policy) };
  },

  listPolicies(ctx) {
    return { policies: ctx.organization.policies.list().map(renderPolicy) };
  },

  getPolicyEvaluations(ctx, request) {
    const activityId = String(request['activityId']);
    const { organizationId } = ctx.organization.record;
    const records = ctx.organization.policies.evaluationsOf(activityId);
    // A denied submission was never stored, but its evaluation was: it is found by the id the denial named.
    if (records.length === 0 && ctx.engine.state.activities.entry(activityId)?.organizationId !== organizationId)
      throw notFound(`activity not found: no activity with ID ${activityId} in this organization`);
    const { policies } = ctx.organization;
    return { policyEvaluations: records.map((r) => renderPolicyEvaluation(organizationId, r, policies.outcomesOf(r))) };
  },

  getActivity(ctx, request) {
    const activityId = String(request['activityId']);
    const stored = ctx.engine.state.activities.entry(activityId);
    if (!stored || stored.organizationId !== ctx.organization.record.organizationId) {
      throw notFound(`activity not found: no activity with ID ${activityId} in this organization`);
    }
    return { activity: renderActivityFor(ctx, stored.record) };
  },

  listActivities(ctx, request) {
    const statuses = request['filterByStatus'] as string[] | undefined;
    const types = request['filterByType'] as string[] | undefined;
    const pagination = (request['paginationOptions'] ?? {}) as { limit?: string; before?: string; after?: string };
    const limit = pagination.limit === undefined ? DEFAULT_PAGE_SIZE : Number(pagination.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw invalidRequest(`invalid request: paginationOptions.limit: must be between 1 and ${MAX_PAGE_SIZE}`, [
        { field: 'paginationOptions.limit', description: `must be between 1 and ${MAX_PAGE_SIZE}` },
      ]);
    }
    // Newest first, as the service lists them. Filters and cursors read each activity's keys; only the page is parsed.
    let list = [...ctx.engine.state.activities.ofOrganization(ctx.organization.record.organizationId)].reverse();
    if (statuses && statuses.length > 0) list = list.filter((a) => statuses.includes(a.status));
    if (types && types.length > 0) list = list.filter((a) => types.includes(a.type));
    const cursor = (id: string, field: string): number => {
      const index = list.findIndex((a) => a.id === id);
      if (index === -1) {
        throw invalidRequest(`invalid request: paginationOptions.${field}: no activity with ID ${id} in this listing`, [
          { field: `paginationOptions.${field}`, description: 'is not an activity of this listing' },
        ]);
      }
      return index;
    };
    let page: typeof list;
    if (pagination.after !== undefined) page = list.slice(cursor(pagination.after, 'after') + 1).slice(0, limit);
    else if (pagination.before !== undefined) {
      const end = cursor(pagination.before, 'before');
      page = list.slice(Math.max(0, end - limit), end);
    } else page = list.slice(0, limit);
    // An activity whose journal record is damaged is left out (and logged once, when found), not the whole page.
    return { activities: page.filter(readable).map((a) => renderActivityFor(ctx, a.record, false)) };
  },

  listPrivateKeys(ctx) {
    return { privateKeys: ctx.organization.record.privateKeys.map(renderPrivateKey) };
  },

  getPrivateKey(ctx, request) {
    const privateKeyId = String(request['privateKeyId']);
    const key = ctx.organization.record.privateKeys.find((k) => k.privateKeyId === privateKeyId);
    if (!key) throw notFound(`private key not found: no private key with ID ${privateKeyId} in this organization`);
    return { privateKey: renderPrivateKey(key) };
  },

  listPrivateKeyTags(ctx) {
    return { privateKeyTags: [...ctx.organization.tags.values()].map(renderTag) };
  },

  listUsers(ctx) {
    return { users: ctx.organization.record.users.map(renderUser) };
  },

  getUser(ctx, request) {
    return { user: renderUser(findUser(ctx.organization, String(request['userId']))) };
  },

  listUserTags(ctx) {
    return { userTags: [...ctx.organization.userTags.values()].map(renderUserTag) };
  },

  listSmartContractInterfaces(ctx) {
    const id = ctx.organization.record.organizationId;
    return {
      smartContractInterfaces: readableInterfaces(ctx.organization.interfaces).map((i) => renderInterface(id, i)),
    };
  },

  getSmartContractInterface(ctx, request) {
    const found = findInterface(ctx.organization, String(request['smartContractInterfaceId']));
    return { smartContractInterface: renderInterface(ctx.organization.record.organizationId, found) };
  },

  // Wallets
  ...walletQueries,
};

export function runQuery(
  name: QueryOperationName,
  operation: QueryOperation,
  ctx: RequestContext,
): Record<string, unknown> {
  const parsed = operation.request.safeParse(ctx.json);
  if (!parsed.success) throw fromIssues('request', parsed.error.issues);
  return handlers[name](ctx, parsed.data as Record<string, unknown>);
}
