import { z } from 'zod';

/**
 * The engine's shared vocabulary: the enumerations that the scenario schema, the engines and
 * the validation cases all use, defined once (the scenario schema builds its fields from them,
 * the engines take their types from here). Depends on zod only: the lowest layer of model/.
 */

/** A string enum whose error lists the allowed values. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.map((v) => `"${v}"`).join(', ')}` });
}

/** Matmul precisions the engine knows (fp8/fp4 only where the accelerator has them). */
export const PRECISIONS = ['fp16', 'bf16', 'fp8', 'fp4'] as const;

/**
 * Compute precision of the matmuls: the one precision type of the engine (training, serving,
 * compute, the catalog and the scenario schema all read it from here).
 */
export const precisionSchema = oneOf(PRECISIONS);
export type Precision = z.infer<typeof precisionSchema>;

/** Activation recomputation: none, the attention core (selective) or whole layers (full). */
export const recomputeSchema = oneOf(['none', 'selective', 'full']);
export type Recompute = z.infer<typeof recomputeSchema>;

/** Scale-out fabric: InfiniBand, RoCE (RDMA over Ethernet) or Ethernet/TCP. */
export const fabricSchema = oneOf(['infiniband', 'roce', 'ethernet']);
export type Fabric = z.infer<typeof fabricSchema>;

/**
 * Software stack: `optimized` = production-tuned (communication overlapped, fused kernels);
 * `baseline` = stock framework with default overlap.
 */
export const stackSchema = oneOf(['optimized', 'baseline']);
export type Stack = z.infer<typeof stackSchema>;
