/**
 * Organization features: the execution of set_organization_feature and remove_organization_feature, and the
 * one feature the sandbox enforces, FEATURE_NAME_WEBAUTHN_ORIGINS (the origins passkeys may be used from).
 *
 * Passkey origins, as the service documents them: while the feature is unset, assertions from any origin are
 * accepted. Once it is set (a comma-separated list of origins such as `https://app.example.com`, or `*`), an
 * assertion is refused when its client data's origin is not listed, or when its authenticator data's RP ID
 * hash is not SHA-256 of a listed origin's host or of one of that host's parent domains (the RP IDs a browser
 * lets that origin use). The list read is the one of the organization the request names.
 *
 * Signature counters: the sandbox reads an assertion's counter but neither stores nor compares it, so a
 * counter that stays at 0 or goes backwards is accepted. Synced passkeys (iCloud Keychain, Google Password
 * Manager) always report 0, and the service documents no counter check, so the sandbox makes none.
 */
import { createHash } from 'node:crypto';
import { FeatureName, GrpcCode, type KnownActivityStatus } from '../api';
import { operations } from '../api/remote';
import { RpcError, rpcStatusBody } from './rpcError';
import type { ActivityRecord, Effect, Organization, RpcStatusBody } from './state';

/** What running one of these activities gives; the engine applies the effects. */
export interface FeatureOutcome {
  readonly status: KnownActivityStatus;
  readonly result: Record<string, unknown>;
  readonly failure?: RpcStatusBody;
  readonly effects: readonly Effect[];
}

const ANY_ORIGIN = '*';

/** The listed origins in their canonical form, or the first entry that is not an origin. */
function parseOrigins(value: string): { origins: string[] } | { invalid: string } {
  const origins: string[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    if (entry === ANY_ORIGIN) {
      origins.push(ANY_ORIGIN);
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== entry.replace(/\/$/, ''))
      return { invalid: entry };
    origins.push(url.origin);
  }
  return { origins };
}

function featuresAfter(organization: Organization, name: string, value: string | undefined): Record<string, unknown>[] {
  const features = new Map(organization.features);
  if (value === undefined) features.delete(name);
  else features.set(name, value);
  return [...features].map(([n, v]) => ({ name: n, value: v }));
}

export function setOrganizationFeature(activity: ActivityRecord, organization: Organization): FeatureOutcome {
  const operation = operations.setOrganizationFeature;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const { value } = intent;
  if (intent.name === FeatureName.WebauthnOrigins) {
    const parsed = parseOrigins(value);
    if ('invalid' in parsed) {
      return {
        status: 'ACTIVITY_STATUS_FAILED',
        result: {},
        failure: rpcStatusBody(
          GrpcCode.InvalidArgument,
          `invalid feature value: "${parsed.invalid.slice(0, 100)}" is not an origin (scheme://host[:port]) or "*"`,
          'REQUEST_INVALID',
        ),
        effects: [],
      };
    }
  }
  const organizationId = organization.record.organizationId;
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { setOrganizationFeatureResult: { features: featuresAfter(organization, intent.name, value) } },
    effects: [{ op: 'setFeature', organizationId, name: intent.name, value }],
  };
}

export function removeOrganizationFeature(activity: ActivityRecord, organization: Organization): FeatureOutcome {
  const operation = operations.removeOrganizationFeature;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const organizationId = organization.record.organizationId;
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { removeOrganizationFeatureResult: { features: featuresAfter(organization, intent.name, undefined) } },
    effects: [{ op: 'setFeature', organizationId, name: intent.name }],
  };
}

/** The RP IDs a page at `origin` may use: its host and each parent domain of it. */
export function rpIdsOf(origin: string): string[] {
  const labels = new URL(origin).hostname.split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter((id, i) => i === 0 || id.includes('.'));
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The origins passkeys may be used from: any while the feature is unset (or `*`), else the listed ones. */
export function allowedPasskeyOrigins(organization: Organization): 'any' | string[] {
  const value = organization.features.get(FeatureName.WebauthnOrigins);
  if (value === undefined) return 'any';
  const parsed = parseOrigins(value);
  const allowed = 'origins' in parsed ? parsed.origins : [];
  return allowed.includes(ANY_ORIGIN) ? 'any' : allowed;
}

/** Refuses a passkey assertion the organization's FEATURE_NAME_WEBAUTHN_ORIGINS does not allow. */
export function checkPasskeyOrigin(
  organization: Organization,
  assertion: { readonly authenticatorData: Uint8Array; readonly clientDataJson: Uint8Array },
): void {
  const value = organization.features.get(FeatureName.WebauthnOrigins);
  if (value === undefined) return;
  const parsed = parseOrigins(value);
  const allowed = 'origins' in parsed ? parsed.origins : [];
  if (allowed.includes(ANY_ORIGIN)) return;
  let origin: unknown;
  try {
    origin = (JSON.parse(Buffer.from(assertion.clientDataJson).toString('utf8')) as { origin?: unknown }).origin;
  } catch {
    origin = undefined;
  }
  const refuse = (detail: string): never => {
    throw new RpcError(GrpcCode.Unauthenticated, `could not verify WebAuthN signature: ${detail}`, 'SIGNATURE_INVALID');
  };
  if (typeof origin !== 'string' || !allowed.includes(origin.replace(/\/$/, ''))) {
    refuse(
      `the origin ${typeof origin === 'string' ? JSON.stringify(origin.slice(0, 100)) : '(none)'} is not among the organization's allowed WebAuthn origins`,
    );
  }
  const rpIdHash = Buffer.from(assertion.authenticatorData.subarray(0, 32));
  if (!allowed.some((o) => rpIdsOf(o).some((rpId) => sha256(rpId).equals(rpIdHash)))) {
    refuse("the authenticator data's RP ID belongs to none of the organization's allowed WebAuthn origins");
  }
}
