import { z } from 'zod';

/**
 * Field builders shared by the scenario sections. Every numeric field states its allowed
 * range, and a value outside it is rejected with a message that names the range (the field
 * path is added by `formatScenarioIssues`). The range is also readable from the schema
 * (`schema.minValue` / `schema.maxValue` in zod 4) so forms can show it.
 */

function fmt(n: number): string {
  return Number.isInteger(n) && Math.abs(n) >= 10_000
    ? n.toExponential().replace('e+', 'e')
    : String(n);
}

/**
 * zod's whole-number check (the check `.int()` adds: safe-integer format) without the schema
 * instance `.int()` builds around it. The scenario schema has a few hundred numeric fields and
 * is built while the app starts; attaching each field's checks in one `.check()` call builds one
 * schema per field instead of one per check (zod 4 clones the schema on every `.int()`, `.min()`
 * and `.max()`).
 */
function safeInt(error: string): z.core.$ZodCheck<number> {
  return new z.core.$ZodCheckNumberFormat({
    check: 'number_format',
    abort: false,
    format: 'safeint',
    error: () => error,
  });
}

/** An integer in [min, max]; `what` names the unit in the message (e.g. `GPUs`). */
export function intIn(min: number, max: number, what = '') {
  const unit = what ? ` ${what}` : '';
  const error = `must be an integer from ${fmt(min)} to ${fmt(max)}${unit}`;
  return z.number({ error }).check(safeInt(error), z.gte(min, { error }), z.lte(max, { error }));
}

/** A finite number in [min, max]. */
export function numIn(min: number, max: number, what = '') {
  const unit = what ? ` ${what}` : '';
  const error = `must be a number from ${fmt(min)} to ${fmt(max)}${unit}`;
  return z.number({ error }).check(z.gte(min, { error }), z.lte(max, { error }));
}

/** A finite number in (min, max] (strictly above min). */
export function numAbove(min: number, max: number, what = '') {
  const unit = what ? ` ${what}` : '';
  const error = `must be a number above ${fmt(min)} and at most ${fmt(max)}${unit}`;
  return z.number({ error }).check(z.gt(min, { error }), z.lte(max, { error }));
}

/** `'auto'` (the engine chooses) or the given schema. */
export function orAuto<T extends z.ZodType>(schema: T, description?: string) {
  const text = `must be "auto" or ${description ?? describe(schema)}`;
  return z.union([z.literal('auto'), schema], {
    error: (iss) => (iss.code === 'invalid_union' ? text : undefined),
  });
}

function describe(schema: z.ZodType): string {
  const s = schema as unknown as {
    minValue?: number | null;
    maxValue?: number | null;
    isInt?: boolean;
  };
  if (typeof s.minValue === 'number' && typeof s.maxValue === 'number') {
    return `${s.isInt ? 'an integer' : 'a number'} from ${fmt(s.minValue)} to ${fmt(s.maxValue)}`;
  }
  return 'a valid value';
}

/** A string enum whose error lists the allowed values (model/vocabulary). */
export { oneOf } from '../vocabulary';

/**
 * Largest units of a scenario currency per USD (`finance.fxPerUsd`'s upper bound): money fields
 * accept up to their USD bound times this, and the scenario then checks each against its USD
 * bound at the scenario's own rate (`MONEY_FIELDS` in ./index.ts).
 */
export const MAX_FX_PER_USD = 100_000;

/** Smallest units of a scenario currency per USD (`finance.fxPerUsd`'s lower bound). */
export const MIN_FX_PER_USD = 0.0001;

/**
 * A money field in the scenario's currency: from `minUsd` (default 0) to `maxUsd` once converted
 * to USD at the scenario's `finance.fxPerUsd` (checked on the whole scenario, `MONEY_FIELDS`);
 * the field alone accepts the range any allowed rate could give.
 */
export function moneyIn(maxUsd: number, what = '', minUsd = 0) {
  return numIn(minUsd * MIN_FX_PER_USD, maxUsd * MAX_FX_PER_USD, what);
}
