import { z } from 'zod';

/**
 * Where a catalog number comes from. Every number the app shows from its catalog carries
 * one: which source (an id into the source index, or `user` for user entries), the date of
 * that source, and how the number was obtained.
 */
export const basisSchema = z.enum(['read', 'derived', 'estimate', 'user']);
export type Basis = z.infer<typeof basisSchema>;

export const sourceRefSchema = z.object({
  /** Source ids from the catalog's source index (or ['user'] for a user entry). */
  sources: z.array(z.string().min(1)),
  /** Date of the source, ISO `YYYY` / `YYYY-MM` / `YYYY-MM-DD`. */
  date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'date must be YYYY, YYYY-MM or YYYY-MM-DD'),
  /** read: stated in the source; derived: arithmetic on read numbers; estimate: planning value. */
  basis: basisSchema,
  /** Soft numbers are planning values with real spread (estimates, street prices). */
  soft: z.boolean(),
  note: z.string().optional(),
});
export type SourceRef = z.infer<typeof sourceRefSchema>;

/** A number with its unit and its provenance. */
export const sourcedNumberSchema = sourceRefSchema.extend({
  value: z.number().finite(),
  unit: z.string(),
});
export type SourcedNumber = z.infer<typeof sourcedNumberSchema>;

/** An entry of the catalog's source index. */
export const sourceSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  url: z.string(),
  kind: z.string(),
});
export type Source = z.infer<typeof sourceSchema>;
