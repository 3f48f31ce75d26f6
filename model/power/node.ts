/**
 * Bottom-up power of one node (server or rack-scale system) by component, at an average
 * activity and at peak. Method: each component draws its idle power plus the activity's share
 * of the span to its maximum (linear power-proportionality model, Barroso, Hölzle &
 * Ranganathan, The Datacenter as a Computer, 3rd ed. 2018, §5.3; Cloud Carbon Footprint uses
 * the same min + u·(max − min) form). Fans take a fixed fraction f of the node's input power
 * (they move the heat; eWeek/Neudorfer 2009: 10-15 % or more for air-cooled servers) and the
 * power supplies convert at efficiency η (80 PLUS Titanium ~96 % near half load), so the input
 * power is P_in = S / (η − f) where S is the sum of the DC components.
 */

/** Component figures of one node (plain numbers, resolved from the catalog). */
export type NodePowerParts = {
  readonly gpus: number;
  readonly gpuTdpW: number;
  readonly gpuIdleW: number;
  readonly cpus: number;
  readonly cpuTdpW: number;
  readonly cpuIdleW: number;
  /** DIMM memory, GB, and its power per GB under load (W/GB). */
  readonly dimmGb: number;
  readonly dramWPerGb: number;
  /** Sum of the node's NIC/DPU powers, W (constant). */
  readonly nicW: number;
  /** Sum of the node-side transceiver powers, W (constant). */
  readonly opticsW: number;
  readonly drivesActiveW: number;
  readonly drivesIdleW: number;
  /** Switch chips, BMC, board (constant), W. */
  readonly platformW: number;
  /** Fan share of input power, 0 ≤ f < η. */
  readonly fanFraction: number;
  /** Power-supply efficiency, 0 < η ≤ 1. */
  readonly psuEfficiency: number;
};

/** Power of one node by component, W (input power = the sum of all lines). */
export type NodePowerBreakdown = {
  readonly gpusW: number;
  readonly cpusW: number;
  readonly memoryW: number;
  readonly nicsW: number;
  readonly opticsW: number;
  readonly drivesW: number;
  readonly platformW: number;
  readonly fansW: number;
  readonly conversionLossW: number;
  readonly totalW: number;
};

/**
 * Share of host-CPU power span used while the GPUs train: data loading, launch and
 * communication threads keep the host CPUs about half busy (planning estimate, soft).
 */
export const CPU_LOAD_WHILE_TRAINING = 0.5;

function inRange(name: string, v: number, min: number, max: number): void {
  if (!Number.isFinite(v) || v < min || v > max) {
    throw new RangeError(`${name} must be a number from ${min} to ${max} (got ${String(v)})`);
  }
}

/** Check the parts, naming the first field out of range. */
export function validateNodePowerParts(p: NodePowerParts): void {
  inRange('gpus', p.gpus, 0, 1024);
  inRange('gpuTdpW', p.gpuTdpW, 0, 10_000);
  inRange('gpuIdleW', p.gpuIdleW, 0, p.gpuTdpW);
  inRange('cpus', p.cpus, 0, 1024);
  inRange('cpuTdpW', p.cpuTdpW, 0, 5_000);
  inRange('cpuIdleW', p.cpuIdleW, 0, p.cpuTdpW);
  inRange('dimmGb', p.dimmGb, 0, 1e6);
  inRange('dramWPerGb', p.dramWPerGb, 0, 10);
  inRange('nicW', p.nicW, 0, 1e6);
  inRange('opticsW', p.opticsW, 0, 1e6);
  inRange('drivesActiveW', p.drivesActiveW, 0, 1e6);
  inRange('drivesIdleW', p.drivesIdleW, 0, p.drivesActiveW);
  inRange('platformW', p.platformW, 0, 1e6);
  inRange('psuEfficiency', p.psuEfficiency, 0.5, 1);
  inRange('fanFraction', p.fanFraction, 0, p.psuEfficiency - 0.3);
}

/**
 * Node input power by component at a GPU activity (fraction of time the GPUs compute).
 * @param p - component figures (W, GB, fractions)
 * @param gpuActivity - 0–1: 0 = idle (job holds the GPUs, no work), 1 = busy at TDP
 * @returns W by component; `totalW` is the wall (PSU input) power
 */
export function nodePowerW(p: NodePowerParts, gpuActivity: number): NodePowerBreakdown {
  inRange('gpuActivity', gpuActivity, 0, 1);
  const gpusW = p.gpus * (p.gpuIdleW + gpuActivity * (p.gpuTdpW - p.gpuIdleW));
  const cpuShare = gpuActivity * CPU_LOAD_WHILE_TRAINING;
  const cpusW = p.cpus * (p.cpuIdleW + cpuShare * (p.cpuTdpW - p.cpuIdleW));
  const memoryW = p.dimmGb * p.dramWPerGb;
  const drivesW = p.drivesIdleW + gpuActivity * (p.drivesActiveW - p.drivesIdleW);
  return assemble(p, gpusW, cpusW, memoryW, drivesW);
}

/** Node input power with every component at its maximum (GPUs and CPUs at TDP). */
export function nodePeakPowerW(p: NodePowerParts): NodePowerBreakdown {
  return assemble(
    p,
    p.gpus * p.gpuTdpW,
    p.cpus * p.cpuTdpW,
    p.dimmGb * p.dramWPerGb,
    p.drivesActiveW,
  );
}

function assemble(
  p: NodePowerParts,
  gpusW: number,
  cpusW: number,
  memoryW: number,
  drivesW: number,
): NodePowerBreakdown {
  const dc = gpusW + cpusW + memoryW + p.nicW + p.opticsW + drivesW + p.platformW;
  const totalW = dc / (p.psuEfficiency - p.fanFraction);
  const fansW = p.fanFraction * totalW;
  const conversionLossW = totalW - dc - fansW;
  return {
    gpusW,
    cpusW,
    memoryW,
    nicsW: p.nicW,
    opticsW: p.opticsW,
    drivesW,
    platformW: p.platformW,
    fansW,
    conversionLossW,
    totalW,
  };
}
