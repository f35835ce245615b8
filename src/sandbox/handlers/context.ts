import type { ActivityEngine } from '../activityEngine';
import type { KeyOwner, Organization } from '../state';

/** What a handler receives once the request is authenticated. */
export interface RequestContext {
  readonly engine: ActivityEngine;
  readonly organization: Organization;
  /** Who stamped the request: their key, user and the organization the key belongs to. */
  readonly caller: KeyOwner;
  /** The parsed body, a JSON object. */
  readonly json: Record<string, unknown>;
  /** The exact bytes received. */
  readonly rawBody: Buffer;
  readonly nowMs: number;
}
