import { z } from 'zod';
import { intIn, numIn, orAuto } from './fields';
import { storageSectionSchema } from './storage';

/**
 * Scenario section `cluster`: the build. `compute` (accelerators and how they are grouped),
 * `network` (the scale-out fabric between NVLink domains) and `storage` (owned by the
 * data-pipeline engine, model/scenario/storage.ts).
 */

import { fabricSchema, stackSchema } from '../vocabulary';
export { fabricSchema, stackSchema };

export const computeSectionSchema = z.strictObject({
  /** Accelerator catalog id (`h100-sxm`, `a100-sxm-80gb`, `b200`, ... or a user catalog id). */
  acceleratorId: z.string({ error: 'must be an accelerator catalog id' }).min(1, {
    error: 'must be an accelerator catalog id',
  }),
  /** Accelerators in the cluster. */
  gpus: intIn(1, 1_000_000, 'GPUs'),
  /** Accelerators per server. */
  gpusPerNode: intIn(1, 128, 'GPUs'),
  /** GPUs sharing one NVLink/NVSwitch (scale-up) domain; `auto`: the accelerator's default. */
  nvlinkDomainGpus: orAuto(intIn(1, 1024, 'GPUs')).default('auto'),
  /**
   * Catalog system (server or rack-scale platform) the nodes are; `auto`: the first catalog
   * system for the accelerator whose chassis suits the facility's cooling (liquid-cooled under
   * direct-liquid cooling, air-cooled otherwise).
   */
  systemId: orAuto(
    z
      .string({ error: 'must be a catalog system id' })
      .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'must be a catalog system id' }),
    'a catalog system id',
  ).default('auto'),
  /**
   * Software stack: `optimized` = production-tuned (communication overlapped, fused kernels);
   * `baseline` = stock framework with default overlap.
   */
  stack: stackSchema.default('optimized'),
});
export type ComputeSection = z.infer<typeof computeSectionSchema>;

export const scaleOutSchema = z.strictObject({
  /** Scale-out fabric: InfiniBand, RoCE (RDMA over Ethernet) or Ethernet/TCP. */
  fabric: fabricSchema,
  /** Scale-out line rate per GPU, Gb/s (400 = one NDR/400GbE NIC per GPU). */
  gbpsPerGpu: numIn(1, 6400, 'Gb/s'),
  /** Fat-tree switch tiers; `auto`: the smallest tree that holds the cluster. */
  fatTreeTiers: orAuto(intIn(1, 4, 'tiers')).default('auto'),
  /** Oversubscription above the leaf tier (1 = non-blocking, 2 = 2:1, ...). */
  oversubscriptionRatio: numIn(1, 64).default(1),
  /**
   * Rail-optimized leaves (each node's n-th NIC on the n-th rail's leaves, as in the DGX
   * SuperPOD) or plain leaves (a node's NICs on the same leaf).
   */
  railOptimized: z.boolean({ error: 'must be true or false' }).default(true),
});
export type ScaleOutSection = z.infer<typeof scaleOutSchema>;

export const networkSectionSchema = z.strictObject({
  scaleOut: scaleOutSchema,
});
export type NetworkSection = z.infer<typeof networkSectionSchema>;

export const clusterSectionSchema = z.strictObject({
  compute: computeSectionSchema,
  network: networkSectionSchema,
  storage: storageSectionSchema,
});
export type ClusterSection = z.infer<typeof clusterSectionSchema>;
