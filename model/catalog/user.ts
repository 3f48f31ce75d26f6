import { z } from 'zod';
import { catalogKinds } from './schemas';

/**
 * User catalog entries saved with a scenario file. Each entry adds an item or overrides
 * fields of a built-in item (same kind and id). Numbers may be given plain (`1200`) or as
 * `{ value, unit?, note? }`; the merge marks each as user-sourced (`sources: ['user']`,
 * `basis: 'user'`, the entry's date). See `mergeUserCatalog` in ./index.
 */

const userNumberSchema = z.union([
  z.number().finite(),
  z.object({
    value: z.number().finite(),
    unit: z.string().optional(),
    note: z.string().optional(),
  }),
]);
export type UserNumber = z.infer<typeof userNumberSchema>;

export const userEntrySchema = z.object({
  kind: z.enum(catalogKinds as [string, ...string[]], {
    error: `must be one of ${catalogKinds.map((k) => `"${k}"`).join(', ')}`,
  }),
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'must be a lower-case id (letters, digits, . _ -)' }),
  /** Date the user took the numbers from their source (quote, datasheet), YYYY[-MM[-DD]]. */
  date: z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { error: 'must be YYYY, YYYY-MM or YYYY-MM-DD' }),
  /** Where the numbers come from (quote number, datasheet title). */
  source: z.string().max(500).default(''),
  /** Field values: numbers become user-sourced numbers; other values are taken as given. */
  fields: z
    .record(
      z.string(),
      z.union([
        userNumberSchema,
        z.string(),
        z.boolean(),
        z.array(z.unknown()),
        z.record(z.string(), z.unknown()),
      ]),
    )
    .default({}),
});
export type UserEntry = z.infer<typeof userEntrySchema>;

export const userCatalogSchema = z
  .object({ entries: z.array(userEntrySchema).default([]) })
  .default({ entries: [] });
export type UserCatalog = z.infer<typeof userCatalogSchema>;
