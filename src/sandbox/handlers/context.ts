import type { ActivityEngine } from '../activityEngine';
import { renderActivity } from '../rendering';
import type { ActivityRecord, Caller, Organization } from '../state';

/** What a handler receives once the request is authenticated. */
export interface RequestContext {
  readonly engine: ActivityEngine;
  readonly organization: Organization;
  /** Who stamped the request: their API key or passkey, user and the organization the credential belongs to. */
  readonly caller: Caller;
  /** The parsed body, a JSON object. */
  readonly json: Record<string, unknown>;
  /** The exact bytes received. */
  readonly rawBody: Buffer;
  readonly nowMs: number;
}

/** The activity as the caller sees it (whether they may vote on it depends on who they are). */
export function renderActivityFor(
  ctx: RequestContext,
  activity: ActivityRecord,
  nested = true,
): Record<string, unknown> {
  const viewer = ctx.caller.user.userId;
  return renderActivity(activity, ctx.engine.canVote(activity, viewer), ctx.engine.state.usersById, nested);
}
