import { z } from 'zod';
import { stackSchema } from './cluster';
import { numIn } from './fields';
import { precisionSchema } from './workload';

/**
 * Scenario section `calibration`: a compute-efficiency multiplier fitted to the user's own
 * measured run (model/analysis `fitCalibration`), with what it was fitted to and its source.
 * The training engine applies it when the scenario runs the calibrated accelerator, stack and
 * precision: compute kernels (forward, backward, recompute) take 1/multiplier of the engine's
 * time. null: no calibration (the engine's published-method constants alone).
 */
export const calibrationSectionSchema = z
  .strictObject({
    /** Achieved compute speed relative to the engine's prediction (1 = as predicted). */
    computeEfficiencyMultiplier: numIn(0.2, 3, '×'),
    /** Accelerator, stack and precision the measurement was taken on. */
    acceleratorId: z.string().min(1).max(100),
    stack: stackSchema,
    precision: precisionSchema,
    /** What was measured: step time (s) or whole-cluster throughput (tokens/s). */
    measured: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('step_time_s'), value: numIn(1e-6, 1e7, 's') }),
      z.strictObject({ kind: z.literal('tokens_per_s'), value: numIn(1e-6, 1e15, 'tokens/s') }),
    ]),
    /** Where the measurement comes from (run id, log, dashboard). */
    source: z.string().min(1, { error: 'must say where the measurement comes from' }).max(500),
    /** When it was measured, YYYY-MM-DD. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' }),
    /** Engine error against the measurement before and after the fit, %. */
    beforeErrorPct: numIn(-1e6, 1e6, '%'),
    afterErrorPct: numIn(-1e6, 1e6, '%'),
  })
  .nullable()
  .default(null);
export type CalibrationSection = z.infer<typeof calibrationSectionSchema>;
