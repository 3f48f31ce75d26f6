import {
  builtinCatalog,
  getItem,
  mergeUserCatalog,
  userCatalogSchema,
  type Catalog,
} from '../../../model/catalog';
import {
  SEARCH_FORMAT,
  catalogRegions,
  searchAccelerators,
  searchGoalIds,
} from '../../../model/search';
import type { SearchGoalId, SearchRegion } from '../../../model/search';

/**
 * The design-search form as plain data, and its conversion to a `clusterplan-search/1` spec
 * (model/search) over a base scenario document. Lists of numbers are typed as text
 * ("512, 1024, 2048"); an empty limit means "no limit".
 */

export type Fabric = 'infiniband' | 'roce' | 'ethernet';
export type Cooling = 'air' | 'rear-door' | 'direct-liquid' | 'immersion';

export type SearchForm = {
  readonly goal: SearchGoalId;
  /** TCO horizon, years (NaN: the base scenario's). */
  readonly horizonYears: number;
  /** Tokens to train, billions (NaN: the base scenario's). */
  readonly tokensToTrainB: number;
  readonly maxTimeToTrainDays: number;
  readonly maxFacilityPowerMW: number;
  readonly maxRacks: number;
  /** Capex limit, millions of the scenario currency (NaN: none). */
  readonly maxCapexMUsd: number;
  readonly acceleratorIds: readonly string[];
  readonly gpuCounts: string;
  readonly fabrics: readonly Fabric[];
  readonly gbpsPerGpu: string;
  readonly coolingTypes: readonly Cooling[];
  /** Catalog electricity ids (each a region). */
  readonly regions: readonly string[];
  readonly topK: number;
};

export const GOAL_LABELS: Readonly<Record<SearchGoalId, string>> = {
  tco_usd: 'Minimise TCO',
  cost_per_million_tokens_usd: 'Minimise cost per million training tokens',
  cost_per_training_run_usd: 'Minimise cost per training run',
  time_to_train_days: 'Minimise time to train',
  effective_tokens_per_s: 'Maximise throughput (effective tokens/s)',
  capex_usd: 'Minimise capex',
};
export const GOALS: readonly SearchGoalId[] = searchGoalIds;

export const FABRICS: readonly { id: Fabric; label: string }[] = [
  { id: 'infiniband', label: 'InfiniBand' },
  { id: 'roce', label: 'RoCE' },
  { id: 'ethernet', label: 'Ethernet (TCP)' },
];

export const COOLING: readonly { id: Cooling; label: string }[] = [
  { id: 'air', label: 'Air' },
  { id: 'rear-door', label: 'Rear-door heat exchanger' },
  { id: 'direct-liquid', label: 'Direct liquid' },
  { id: 'immersion', label: 'Immersion' },
];

/**
 * The catalog a base scenario document sees: built-in, with its user entries merged (the
 * built-in one when it has none or they are invalid: the search then names the problem).
 */
export function catalogOfDoc(doc: Readonly<Record<string, unknown>> | undefined): Catalog {
  const parsed = userCatalogSchema.safeParse(doc?.['userCatalog'] ?? undefined);
  if (!parsed.success || parsed.data.entries.length === 0) return builtinCatalog();
  try {
    return mergeUserCatalog(builtinCatalog(), parsed.data);
  } catch {
    return builtinCatalog();
  }
}

/**
 * Accelerators the search can price (model/search `searchAccelerators`): every accelerator of
 * the base scenario's catalog, its user accelerators included, that a catalog system holds,
 * with the platform it is bought as; a user accelerator is marked "your entry".
 */
export function searchableAccelerators(
  catalog: Catalog = builtinCatalog(),
): { id: string; label: string; platform: string }[] {
  return searchAccelerators(catalog).map((a) => ({
    id: a.id,
    label: a.user ? `${a.name} (your entry)` : a.name,
    platform: a.liquidPlatform ? `${a.platform}; liquid-cooled: ${a.liquidPlatform}` : a.platform,
  }));
}

/**
 * Regions offered: every catalog electricity price (any currency; the search converts it with
 * the scenario's exchange rate), with its grid carbon where the catalog has one.
 */
export function searchableRegions(): {
  id: string;
  label: string;
  pricePerKwh: number;
  currency: string;
  region: SearchRegion;
}[] {
  const catalog = builtinCatalog();
  return catalogRegions(catalog).map((region) => {
    const e = getItem(catalog, 'electricity', region.electricityId ?? '');
    return {
      id: e.id,
      label: e.name,
      pricePerKwh: e.pricePerKwh.value,
      currency: e.currency,
      region,
    };
  });
}

export const DEFAULT_FORM: SearchForm = {
  goal: 'tco_usd',
  horizonYears: 3,
  tokensToTrainB: NaN,
  maxTimeToTrainDays: 30,
  maxFacilityPowerMW: 5,
  maxRacks: NaN,
  maxCapexMUsd: NaN,
  acceleratorIds: ['h100-sxm', 'h200-sxm', 'b200'],
  gpuCounts: '512, 1024, 2048',
  fabrics: ['infiniband', 'roce'],
  gbpsPerGpu: '400, 800',
  coolingTypes: ['air', 'direct-liquid'],
  regions: ['us-texas', 'us-virginia'],
  topK: 10,
};

