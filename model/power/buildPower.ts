import type { ResolvedBuild } from '../build';
import type { MetricValue } from '../metrics/metric';
import { facilityFigures } from './facility';
import type { FacilityFigures } from './facility';
import { itPowerOf } from './itPower';
import type { ItPower, WorkloadLoad } from './itPower';
import { packRacks } from './racks';
import type { RackPlan, RackWarning } from './racks';

/**
 * Power, cooling and space of a build running a workload: IT power from activity
 * (./itPower.ts), the facility's figures at that load (./facility.ts: PUE, cooling load,
 * energy, electricity cost, carbon, water), and racks packed under the rack power limit on the
 * provisioned node power (nameplate or bottom-up peak).
 */
export type BuildPower = BuildPowerTotals & {
  /** Registered figures (model/power/metrics.ts). */
  readonly metrics: Readonly<Record<string, MetricValue>>;
};

/** {@link BuildPower} without its figures (what the cost and the design search read). */
export type BuildPowerTotals = {
  readonly it: ItPower;
  readonly facility: FacilityFigures;
  readonly racks: RackPlan;
  /** Power provisioned per node for racks and colocation, kW. */
  readonly provisionNodeKw: number;
  /** Nodes, networks and storage as provisioned, kW (the colocation contract or the build's critical load). */
  readonly provisionedKw: number;
  readonly warnings: readonly RackWarning[];
};

function m(value: number, unit: string): MetricValue {
  return { value, unit };
}

/**
 * Power of a build running a workload.
 * @param b - the resolved build
 * @param load - GPUs the workload uses, their activity and cap
 * @param it - the build's IT power under `load` (default: `itPowerOf(b, load,
 *   b.finance.utilization)`)
 * @returns IT and facility power (kW), energy (MWh/yr), racks, provisioned kW and their figures
 */
export function powerOfBuild(
  b: ResolvedBuild,
  load: WorkloadLoad,
  it: ItPower = itPowerOf(b, load, b.finance.utilization),
): BuildPower {
  const t = powerTotalsOfBuild(b, it);
  const { facility: fac, racks } = t;
  const metrics: Record<string, MetricValue> = {
    it_power_kw: m(it.averageTotalKw, 'kW'),
    it_power_running_kw: m(it.runningTotalKw, 'kW'),
    it_power_peak_kw: m(it.peakTotalKw, 'kW'),
    gpu_power_w: m(it.gpuActiveW, 'W'),
    node_power_w: m(it.nodeRunning.totalW, 'W'),
    facility_power_kw: m(fac.facilityAvgKw, 'kW'),
    cooling_load_kw: m(fac.coolingLoadKw, 'kW'),
    cooling_load_btu_h: m(fac.coolingLoadBtuPerHour, 'BTU/h'),
    cooling_tons: m(fac.coolingTons, 'RT'),
    racks: m(racks.racks, 'racks'),
    rack_power_kw: m(racks.rackPowerKw, 'kW'),
    floor_area_m2: m(racks.floorM2, 'm²'),
    energy_mwh_per_year: m(fac.energyMwhPerYear, 'MWh/yr'),
    carbon_t_per_year: m(fac.carbonTPerYear, 'tCO2e/yr'),
    water_m3_per_year: m(fac.waterM3PerYear, 'm³/yr'),
    switches: m(b.network.bom.switches, 'switches'),
    transceivers: m(b.network.bom.transceivers, 'modules'),
    network_power_kw: m(it.networkKw, 'kW'),
    storage_power_kw: m(it.storageKw, 'kW'),
  };
  return {
    it,
    facility: fac,
    racks,
    provisionNodeKw: t.provisionNodeKw,
    provisionedKw: t.provisionedKw,
    warnings: t.warnings,
    metrics,
  };
}

/**
 * {@link powerOfBuild} without its figures: the design search reads the facility power, peak
 * IT power and racks of each candidate from these (the same numbers) and the cost its totals.
 * @param b - the resolved build
 * @param it - the build's IT power under the workload's load (`itPowerOf`; the design search
 *   passes the one it computed for the same hardware, load and utilization in another region,
 *   the same value)
 */
export function powerTotalsOfBuild(b: ResolvedBuild, it: ItPower): BuildPowerTotals {
  const f = b.facility;
  const fac = facilityFigures({
    itAvgKw: it.averageTotalKw,
    itPeakKw: it.peakTotalKw,
    pue: f.pue,
    wueLPerKwh: f.wueLPerKwh,
    electricityPerKwh: f.electricityPerKwh,
    carbonGPerKwh: f.carbonGPerKwh,
  });
  const provisionNodeKw =
    (f.provisionOn === 'rated' ? Math.max(b.system.ratedPowerW, 0) : it.nodePeak.totalW) / 1000;
  const racks = packRacks({
    nodes: b.nodes,
    nodeKw: provisionNodeKw,
    nodeHeightU: b.system.heightU,
    nodeForm: b.system.form,
    rackLimitKw: f.rackLimitKw,
    rackUnits: b.system.form === 'rack' ? Math.max(f.rackUnits, b.system.heightU) : f.rackUnits,
    networkRackUnits: b.network.bom.rackUnits,
    networkKw: it.networkKw,
    storageRackUnits: b.storage.dataTier.rackUnits + (b.storage.checkpointTier?.rackUnits ?? 0),
    storageKw: it.storageKw,
    floorM2PerRack: f.floorM2PerRack,
  });
  const provisionedKw = b.nodes * provisionNodeKw + it.networkKw + it.storageKw;
  return {
    it,
    facility: fac,
    racks,
    provisionNodeKw,
    provisionedKw,
    warnings: racks.warnings,
  };
}
