/**
 * Organization features (swagger `v1Feature`, `v1SetOrganizationFeatureIntent`, `v1RemoveOrganizationFeatureIntent`);
 * the names are in wireValues.ts.
 */
import * as z from 'zod';
import { FeatureName } from '../wireValues';
import { openEnum } from './common';

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
