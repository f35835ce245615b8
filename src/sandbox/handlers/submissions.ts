/**
 * The submit operations: the envelope and the parameters are checked against the operation's schemas
 * (a malformed request is refused with 400 and creates nothing), the timestamp against the clock, and
 * then the activity engine runs it. Execution failures are activities too: HTTP 200, status FAILED. A body
 * that repeats a stored activity is not checked again against the organization as it is now (a policy's name is
 * taken by then, by that very activity): the engine answers it with that activity.
 */
import { ActivityType, type SubmitOperation } from '../../api';
import { activityRequestEnvelopeSchema } from '../../api/remote';
import { fingerprintOf } from '../activityEngine';
import { checkTimestamp } from '../authenticate';
import { checkAuthenticatorsIntent } from '../authenticatorRules';
import { checkPolicyIntent } from '../policyRules';
import { checkPeopleIntent } from '../peopleRules';
import { checkPrivateKeysIntent } from '../privateKeyRules';
import { fromIssues, invalidRequest } from '../rpcError';
import { checkSigningIntent } from '../signingRules';
import { checkKeyTransferIntent } from '../keyTransferRules';
import { checkPeopleOperationsIntent } from '../peopleOperations';
import { checkSubOrganizationIntent } from '../subOrganizations';
import { checkWalletIntent } from '../wallets/walletRules';
import { renderActivityFor, type RequestContext } from './context';

export async function runSubmission(operation: SubmitOperation, ctx: RequestContext): Promise<Record<string, unknown>> {
  const envelope = activityRequestEnvelopeSchema.safeParse(ctx.json);
  if (!envelope.success) throw fromIssues('request', envelope.error.issues);
  const { type, timestampMs, parameters, generateAppProofs } = envelope.data;
  if (type !== operation.activityType) {
    throw invalidRequest(
      `invalid request: type: must be ${operation.activityType} for ${operation.path}, not ${type.slice(0, 100)}`,
      [{ field: 'type', description: `must be ${operation.activityType}` }],
    );
  }
  checkTimestamp(timestampMs, ctx.nowMs);
  const params = operation.parameters.safeParse(parameters);
  if (!params.success) throw fromIssues('request', params.error.issues, ['parameters']);
  checkSigningIntent(operation.activityType, params.data as Record<string, unknown>);
  const stored = ctx.engine.state.activities.byFingerprint(fingerprintOf(ctx.rawBody));
  const repeat = stored?.organizationId === ctx.organization.record.organizationId;
  if (!repeat) checkPolicyIntent(operation.activityType, params.data as Record<string, unknown>, ctx.organization);
  checkPeopleIntent(operation.activityType, params.data as Record<string, unknown>);
  checkPrivateKeysIntent(operation.activityType, params.data as Record<string, unknown>);
  checkWalletIntent(operation.activityType, params.data as Record<string, unknown>);
  if (operation.activityType === ActivityType.CreateAuthenticatorsV2 && !repeat)
    await checkAuthenticatorsIntent(ctx.organization, params.data as Record<string, unknown>);
  // Sub-organizations, people, export and import
  checkPeopleOperationsIntent(operation.activityType, params.data as Record<string, unknown>);
  checkKeyTransferIntent(operation.activityType, params.data as Record<string, unknown>);
  if (!repeat)
    await checkSubOrganizationIntent(operation.activityType, params.data as Record<string, unknown>, ctx.organization);
  const activity = await ctx.engine.submit({
    operation,
    organization: ctx.organization,
    caller: ctx.caller,
    timestampMs,
    parameters: params.data as Record<string, unknown>,
    generateAppProofs: generateAppProofs === true,
    rawBody: ctx.rawBody,
  });
  return { activity: renderActivityFor(ctx, activity) };
}
