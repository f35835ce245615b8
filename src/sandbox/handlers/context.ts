import type { ActivityEngine } from '../activityEngine';
import type { Caller, Organization } from '../state';

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
