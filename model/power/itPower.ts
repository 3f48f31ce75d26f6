import type { ResolvedBuild } from '../build';
import { gpuBoardPowerW, withIdleShare } from './activity';
import type { GpuActivity } from './activity';
import { nodeGpuLoad, nodeIdlePowerW, nodePeakPowerW, nodePowerW } from './node';
import type { NodePowerBreakdown } from './node';

/**
 * IT power of a whole build: its nodes (by component, ./node.ts), its networks (switches and
 * switch-side optics of the bill of materials) and its storage tiers, while the workload runs,
 * averaged over the calendar (the share of time a job runs, the rest idle), and at peak.
 */

/** What runs on the build: how many GPUs, doing what, under which cap. */
export type WorkloadLoad = {
  /** GPUs that run the workload (the rest of the build's GPUs idle). */
  readonly gpusActive: number;
  /** Shares of wall time of the active GPUs. */
  readonly activity: GpuActivity;
  /** Board power cap, W; null: the accelerator's limit. */
  readonly capW: number | null;
  /**
   * Share of time the hosts' CPUs and drives work for the workload; absent: the GPUs' busy share
   * (training's data loading, the serving engine's loop).
   */
  readonly hostBusy?: number;
};

/** IT power by line, kW (lines sum to the total). */
export type ItPowerLines = {
  readonly gpus: number;
  readonly cpus: number;
  readonly memory: number;
  readonly nics: number;
  readonly nodeOptics: number;
  readonly drives: number;
  readonly platform: number;
  readonly fans: number;
  readonly conversionLoss: number;
  readonly network: number;
  readonly storage: number;
};

export type ItPower = {
  /** Mean board power of one GPU that runs the workload, W (while it runs). */
  readonly gpuActiveW: number;
  /** One node's input power while the workload runs (mean over the build's nodes), W. */
  readonly nodeRunning: NodePowerBreakdown;
  /** One node at peak (every component at its maximum), W. */
  readonly nodePeak: NodePowerBreakdown;
  /** IT power while the workload runs, kW by line and total. */
  readonly runningKw: ItPowerLines;
  readonly runningTotalKw: number;
  /** IT power with no job (every GPU idle), kW. */
  readonly idleTotalKw: number;
  /** Calendar average: `utilization` × running + the rest idle, kW by line and total. */
  readonly averageKw: ItPowerLines;
  readonly averageTotalKw: number;
  /** Peak IT power (every node at its maximum), kW by line and total. */
  readonly peakKw: ItPowerLines;
  readonly peakTotalKw: number;
  readonly networkKw: number;
  readonly storageKw: number;
};

function lines(
  node: NodePowerBreakdown,
  nodes: number,
  networkKw: number,
  storageKw: number,
): ItPowerLines {
  const k = nodes / 1000;
  return {
    gpus: node.gpusW * k,
    cpus: node.cpusW * k,
    memory: node.memoryW * k,
    nics: node.nicsW * k,
    nodeOptics: node.opticsW * k,
    drives: node.drivesW * k,
    platform: node.platformW * k,
    fans: node.fansW * k,
    conversionLoss: node.conversionLossW * k,
    network: networkKw,
    storage: storageKw,
  };
}

function total(l: ItPowerLines): number {
  return (
    l.gpus +
    l.cpus +
    l.memory +
    l.nics +
    l.nodeOptics +
    l.drives +
    l.platform +
    l.fans +
    l.conversionLoss +
    l.network +
    l.storage
  );
}

function mix(
  a: NodePowerBreakdown,
  wa: number,
  b: NodePowerBreakdown,
  wb: number,
): NodePowerBreakdown {
  return {
    gpusW: a.gpusW * wa + b.gpusW * wb,
    cpusW: a.cpusW * wa + b.cpusW * wb,
    memoryW: a.memoryW * wa + b.memoryW * wb,
    nicsW: a.nicsW * wa + b.nicsW * wb,
    opticsW: a.opticsW * wa + b.opticsW * wb,
    drivesW: a.drivesW * wa + b.drivesW * wb,
    platformW: a.platformW * wa + b.platformW * wb,
    fansW: a.fansW * wa + b.fansW * wb,
    conversionLossW: a.conversionLossW * wa + b.conversionLossW * wb,
    totalW: a.totalW * wa + b.totalW * wb,
  };
}

