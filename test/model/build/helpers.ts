import { resolveBuild } from '../../../model/build';
import type { ResolvedBuild } from '../../../model/build';
import { builtinCatalog, mergeUserCatalog } from '../../../model/catalog';
import type { UserCatalog } from '../../../model/catalog';
import {
  clusterSectionSchema,
  facilitySectionSchema,
  financeSectionSchema,
} from '../../../model/scenario';
import type { Scenario } from '../../../model/scenario';

/** The sections a build depends on, from plain (partial) documents. */
export function buildScenario(
  cluster: unknown,
  facility: unknown = {},
  finance: unknown = {},
  userCatalog: UserCatalog = { entries: [] },
): Scenario {
  return {
    // Only the kind matters to a build (training builds also list the data pipeline's figures).
    workload: { kind: 'training' },
    cluster: clusterSectionSchema.parse(cluster),
    facility: facilitySectionSchema.parse(facility),
    finance: financeSectionSchema.parse(finance),
    userCatalog,
  } as unknown as Scenario;
}

/** A resolved build of `gpus` accelerators at `gbps` per GPU (IB), with options. */
export function buildOf(
  acceleratorId: string,
  gpus: number,
  options: {
    readonly gpusPerNode?: number;
    readonly gbpsPerGpu?: number;
    readonly fabric?: 'infiniband' | 'roce' | 'ethernet';
    readonly facility?: unknown;
    readonly finance?: unknown;
    readonly storage?: unknown;
    readonly compute?: Record<string, unknown>;
    readonly scaleOut?: Record<string, unknown>;
    readonly userCatalog?: UserCatalog;
  } = {},
): ResolvedBuild {
  const perNode = options.gpusPerNode ?? Math.min(8, gpus);
  const s = buildScenario(
    {
      compute: { acceleratorId, gpus, gpusPerNode: perNode, ...(options.compute ?? {}) },
      network: {
        scaleOut: {
          fabric: options.fabric ?? 'infiniband',
          gbpsPerGpu: options.gbpsPerGpu ?? 400,
          ...(options.scaleOut ?? {}),
        },
      },
      storage: options.storage ?? {},
    },
    options.facility ?? {},
    options.finance ?? {},
    options.userCatalog ?? { entries: [] },
  );
  const catalog = options.userCatalog
    ? mergeUserCatalog(builtinCatalog(), options.userCatalog)
    : builtinCatalog();
  const b = resolveBuild(s, catalog);
  if (b === null) throw new Error(`no catalog system for ${acceleratorId}`);
  return b;
}
