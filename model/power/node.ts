import type { ResolvedBuild } from '../build';
import { busyShare, gpuBoardPowerW } from './activity';
import type { GpuActivity } from './activity';

/**
 * Input power of one node by component, at an activity and at peak, from the resolved build's
 * parts. Components:
 * - GPUs: board power from activity (./activity.ts); GPUs of the node the workload does not use
 *   idle;
 * - CPUs: idle plus, while the GPUs work, half their span (data loading, kernel launch and
 *   communication threads keep host CPUs about half busy: planning estimate);
 * - DIMMs at a constant power per GB, NICs and node-side optics at their catalogued power,
 *   the platform (NVSwitch, PCIe switches, BMC, board) constant;
 * - drives: the stock drives between idle and active with the GPUs' busy share, added cache
 *   drives at their power;
 * - fans: they move the heat, and by the fan affinity laws (power ∝ speed³; airflow ∝ speed,
 *   and the airflow needed ∝ the heat at a fixed air temperature rise: ASHRAE Fundamentals,
 *   ch. 20, fan laws) their power is P_fan = P_fan,max · max(s_min³, (Q / Q_max)³), with Q the
 *   node's heat (its other components' power) and s_min the lowest fan speed the firmware runs
 *   (FAN_MIN_SPEED);
 * - power supplies: the input is the DC load over the PSU efficiency; the difference is the
 *   conversion loss.
 * With a measured idle for the system, the node's idle input equals it: the platform line
 * takes the difference between the measurement and the parts' idle sum (never below zero).
 */

/** CPU share of their idle-to-TDP span used while the GPUs work (planning estimate, soft). */
export const CPU_LOAD_WHILE_TRAINING = 0.5;

/**
 * Lowest fan speed server firmware runs, share of full speed. Planning value: BMC fan tables of
 * GPU servers idle their fans at 20–30 % duty (vendor BMC defaults; no catalogued figure).
 */
export const FAN_MIN_SPEED = 0.25;

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

/** GPUs of one node doing the workload, and the board power of one such GPU. */
export type NodeGpuLoad = {
  /** GPUs of the node that run the workload (0 … GPUs per node); the rest idle. */
  readonly active: number;
  /** Mean board power of one active GPU, W. */
  readonly activeW: number;
  /** Share of wall time the active GPUs compute or communicate (drives and CPUs follow it). */
  readonly busy: number;
};

/**
 * The load of a node whose `active` GPUs run `activity` under an optional cap.
 * @param hostBusy - share of time the host's CPUs and drives work for the workload (data
 *   loading, the serving engine's loop); default: the GPUs' busy share. A kernel loop with no
 *   host work (a GEMM benchmark) passes 0.
 */
export function nodeGpuLoad(
  b: ResolvedBuild,
  active: number,
  activity: GpuActivity,
  capW: number | null,
  hostBusy: number = busyShare(activity),
): NodeGpuLoad {
  return {
    active,
    activeW: gpuBoardPowerW(b.gpu.tdpW, b.gpu.idleW, capW, activity),
    busy: active > 0 ? hostBusy : 0,
  };
}

function fansW(b: ResolvedBuild, heatW: number, peakHeatW: number): number {
  const f = b.node.fanMaxW;
  if (f <= 0) return 0;
  const s = peakHeatW > 0 ? Math.min(1, heatW / peakHeatW) : 1;
  const floor = FAN_MIN_SPEED ** 3;
  return f * Math.max(floor, s * s * s);
}

/** DC power of the node's parts other than fans, for a GPU line and a busy share. */
function partsW(
  b: ResolvedBuild,
  gpusW: number,
  busy: number,
): Omit<NodePowerBreakdown, 'fansW' | 'conversionLossW' | 'totalW'> {
  const n = b.node;
  const cpusW = n.cpus * (n.cpuIdleW + busy * CPU_LOAD_WHILE_TRAINING * (n.cpuTdpW - n.cpuIdleW));
  const drivesW =
    n.stockDrivesIdleW +
    busy * (n.stockDrivesActiveW - n.stockDrivesIdleW) +
    n.extraCacheDrives * n.cacheDriveW;
  return {
    gpusW,
    cpusW,
    memoryW: n.dimmGb * n.dramWPerGb,
    nicsW: n.scaleOutNics * n.scaleOutNicW + n.otherNicsW,
    opticsW: n.opticsW,
    drivesW,
    platformW: n.platformW,
  };
}

