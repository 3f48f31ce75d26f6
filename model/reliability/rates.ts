import { sizeFatTree } from '../fabric/fatTree';
/**
 * Component failure rates and the job interruption rate they add up to.
 *
 * Model: a synchronous training job stops whenever any component it spans fails, so its
 * interruption rate is the sum of per-component rates times component counts (a series
 * system with exponential lifetimes; the "JMTTI ~ 1 / (N × per-GPU rate)" rule in Lockwood,
 * "Job reliability", glennklockwood.com/garden/job-reliability, catalog `job-mtti-comparison`).
 * The rate therefore grows linearly with scale at fixed per-component rates.
 *
 * Default rates are derived from the one large published interruption table: Llama 3 405B
 * pre-training on 16,384 H100 (2,048 nodes of 8), 54 days, 419 unexpected interruptions
 * (Dubey et al. 2024, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 5; catalog
 * `llama3-405b-training`, sources dcd-llama3 / glenn-comprel, read 2024). Each root cause is
 * assigned to the component it scales with (counts below).
 */

/** Seconds in a (Julian) year, 365.25 days. */
export const SECONDS_PER_YEAR = 365.25 * 86400;

/** Published inputs of the Llama 3 405B run (Dubey et al. 2024 §3.3.4, Table 5). */
export const LLAMA3_405B_RUN = {
  gpus: 16384,
  gpusPerNode: 8,
  days: 54,
  unexpectedInterruptions: 419,
  plannedInterruptions: 47,
} as const;

/**
 * Llama 3 Table 5 root causes grouped by the component they scale with (counts of the
 * 419 unexpected interruptions).
 * - gpu: faulty GPU 148, GPU HBM3 72, GPU SRAM 19, GPU system processor 17, silent data
 *   corruption 6, GPU thermal interface/sensor 6 = 268.
 * - host (per node): host maintenance 32, SSD 3, power supply 3, CPU 2, system memory 2,
 *   server chassis 2, IO expansion board 2 = 46 (the last two from the paper's table as
 *   recalled in the catalog, `causes_remaining`, basis memory).
 * - software (per node): software bug 54, NCCL watchdog timeouts 7, dependency 2 = 63.
 * - network: NIC 7 (per link) and "network switch/cable" 35. The source does not split
 *   switches from cables; the default assigns half to links (cables/optics) and half to
 *   switches — an assumption, stated here; the total at the Llama scale is unchanged by it.
 */
export const LLAMA3_CAUSE_COUNTS = {
  gpu: 268,
  host: 46,
  software: 63,
  link: 7 + 35 / 2,
  switch: 35 / 2,
} as const;

/** Per-component failure (interruption) rates, events per component-year. */
export type ComponentRatesPerYear = {
  readonly gpuPerGpuYear: number;
  readonly hostPerNodeYear: number;
  readonly softwarePerNodeYear: number;
  readonly linkPerLinkYear: number;
  readonly switchPerSwitchYear: number;
};

/** Component counts of the job. */
export type ComponentCounts = {
  readonly gpus: number;
  readonly nodes: number;
  /** Scale-out links (NIC + cable/optic), typically one per GPU. */
  readonly links: number;
  readonly switches: number;
};

/** Default radix of the fat-tree switches used to estimate the switch count (64-port, e.g. NDR/Tomahawk-class). */
export { DEFAULT_SWITCH_RADIX } from '../scenario/reliability';
import { DEFAULT_SWITCH_RADIX } from '../scenario/reliability';

/**
 * Switches of a non-blocking fat tree over `endpoints` links of one port each, at a switch radix
 * (the fewest tiers that hold them): the fabric sizing of model/fabric (`sizeFatTree`), so the
 * reliability model counts the switches the bill of materials buys.
 * @param endpoints fabric endpoints (links), ≥ 0
 * @param radix switch ports (even, ≥ 4)
 * @returns switch count (integer)
 */
