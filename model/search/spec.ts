import { z } from 'zod';
import { fabricSchema } from '../scenario/cluster';
import { coolingTypeSchema } from '../scenario/facility';
import { intIn, numIn } from '../scenario/fields';
import { storageTierSchema } from '../scenario/storage';

/**
 * The design-search spec (`clusterplan-search/1`): a base scenario, a goal, constraints and the
 * space of builds to search. Every space axis maps to one scenario field (see `space.ts`); an
 * empty axis keeps the base scenario's value. Units are in the field names.
 */

export const SEARCH_FORMAT = 'clusterplan-search/1';

/**
 * Metrics a search can optimise or plot, with the registered metric id each is read from.
 * `facility_peak_power_kw` is the one derived figure: IT peak power × PUE (what a facility's
 * power cap limits), from the power/cost stage.
 */
export const searchMetricIds = [
  'tco_usd',
  'cost_per_million_tokens_usd',
  'cost_per_training_run_usd',
  'time_to_train_days',
  'effective_tokens_per_s',
  'capex_usd',
  'facility_power_kw',
  'facility_peak_power_kw',
  'racks',
] as const;
export type SearchMetricId = (typeof searchMetricIds)[number];
export const searchMetricSchema = z.enum(searchMetricIds, {
  error: `must be one of ${searchMetricIds.join(', ')}`,
});

/** Goals offered: each minimises or maximises one metric (direction from the metric registry). */
export const searchGoalIds = [
  'tco_usd',
  'cost_per_million_tokens_usd',
  'cost_per_training_run_usd',
  'time_to_train_days',
  'effective_tokens_per_s',
  'capex_usd',
] as const;
export type SearchGoalId = (typeof searchGoalIds)[number];

/** A region: where the power is bought (price) and how clean it is (carbon). */
export const searchRegionSchema = z.strictObject({
  /** Label shown in results. */
  name: z.string().min(1, { error: 'must be a name' }).max(100),
  /** Catalog electricity price id (priced in the scenario currency or USD). */
  electricityId: z.string().min(1).optional(),
  /** Flat electricity price per kWh in the scenario currency; overrides `electricityId`. */
  priceUsdPerKwh: numIn(0, 5, 'per kWh').optional(),
  /** Catalog grid-carbon id. */
  carbonId: z.string().min(1).optional(),
  /** Grid carbon intensity, gCO2e per kWh; overrides `carbonId`. */
  carbonGPerKwh: numIn(0, 2000, 'gCO2e/kWh').optional(),
});
export type SearchRegion = z.infer<typeof searchRegionSchema>;

/** A named shared storage tier holding the dataset (the scenario's `cluster.storage.dataTier`). */
export const searchStorageTierSchema = storageTierSchema.extend({
  name: z.string().min(1, { error: 'must be a name' }).max(200),
});
export type SearchStorageTier = z.infer<typeof searchStorageTierSchema>;

const MAX_AXIS = 1000;

function axis<T extends z.ZodType>(item: T, what: string) {
  return z
    .array(item)
    .max(MAX_AXIS, { error: `at most ${MAX_AXIS} ${what}` })
    .default([])
    .check((ctx) => {
      const seen = new Set<string>();
      ctx.value.forEach((v, i) => {
        const key = JSON.stringify(v);
        if (seen.has(key)) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            path: [i],
            message: `duplicate ${what.replace(/s$/, '')} ${key}`,
          });
        }
        seen.add(key);
      });
    });
}

export const searchSpaceSchema = z.strictObject({
  /** Accelerator catalog ids (`cluster.compute.acceleratorId`); each needs a reference system. */
  acceleratorIds: axis(z.string().min(1), 'accelerator ids'),
  /** GPU counts (`cluster.compute.gpus`); GPUs per node come from the accelerator's system. */
  gpuCounts: axis(intIn(1, 1_000_000, 'GPUs'), 'GPU counts'),
  /** Scale-out fabric types (`cluster.network.scaleOut.fabric`). */
  fabrics: axis(fabricSchema, 'fabrics'),
  /** Scale-out line rates per GPU, Gb/s (`cluster.network.scaleOut.gbpsPerGpu`). */
  gbpsPerGpu: axis(numIn(1, 6400, 'Gb/s'), 'line rates'),
  /** Fat-tree tiers (`cluster.network.scaleOut.fatTreeTiers`). */
  fatTreeTiers: axis(z.union([z.literal('auto'), intIn(1, 4, 'tiers')]), 'tier counts'),
  /** Storage tiers for the dataset (`cluster.storage.dataTier`). */
  storageTiers: axis(searchStorageTierSchema, 'storage tiers'),
  /** Node-local NVMe cache drives per node (`cluster.storage.nodeCache.drivesPerNode`). */
  nodeCacheDrivesPerNode: axis(intIn(0, 64, 'drives'), 'cache sizes'),
  /**
   * Cooling types (`facility.coolingType`). A searched cooling type replaces the base's facility
   * preset and its PUE, WUE and rack-limit overrides with the cooling type's planning values.
   */
  coolingTypes: axis(coolingTypeSchema, 'cooling types'),
  /** Regions (`facility.electricityId`/`priceUsdPerKwh`, `carbonId`/`carbonGPerKwh`). */
  regions: axis(searchRegionSchema, 'regions'),
});
export type SearchSpaceSpec = z.infer<typeof searchSpaceSchema>;