function sumParts(p: Omit<NodePowerBreakdown, 'fansW' | 'conversionLossW' | 'totalW'>): number {
  return p.gpusW + p.cpusW + p.memoryW + p.nicsW + p.opticsW + p.drivesW + p.platformW;
}

/** Heat of the node's parts with everything at its maximum (GPUs at TDP or the cap), W. */
function peakPartsW(b: ResolvedBuild, capW: number | null) {
  const n = b.node;
  const p = partsW(b, b.system.gpusPerNode * limitOf(b, capW), 1);
  return { ...p, cpusW: n.cpus * n.cpuTdpW };
}

function assemble(
  b: ResolvedBuild,
  p: Omit<NodePowerBreakdown, 'fansW' | 'conversionLossW' | 'totalW'>,
  peakHeatW: number,
): NodePowerBreakdown {
  const dc = sumParts(p);
  const fans = fansW(b, dc, peakHeatW);
  const totalW = (dc + fans) / b.node.psuEfficiency;
  return { ...p, fansW: fans, conversionLossW: totalW - dc - fans, totalW };
}

/**
 * With a measured idle for the system, the platform power the parts' idle sum misses, W DC
 * (the measurement minus the modelled idle input, times the PSU efficiency; never below 0).
 */
function measuredIdleExtraW(b: ResolvedBuild, limit: number, peakHeat: number): number {
  const measured = b.system.idleW;
  if (measured === null) return 0;
  const p = partsW(b, b.system.gpusPerNode * Math.min(b.gpu.idleW, limit), 0);
  // The extra heat turns the fans up a little: a few fixed-point steps settle it.
  let extra = 0;
  for (let i = 0; i < 4; i++) {
    const idle = assemble(b, { ...p, platformW: p.platformW + extra }, peakHeat + extra);
    extra = Math.max(0, extra + (measured - idle.totalW) * b.node.psuEfficiency);
  }
  return extra;
}

function limitOf(b: ResolvedBuild, capW: number | null): number {
  return capW !== null && capW < b.gpu.tdpW ? capW : b.gpu.tdpW;
}

/**
 * Input power of one node at a load, by component, W.
 * @param b - the resolved build
 * @param load - active GPUs of the node, their board power and busy share
 * @param capW - board power cap (W) or null (idle GPUs never draw above it)
 */
export function nodePowerW(
  b: ResolvedBuild,
  load: NodeGpuLoad,
  capW: number | null = null,
): NodePowerBreakdown {
  const limit = limitOf(b, capW);
  const idleGpus = b.system.gpusPerNode - load.active;
  const gpusW = load.active * load.activeW + idleGpus * Math.min(b.gpu.idleW, limit);
  const peakHeat = sumParts(peakPartsW(b, capW));
  const extra = measuredIdleExtraW(b, limit, peakHeat);
  const p = partsW(b, gpusW, load.busy);
  return assemble(b, extra > 0 ? { ...p, platformW: p.platformW + extra } : p, peakHeat + extra);
}

/** Input power of one node with every component at its maximum, by component, W. */
export function nodePeakPowerW(b: ResolvedBuild, capW: number | null = null): NodePowerBreakdown {
  const p = peakPartsW(b, capW);
  const peakHeat = sumParts(p);
  const extra = measuredIdleExtraW(b, limitOf(b, capW), peakHeat);
  const q = extra > 0 ? { ...p, platformW: p.platformW + extra } : p;
  return assemble(b, q, peakHeat + extra);
}
