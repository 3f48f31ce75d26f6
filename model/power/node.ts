import type { ResolvedBuild } from '../build';
import { IDLE_ACTIVITY, busyShare, gpuBoardPowerW } from './activity';
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

/**
 * What a node's power at any load is measured against, once per build and cap: the board
 * limit, the heat of every part at its maximum (the fans' full-speed reference) and, with a
 * measured idle, the platform power the parts' idle sum misses.
 */
type NodeReference = {
  readonly limit: number;
  readonly peakHeatW: number;
  /** Platform power added so the node's idle input equals the measurement, W DC (0 without one). */
  readonly extraPlatformW: number;
};

function fansW(b: ResolvedBuild, heatW: number, peakHeatW: number): number {
  const f = b.node.fanMaxW;
  if (f <= 0) return 0;
  const s = peakHeatW > 0 ? Math.min(1, heatW / peakHeatW) : 1;
  return f * Math.max(FAN_FLOOR, s * s * s);
}
const FAN_FLOOR = FAN_MIN_SPEED ** 3;

function cpusWAt(b: ResolvedBuild, busy: number): number {
  const n = b.node;
  return n.cpus * (n.cpuIdleW + busy * CPU_LOAD_WHILE_TRAINING * (n.cpuTdpW - n.cpuIdleW));
}

function drivesWAt(b: ResolvedBuild, busy: number): number {
  const n = b.node;
  return (
    n.stockDrivesIdleW +
    busy * (n.stockDrivesActiveW - n.stockDrivesIdleW) +
    n.extraCacheDrives * n.cacheDriveW
  );
}

/** The parts whose power does not depend on the load: DIMMs, NICs, optics, platform, W. */
function fixedW(b: ResolvedBuild): number {
  const n = b.node;
  return (
    n.dimmGb * n.dramWPerGb +
    n.scaleOutNics * n.scaleOutNicW +
    n.otherNicsW +
    n.opticsW +
    n.platformW
  );
}

/** Input power of a node whose parts other than the fans draw `dcW`, W. */
function inputW(b: ResolvedBuild, dcW: number, peakHeatW: number): number {
  return (dcW + fansW(b, dcW, peakHeatW)) / b.node.psuEfficiency;
}

function limitOf(b: ResolvedBuild, capW: number | null): number {
  return capW !== null && capW < b.gpu.tdpW ? capW : b.gpu.tdpW;
}

function computeReference(b: ResolvedBuild, capW: number | null): NodeReference {
  const limit = limitOf(b, capW);
  const gpus = b.system.gpusPerNode;
  const peak = gpus * limit + b.node.cpus * b.node.cpuTdpW + drivesWAt(b, 1) + fixedW(b);
  const measured = b.system.idleW;
  if (measured === null) return { limit, peakHeatW: peak, extraPlatformW: 0 };
  // The measured idle input: solve for the missing platform power (the extra heat turns the
  // fans up a little; a few fixed-point steps settle it).
  const idleDc = gpus * Math.min(b.gpu.idleW, limit) + cpusWAt(b, 0) + drivesWAt(b, 0) + fixedW(b);
  let extra = 0;
  for (let i = 0; i < 4; i++) {
    const idle = inputW(b, idleDc + extra, peak + extra);
    extra = Math.max(0, extra + (measured - idle) * b.node.psuEfficiency);
  }
  return { limit, peakHeatW: peak + extra, extraPlatformW: extra };
}

/**
 * What a node draws whatever the workload, per build and cap: the reference, and once asked for,
 * the node with no work and the node at peak (read only: results share them).
 */
type NodeMemo = {
  readonly b: ResolvedBuild;
  readonly cap: number | null;
  readonly ref: NodeReference;
  idle: NodePowerBreakdown | null;
  peak: NodePowerBreakdown | null;
};
/** The last few builds and caps (a memo only: the results are the same). */
const memos: NodeMemo[] = [];
function memoOf(b: ResolvedBuild, capW: number | null): NodeMemo {
  for (const e of memos) if (e.b === b && e.cap === capW) return e;
  const e: NodeMemo = { b, cap: capW, ref: computeReference(b, capW), idle: null, peak: null };
  if (memos.length >= 8) memos.shift();
  memos.push(e);
  return e;
}
function referenceOf(b: ResolvedBuild, capW: number | null): NodeReference {
  return memoOf(b, capW).ref;
}

function breakdown(
  b: ResolvedBuild,
  ref: NodeReference,
  gpusW: number,
  cpusW: number,
  drivesW: number,
): NodePowerBreakdown {
  const n = b.node;
  const memoryW = n.dimmGb * n.dramWPerGb;
  const nicsW = n.scaleOutNics * n.scaleOutNicW + n.otherNicsW;
  const platformW = n.platformW + ref.extraPlatformW;
  const dc = gpusW + cpusW + memoryW + nicsW + n.opticsW + drivesW + platformW;
  const fans = fansW(b, dc, ref.peakHeatW);
  const totalW = (dc + fans) / n.psuEfficiency;
  return {
    gpusW,
    cpusW,
    memoryW,
    nicsW,
    opticsW: n.opticsW,
    drivesW,
    platformW,
    fansW: fans,
    conversionLossW: totalW - dc - fans,
    totalW,
  };
}

/**
 * Input power of one node at a load, by component, W.
 * @param b - the resolved build
 * @param load - active GPUs of the node, their board power and the host's busy share
 * @param capW - board power cap (W) or null (idle GPUs never draw above it)
 */
export function nodePowerW(
  b: ResolvedBuild,
  load: NodeGpuLoad,
  capW: number | null = null,
): NodePowerBreakdown {
  const ref = referenceOf(b, capW);
  const idleGpus = b.system.gpusPerNode - load.active;
  const gpusW = load.active * load.activeW + idleGpus * Math.min(b.gpu.idleW, ref.limit);
  return breakdown(b, ref, gpusW, cpusWAt(b, load.busy), drivesWAt(b, load.busy));
}

/** Input power of one node with every component at its maximum, by component, W (read only). */
export function nodePeakPowerW(b: ResolvedBuild, capW: number | null = null): NodePowerBreakdown {
  const e = memoOf(b, capW);
  return (e.peak ??= breakdown(
    b,
    e.ref,
    b.system.gpusPerNode * e.ref.limit,
    b.node.cpus * b.node.cpuTdpW,
    drivesWAt(b, 1),
  ));
}

/**
 * Input power of one node whose GPUs all idle (no work), by component, W (read only): `nodePowerW`
 * of no active GPU at the idle activity.
 */
export function nodeIdlePowerW(b: ResolvedBuild, capW: number | null = null): NodePowerBreakdown {
  const e = memoOf(b, capW);
  return (e.idle ??= nodePowerW(b, nodeGpuLoad(b, 0, IDLE_ACTIVITY, capW), capW));
}