export const searchConstraintsSchema = z
  .strictObject({
    /** Wall-clock time to train the tokens (`time_to_train_days`), at most this many days. */
    maxTimeToTrainDays: numIn(0.001, 100_000, 'days').optional(),
    /** Facility peak power (IT peak × PUE), at most this many MW. */
    maxFacilityPowerMW: numIn(0.001, 100_000, 'MW').optional(),
    /** Racks (`racks`), at most. */
    maxRacks: intIn(1, 1_000_000, 'racks').optional(),
    /** Capex (`capex_usd`), at most, in the scenario currency. */
    maxCapexUsd: numIn(1, 1e13, 'USD').optional(),
    /** TCO over the horizon (`tco_usd`), at most, in the scenario currency. */
    maxTcoUsd: numIn(1, 1e14, 'USD').optional(),
    /** Effective training throughput (`effective_tokens_per_s`), at least. */
    minEffectiveTokensPerS: numIn(1, 1e12, 'tokens/s').optional(),
  })
  .prefault({});
export type SearchConstraintsSpec = z.infer<typeof searchConstraintsSchema>;

export const searchSpecSchema = z.strictObject({
  format: z.literal(SEARCH_FORMAT, { error: `must be "${SEARCH_FORMAT}"` }),
  /** Label of the search. */
  name: z.string().max(200).default('Design search'),
  /**
   * The base scenario (a training scenario): it supplies the model, training settings, reliability,
   * finance and everything the space does not vary. The CLI also accepts a file path here.
   */
  base: z.unknown(),
  /** The metric to optimise; minimised or maximised as the metric registry says. */
  goal: z.enum(searchGoalIds, { error: `must be one of ${searchGoalIds.join(', ')}` }),
  /** Tokens to train (`workload.training.tokensToTrain`); default: the base scenario's. */
  tokensToTrain: numIn(1, 1e16, 'tokens').optional(),
  /** TCO horizon (`finance.horizonYears`); default: the base scenario's (e.g. 3 for a 3-year TCO). */
  horizonYears: intIn(1, 20, 'years').optional(),
  constraints: searchConstraintsSchema,
  space: searchSpaceSchema.prefault({}),
  /** How many of the best feasible builds to return. */
  topK: intIn(1, 1000, 'builds').default(10),
  /** How many infeasible builds closest to feasible to return (0: none; allows objective pruning). */
  nearMisses: intIn(0, 1000, 'builds').default(5),
  /** Pareto front axes (both optimised in their registered direction); null: no front. */
  front: z
    .strictObject({ x: searchMetricSchema, y: searchMetricSchema })
    .nullable()
    .default({ x: 'time_to_train_days', y: 'tco_usd' }),
  /** Skip candidates whose bounds show they cannot change the result (false: exhaustive). */
  prune: z.boolean().default(true),
});
export type SearchSpec = z.infer<typeof searchSpecSchema>;
export type SearchSpecInput = z.input<typeof searchSpecSchema>;

export type SpecIssue = { readonly path: string; readonly message: string };

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out === '' ? '(spec)' : out;
}

/**
 * Validate a search spec (parsed JSON).
 * @returns the spec with defaults, or every problem with its dotted field path
 */
export function parseSearchSpec(
  raw: unknown,
): { ok: true; spec: SearchSpec } | { ok: false; issues: SpecIssue[] } {
  const r = searchSpecSchema.safeParse(raw);
  if (r.success) return { ok: true, spec: r.data };
  return {
    ok: false,
    issues: r.error.issues.map((i) => ({ path: pathText(i.path), message: i.message })),
  };
}
