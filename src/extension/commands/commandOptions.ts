/**
 * The schema of a command's options object, built from the kinds its descriptor declares for its fields. Pure (no
 * `vscode`); it loads with the argument schemas on a command's first run, not at activation.
 */
import * as z from 'zod';
import type { OptionFields, OptionKind } from './commandDescriptor';

const optionValue: Record<OptionKind, z.ZodType> = {
  string: z
    .string()
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed === '' ? undefined : trimmed;
    }),
  text: z
    .string()
    .nullish()
    .transform((value) => value ?? undefined),
  boolean: z
    .boolean()
    .nullish()
    .transform((value) => value ?? undefined),
  strings: z
    .array(z.string())
    .nullish()
    .transform((value) => value?.map((item) => item.trim()).filter((item) => item !== '')),
};

/** An options object with the declared fields typed; fields it does not declare pass as they are. */
export function optionsSchema(fields: OptionFields) {
  return z.looseObject(Object.fromEntries(Object.entries(fields).map(([key, kind]) => [key, optionValue[kind]])));
}