/** Parse "512, 1024 2048" into numbers; an error names the bad entry. */
export function parseNumberList(
  text: string,
  options: { integer: boolean; min: number; max: number },
): { ok: true; values: number[] } | { ok: false; error: string } {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, error: 'give at least one value' };
  const values: number[] = [];
  for (const p of parts) {
    const v = Number(p.replace(/_/g, ''));
    if (!Number.isFinite(v) || (options.integer && !Number.isInteger(v))) {
      return {
        ok: false,
        error: `"${p}" is not ${options.integer ? 'a whole number' : 'a number'}`,
      };
    }
    if (v < options.min || v > options.max) {
      return { ok: false, error: `${p} is outside ${options.min} to ${options.max}` };
    }
    if (!values.includes(v)) values.push(v);
  }
  return { ok: true, values };
}

export type FormErrors = Partial<Record<keyof SearchForm, string>>;

/** Candidates the form describes (product of the axes), or null when a list is invalid. */
export function candidateCount(form: SearchForm): number | null {
  const g = parseNumberList(form.gpuCounts, { integer: true, min: 1, max: 1_000_000 });
  const b = parseNumberList(form.gbpsPerGpu, { integer: false, min: 1, max: 6400 });
  if (!g.ok || !b.ok) return null;
  return (
    form.acceleratorIds.length *
    g.values.length *
    form.fabrics.length *
    b.values.length *
    form.coolingTypes.length *
    form.regions.length
  );
}

/**
 * The spec for a form over a base scenario document.
 * @returns the raw spec (validated later by the engine) or the errors by form field
 */
export function formToSpec(
  form: SearchForm,
  base: Readonly<Record<string, unknown>>,
): { ok: true; spec: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const gpus = parseNumberList(form.gpuCounts, { integer: true, min: 1, max: 1_000_000 });
  if (!gpus.ok) errors.gpuCounts = gpus.error;
  const gbps = parseNumberList(form.gbpsPerGpu, { integer: false, min: 1, max: 6400 });
  if (!gbps.ok) errors.gbpsPerGpu = gbps.error;
  if (form.acceleratorIds.length === 0) errors.acceleratorIds = 'choose at least one accelerator';
  if (form.fabrics.length === 0) errors.fabrics = 'choose at least one fabric';
  if (form.coolingTypes.length === 0) errors.coolingTypes = 'choose at least one cooling type';
  if (form.regions.length === 0) errors.regions = 'choose at least one region';
  if (!gpus.ok || !gbps.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const regions = searchableRegions();
  const limit = (v: number, scale = 1): number | undefined =>
    Number.isFinite(v) ? v * scale : undefined;
  const constraints: Record<string, number> = {};
  const add = (key: string, v: number | undefined): void => {
    if (v !== undefined) constraints[key] = v;
  };
  add('maxTimeToTrainDays', limit(form.maxTimeToTrainDays));
  add('maxFacilityPowerMW', limit(form.maxFacilityPowerMW));
  add('maxRacks', limit(form.maxRacks));
  add('maxCapexUsd', limit(form.maxCapexMUsd, 1e6));
  const spec: Record<string, unknown> = {
    format: SEARCH_FORMAT,
    name: 'Design search',
    base,
    goal: form.goal,
    constraints,
    space: {
      acceleratorIds: [...form.acceleratorIds],
      gpuCounts: gpus.values,
      fabrics: [...form.fabrics],
      gbpsPerGpu: gbps.values,
      fatTreeTiers: ['auto'],
      coolingTypes: [...form.coolingTypes],
      regions: form.regions.map(
        (id) => regions.find((r) => r.id === id)?.region ?? { name: id, electricityId: id },
      ),
    },
    topK: Number.isFinite(form.topK) ? Math.max(1, Math.round(form.topK)) : 10,
    nearMisses: 5,
    front: {
      x: 'time_to_train_days',
      y: form.goal === 'time_to_train_days' ? 'tco_usd' : frontY(form.goal),
    },
  };
  if (Number.isFinite(form.horizonYears)) spec['horizonYears'] = Math.round(form.horizonYears);
  if (Number.isFinite(form.tokensToTrainB)) spec['tokensToTrain'] = form.tokensToTrainB * 1e9;
  return { ok: true, spec };
}

/** The front's cost axis: the goal when it is a cost, else TCO. */
function frontY(goal: SearchGoalId): string {
  return goal === 'cost_per_million_tokens_usd' ||
    goal === 'cost_per_training_run_usd' ||
    goal === 'capex_usd'
    ? goal
    : 'tco_usd';
}

/**
 * An axis domain for the Pareto front's scatter: the values' range padded by a tenth of it on
 * each side, and at least by 2 % of the largest magnitude, so that a front of one build (or of
 * builds a few dollars apart) gets distinct tick labels instead of five ticks reading the same
 * rounded value. [0, 1] when there is no finite value.
 */
export function frontAxisDomain(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (lo > hi) return [0, 1];
  const pad = Math.max((hi - lo) * 0.1, Math.max(Math.abs(lo), Math.abs(hi)) * 0.02, 1e-9);
  // A non-negative quantity (money, days) keeps a non-negative axis.
  return [lo >= 0 ? Math.max(0, lo - pad) : lo - pad, hi + pad];
}