export function fatTreeSwitches(endpoints: number, radix: number = DEFAULT_SWITCH_RADIX): number {
  if (!(endpoints >= 0) || !Number.isFinite(endpoints)) {
    throw new Error(`reliability: endpoints must be a finite number ≥ 0 (got ${endpoints})`);
  }
  if (!(radix >= 4) || !Number.isFinite(radix)) {
    throw new Error(`reliability.switchRadix must be ≥ 4 (got ${radix})`);
  }
  if (endpoints === 0) return 0;
  const k = 2 * Math.floor(radix / 2);
  const tree = (n: number): number =>
    sizeFatTree({
      nodes: n,
      railsPerNode: 1,
      radix: k,
      tiers: 'auto',
      oversubscription: 1,
      railOptimized: false,
    }).switches;
  // Past what three tiers hold (k³/4 endpoints), the fabric is several full three-tier trees.
  const max = (k * k * k) / 4;
  const n = Math.ceil(endpoints);
  if (n <= max) return tree(n);
  const full = Math.floor(n / max);
  const rest = n - full * max;
  return full * tree(max) + (rest > 0 ? tree(rest) : 0);
}

/** Component counts of the Llama 3 run under the default assumptions (1 link per GPU, radix-64 fat tree). */
export function llama3ComponentCounts(): ComponentCounts {
  const gpus = LLAMA3_405B_RUN.gpus;
  return {
    gpus,
    nodes: gpus / LLAMA3_405B_RUN.gpusPerNode,
    links: gpus,
    switches: fatTreeSwitches(gpus, DEFAULT_SWITCH_RADIX),
  };
}

/**
 * Default per-component rates: Llama 3 cause counts ÷ component-years of exposure
 * (54 days × component count). Derived, not read (basis `derived`).
 *
 * @returns events per component-year
 */
export function llama3DerivedRates(): ComponentRatesPerYear {
  const c = llama3ComponentCounts();
  const years = (LLAMA3_405B_RUN.days * 86400) / SECONDS_PER_YEAR;
  return {
    gpuPerGpuYear: LLAMA3_CAUSE_COUNTS.gpu / (c.gpus * years),
    hostPerNodeYear: LLAMA3_CAUSE_COUNTS.host / (c.nodes * years),
    softwarePerNodeYear: LLAMA3_CAUSE_COUNTS.software / (c.nodes * years),
    linkPerLinkYear: LLAMA3_CAUSE_COUNTS.link / (c.links * years),
    switchPerSwitchYear: LLAMA3_CAUSE_COUNTS.switch / (c.switches * years),
  };
}

/** Interruptions per second split by component. */
export type InterruptionRates = {
  readonly gpuPerS: number;
  readonly hostPerS: number;
  readonly softwarePerS: number;
  readonly linkPerS: number;
  readonly switchPerS: number;
  /** Sum of the unexpected (failure) rates, per second. */
  readonly unexpectedPerS: number;
  /** Planned interruptions (maintenance), per second. */
  readonly plannedPerS: number;
};

/**
 * Job interruption rate: Σ count × rate over components (series system), plus planned
 * interruptions.
 *
 * @param counts component counts of the job
 * @param rates per-component rates, events per component-year
 * @param plannedPerDay planned interruptions per day (default 0)
 * @returns rates per second
 */
export function jobInterruptionRates(
  counts: ComponentCounts,
  rates: ComponentRatesPerYear,
  plannedPerDay: number = 0,
): InterruptionRates {
  const gpuPerS = (counts.gpus * rates.gpuPerGpuYear) / SECONDS_PER_YEAR;
  const hostPerS = (counts.nodes * rates.hostPerNodeYear) / SECONDS_PER_YEAR;
  const softwarePerS = (counts.nodes * rates.softwarePerNodeYear) / SECONDS_PER_YEAR;
  const linkPerS = (counts.links * rates.linkPerLinkYear) / SECONDS_PER_YEAR;
  const switchPerS = (counts.switches * rates.switchPerSwitchYear) / SECONDS_PER_YEAR;
  return {
    gpuPerS,
    hostPerS,
    softwarePerS,
    linkPerS,
    switchPerS,
    unexpectedPerS: gpuPerS + hostPerS + softwarePerS + linkPerS + switchPerS,
    plannedPerS: plannedPerDay / 86400,
  };
}
