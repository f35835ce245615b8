/**
 * What the log holds of a submitted activity (its JSON) or a fetched API key, as plain text; the activity's words
 * are in wording/activityWords.ts. Pure (no `vscode`), so it
 * is tested in plain Node; resultPrinter.ts writes it to the "Countersign" log and shows the messages.
 * Nothing here can hold a secret: an activity and an API key record carry ids, public keys and signatures made
 * by the service, never a private key or a stamp.
 */
import { timestampToMs, type Activity, type ApiKey } from '../../api';

/** The activity as formatted JSON, id, status and type first. */
export function activityJsonText(activity: Activity): string {
  const { id, status, type, organizationId, ...rest } = activity;
  return JSON.stringify({ id, status, type, organizationId, ...rest }, null, 2);
}

/** An API key record as the log shows it: name, credential type, public key, created and expiration. */
export interface ApiKeySummary {
  readonly apiKeyName: string;
  readonly apiKeyId: string;
  readonly credentialType: string;
  readonly publicKey: string;
  readonly createdAt: string | undefined;
  /** ISO time, or "never" when the key has no expiration. */
  readonly expiration: string;
}

function isoOf(ms: number | undefined): string | undefined {
  return ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}

export function summarizeApiKey(apiKey: ApiKey): ApiKeySummary {
  const createdMs = timestampToMs(apiKey.createdAt);
  // expirationSeconds is the key's lifetime, counted from its creation.
  const lifetimeSeconds = apiKey.expirationSeconds === undefined ? undefined : Number(apiKey.expirationSeconds);
  const expiration =
    lifetimeSeconds === undefined || lifetimeSeconds === 0 || createdMs === undefined
      ? 'never'
      : (isoOf(createdMs + lifetimeSeconds * 1000) ?? 'never');
  return {
    apiKeyName: apiKey.apiKeyName,
    apiKeyId: apiKey.apiKeyId,
    credentialType: apiKey.credential.type,
    publicKey: apiKey.credential.publicKey,
    createdAt: isoOf(createdMs),
    expiration,
  };
}
