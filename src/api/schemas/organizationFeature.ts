/**
 * Organization features (swagger `v1Feature`, `v1SetOrganizationFeatureIntent`, `v1RemoveOrganizationFeatureIntent`).
 * `FEATURE_NAME_WEBAUTHN_ORIGINS` holds the origins passkeys may be used from, comma-separated; unset, any origin.
 */
import { z } from 'zod';
import { openEnum } from './common';

export const FeatureName = {
  RootUserEmailRecovery: 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY',
  WebauthnOrigins: 'FEATURE_NAME_WEBAUTHN_ORIGINS',
  EmailAuth: 'FEATURE_NAME_EMAIL_AUTH',
  EmailRecovery: 'FEATURE_NAME_EMAIL_RECOVERY',
  Webhook: 'FEATURE_NAME_WEBHOOK',
  SmsAuth: 'FEATURE_NAME_SMS_AUTH',
  OtpEmailAuth: 'FEATURE_NAME_OTP_EMAIL_AUTH',
  AuthProxy: 'FEATURE_NAME_AUTH_PROXY',
  SolanaRentPrefundEnabled: 'FEATURE_NAME_SOLANA_RENT_PREFUND_ENABLED',
  SwapConfig: 'FEATURE_NAME_SWAP_CONFIG',
  EarnConfig: 'FEATURE_NAME_EARN_CONFIG',
} as const;

const featureNames = Object.values(FeatureName) as [string, ...string[]];

/** A request names a feature the swagger lists; anything else is refused before it is signed. */
export const featureNameSchema = z.enum(featureNames);

export const setOrganizationFeatureParametersSchema = z.strictObject({
  name: featureNameSchema,
  value: z.string().max(4096, 'is too long'),
});
export type SetOrganizationFeatureParameters = z.infer<typeof setOrganizationFeatureParametersSchema>;

export const removeOrganizationFeatureParametersSchema = z.strictObject({ name: featureNameSchema });
export type RemoveOrganizationFeatureParameters = z.infer<typeof removeOrganizationFeatureParametersSchema>;

export const featureSchema = z.looseObject({ name: openEnum(featureNames), value: z.string().optional() });
export type Feature = z.infer<typeof featureSchema>;

/** Both activities answer with the organization's features as they are afterwards. */
export const organizationFeaturesResultSchema = z.looseObject({ features: z.array(featureSchema) });