/**
 * Mean node power over the build when `active` GPUs run `activity` (full nodes first), and the
 * power of a node with no work (which the idle nodes draw).
 */
function meanNode(
  b: ResolvedBuild,
  active: number,
  activity: GpuActivity,
  capW: number | null,
  hostBusy: number | undefined,
): { readonly running: NodePowerBreakdown; readonly idle: NodePowerBreakdown } {
  const per = b.system.gpusPerNode;
  const nodes = b.nodes;
  const a = Math.max(0, Math.min(active, nodes * per));
  const full = Math.floor(a / per);
  const partial = a - full * per;
  const idleNodes = nodes - full - (partial > 0 ? 1 : 0);
  const idle = nodeIdlePowerW(b, capW);
  if (full === nodes) {
    return { running: nodePowerW(b, nodeGpuLoad(b, per, activity, capW, hostBusy), capW), idle };
  }
  let running =
    full > 0
      ? mix(
          nodePowerW(b, nodeGpuLoad(b, per, activity, capW, hostBusy), capW),
          full / nodes,
          idle,
          idleNodes / nodes,
        )
      : mix(idle, idleNodes / nodes, idle, 0);
  if (partial > 0) {
    const part = nodePowerW(b, nodeGpuLoad(b, partial, activity, capW, hostBusy), capW);
    running = mix(running, 1, part, 1 / nodes);
  }
  return { running, idle };
}

/**
 * IT power of a build running a workload.
 * @param b - the resolved build
 * @param load - the GPUs the workload uses, their activity and cap
 * @param utilization - share of calendar time a job runs (the rest: no job, GPUs idle)
 * @returns W per node by component, kW for the build by line, running / idle / average / peak
 */
export function itPowerOf(b: ResolvedBuild, load: WorkloadLoad, utilization: number): ItPower {
  if (!(utilization >= 0 && utilization <= 1))
    throw new RangeError(`utilization must be a share from 0 to 1 (got ${String(utilization)})`);
  const networkKw = b.network.bom.powerW / 1000;
  const storageKw = (b.storage.dataTier.powerW + (b.storage.checkpointTier?.powerW ?? 0)) / 1000;
  const capW = load.capW;
  const { running, idle } = meanNode(b, load.gpusActive, load.activity, capW, load.hostBusy);
  const average = mix(running, utilization, idle, 1 - utilization);
  const peak = nodePeakPowerW(b, capW);
  const runningKw = lines(running, b.nodes, networkKw, storageKw);
  const averageKw = lines(average, b.nodes, networkKw, storageKw);
  const peakKw = lines(peak, b.nodes, networkKw, storageKw);
  const runningTotalKw = total(runningKw);
  // A build whose GPUs never work (starved to zero activity) runs at its idle power; the two sums
  // are formed differently and may differ in the last bits, so idle is never left above running.
  const idleSumKw = (idle.totalW * b.nodes) / 1000 + networkKw + storageKw;
  const idleTotalKw =
    idleSumKw - runningTotalKw <= 1e-9 * runningTotalKw
      ? Math.min(idleSumKw, runningTotalKw)
      : idleSumKw;
  return {
    gpuActiveW: gpuBoardPowerW(b.gpu.tdpW, b.gpu.idleW, capW, load.activity),
    nodeRunning: running,
    nodePeak: peak,
    runningKw,
    runningTotalKw,
    idleTotalKw,
    averageKw,
    averageTotalKw: total(averageKw),
    peakKw,
    peakTotalKw: total(peakKw),
    networkKw,
    storageKw,
  };
}

/** The activity of a workload over the calendar: `utilization` of the time, else idle. */
export function calendarActivity(a: GpuActivity, utilization: number): GpuActivity {
  return withIdleShare(a, utilization);
}
