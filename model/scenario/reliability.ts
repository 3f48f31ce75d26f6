import { z } from 'zod';
/**
 * Default rates, events per component-year: the Llama 3 405B derivation of
 * model/reliability/rates.ts (`llama3DerivedRates()`), written out so that the schema does not
 * depend on the reliability engine (model/'s layering) and a changed derivation shows up as a
 * changed default (test/model/reliability/goodput.test.ts checks they agree; a change needs a
 * format migration).
 */
export const LLAMA3_DEFAULT_RATES = {
  gpuPerGpuYear: 0.11063978407118055,
  hostPerNodeYear: 0.1519232855902778,
  softwarePerNodeYear: 0.20806884765625,
  linkPerLinkYear: 0.010114457872178819,
  switchPerSwitchYear: 0.09247504340277778,
} as const;

/** Switch radix of the default fat tree (64-port NDR / Tomahawk-class switches). */
export const DEFAULT_SWITCH_RADIX = 64;

/**
 * Scenario section `reliability`: failure rates per component, restart times and the
 * checkpoint interval policy. Every field has a default, so a scenario without the section
 * parses. Default rates are derived from Llama 3 405B's interruption table (see
 * model/reliability/rates.ts for the derivation and its sources).
 */
const derived = LLAMA3_DEFAULT_RATES;

/** A failure rate, events per component-year (0 to 1000). */
const ratePerYear = z.number().min(0).max(1000);

export const reliabilitySectionSchema = z
  .strictObject({
    /** GPU failures (GPU, HBM, SRAM, GPU system processor, SDC, thermal) per GPU-year. */
    gpuFailuresPerGpuYear: ratePerYear.default(derived.gpuPerGpuYear),
    /** Host hardware failures and unplanned host maintenance per node-year. */
    hostFailuresPerNodeYear: ratePerYear.default(derived.hostPerNodeYear),
    /** Software failures (bugs, collective timeouts, dependencies) per node-year. */
    softwareFailuresPerNodeYear: ratePerYear.default(derived.softwarePerNodeYear),
    /** Scale-out link failures (NIC, cable, optic) per link-year. */
    linkFailuresPerLinkYear: ratePerYear.default(derived.linkPerLinkYear),
    /** Switch failures per switch-year. */
    switchFailuresPerSwitchYear: ratePerYear.default(derived.switchPerSwitchYear),
    /** Scale-out links per GPU (1 NIC per GPU on DGX/HGX H100). */
    linksPerGpu: z.number().int().min(0).max(16).default(1),
    /** Switch count; null: estimated as a non-blocking fat tree at `switchRadix`. */
    switchCount: z.number().int().min(0).max(1e7).nullable().default(null),
    /** Switch radix (ports) for the switch-count estimate. */
    switchRadix: z.number().int().min(4).max(1024).default(DEFAULT_SWITCH_RADIX),
    /** Planned interruptions (maintenance windows) per day. */
    plannedInterruptionsPerDay: z.number().min(0).max(100).default(0),
    /**
     * Time to detect and diagnose a failure, minutes. Default 5: MegaScale (NSDI'24 §4.4)
     * reports detection and diagnosis in under 10 minutes; planning value (estimate).
     */
    detectionMin: z.number().min(0).max(10080).default(5),
    /**
     * Time to reschedule onto spare nodes and restart (process start, communicator init),
     * minutes. Default 5: the restart overhead Kokolis et al. (HPCA 2025) assume in their
     * ETTR model (secondary source); planning value.
     */
    rescheduleMin: z.number().min(0).max(10080).default(5),
    /** Checkpoint interval, minutes of compute; null: the optimum of `intervalMethod`. */
    checkpointIntervalMin: z.number().min(0.01).max(1e6).nullable().default(null),
    /** Formula for the optimal interval: Daly (2006) or Young (1974). */
    intervalMethod: z.enum(['daly', 'young']).default('daly'),
  })
  .prefault({});
export type ReliabilitySection = z.infer<typeof reliabilitySectionSchema>;
