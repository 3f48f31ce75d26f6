import { z } from 'zod';
import { PRECISIONS, precisionSchema } from '../vocabulary';
import type { Precision } from '../vocabulary';
import { sourceSchema, sourcedNumberSchema } from './sourced';
import type { Source, SourcedNumber } from './sourced';
import acceleratorSeed from './data/accelerators.json' with { type: 'json' };
import acceleratorSourcesSeed from './data/accelerator-sources.json' with { type: 'json' };

/**
 * Accelerator seed data, generated from ../shared/research/catalog.json `accelerators`
 * (script: /work/notes/a1/gen_catalog.py). Units: TFLOP/s dense (no 2:4 sparsity), HBM in GB
 * (decimal), HBM bandwidth in TB/s, scale-up bandwidth in GB/s bidirectional per GPU, power in W.
 * `date` is the part's datasheet/launch date (the research catalog does not date its sources).
 * Research `basis: memory` numbers are carried as `estimate` and `soft`. Kept as JSON
 * (data/accelerators.json, data/accelerator-sources.json): the renderer's bundle ships it as one
 * `JSON.parse` string, parsed faster at start-up than the same object literal.
 */
const ACCELERATOR_SEED: readonly unknown[] = acceleratorSeed;

/**
 * Source index entries cited by ACCELERATOR_SEED and the compute efficiency constants that the
 * catalog's source index (sources.ts) does not already hold; `loadCatalog` indexes both.
 */
const SOURCES_SEED: readonly unknown[] = acceleratorSourcesSeed;

/** The engine's one precision list and type (model/vocabulary), as the catalog reads it. */
export { PRECISIONS, precisionSchema };
export type { Precision };

export const acceleratorSchema = z.object({
  /** Id used by scenarios and validation cases (`h100-sxm`, ...). */
  id: z.string().min(1),
  /** Id of the entry in the research catalog (`nvidia-h100-sxm5`), null when it has none. */
  catalogId: z.string().nullable(),
  name: z.string().min(1),
  vendor: z.string().min(1),
  /** Scale-up fabric kind: NVLink/NVSwitch, AMD Infinity Fabric, Gaudi on-chip RoCE or PCIe only. */
  scaleUpFabric: z.enum(['nvlink', 'infinity-fabric', 'roce', 'pcie']),
  /** Dense (no structured sparsity) peak per precision, TFLOP/s. Missing: not supported in hardware. */
  denseTflops: z.object({
    fp16: sourcedNumberSchema.optional(),
    bf16: sourcedNumberSchema,
    fp8: sourcedNumberSchema.optional(),
    fp4: sourcedNumberSchema.optional(),
  }),
  /** HBM capacity, GB (decimal). */
  hbmGB: sourcedNumberSchema,
  /** HBM bandwidth, TB/s (decimal). */
  hbmTBps: sourcedNumberSchema,
  /** Maximum board/module power, W. */
  tdpW: sourcedNumberSchema,
  /** Typical power under training load, W (when a source gives it). */
  typicalPowerW: sourcedNumberSchema.optional(),
  /** Idle power, W (when a source gives it). */
  idlePowerW: sourcedNumberSchema.optional(),
  /** Scale-up (NVLink etc.) bandwidth per GPU, GB/s, both directions added. */
  scaleUpGBpsBidirectional: sourcedNumberSchema.optional(),
  /** GPUs in one scale-up domain by default. */
  scaleUpDomainGpus: sourcedNumberSchema,
  /** Unit price, USD (soft). */
  priceUsd: sourcedNumberSchema.optional(),
});
export type Accelerator = z.infer<typeof acceleratorSchema>;
export type { Source, SourcedNumber };

/**
 * The built-in accelerators. The seed is static data shipped with the app: it is validated
 * against `acceleratorSchema` by a unit test (`validatedAcceleratorSeed` must equal it), not at
 * every start-up, where a cold zod parse of it costs tens of milliseconds.
 */
export const ACCELERATORS: readonly Accelerator[] = Object.freeze(
  ACCELERATOR_SEED as readonly Accelerator[],
);
/** The sources ACCELERATORS (and the compute efficiency table) add to the catalog's source index. */
export const ACCELERATOR_SOURCES: readonly Source[] = Object.freeze(
  SOURCES_SEED as readonly Source[],
);

/**
 * The seed data parsed by their zod schemas (tests compare it with ACCELERATORS and
 * ACCELERATOR_SOURCES, so a malformed seed fails CI).
 * @throws ZodError naming the field of the first invalid entry
 */
export function validatedAcceleratorSeed(): {
  accelerators: Accelerator[];
  sources: Source[];
} {
  return {
    accelerators: z.array(acceleratorSchema).parse(ACCELERATOR_SEED),
    sources: z.array(sourceSchema).parse(SOURCES_SEED),
  };
}

const BY_ID: ReadonlyMap<string, Accelerator> = new Map(ACCELERATORS.map((a) => [a.id, a]));
const BY_CATALOG_ID: ReadonlyMap<string, Accelerator> = new Map(
  ACCELERATORS.filter((a) => a.catalogId !== null).map((a) => [a.catalogId as string, a]),
);

/**
 * Look up an accelerator by its id (`h100-sxm`) or its research catalog id (`nvidia-h100-sxm5`).
 * @throws Error naming the id when it is unknown.
 */
export function getAccelerator(id: string): Accelerator {
  const a = BY_ID.get(id) ?? BY_CATALOG_ID.get(id);
  if (a === undefined) {
    throw new Error(
      `unknown accelerator id "${id}" (known: ${ACCELERATORS.map((x) => x.id).join(', ')})`,
    );
  }
  return a;
}

/** Ids of all known accelerators. */
export function acceleratorIds(): readonly string[] {
  return ACCELERATORS.map((a) => a.id);
}
