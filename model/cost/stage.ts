import {
  builtinCatalog,
  defaultCloudPriceByAccelerator,
  findItem,
  getItem,
} from '../catalog/index';
import type { Catalog, CatalogSwitch, CatalogSystem, CoolingTypeId } from '../catalog/index';
import { sizeClusterNetwork } from '../fabric/network';
import type { ClusterNetworkBom, FabricInput, ModuleParts, SwitchParts } from '../fabric/network';
import type { MetricValue } from '../metrics/metric';
import { facilityFigures } from '../power/facility';
import type { FacilityFigures, Tariff } from '../power/facility';
import { nodePeakPowerW, nodePowerW } from '../power/node';
import type { NodePowerBreakdown, NodePowerParts } from '../power/node';
import { packRacks } from '../power/racks';
import type { RackPlan, RackWarning } from '../power/racks';
import { nodePartsFromCatalog } from '../power/resolve';
import type { FacilitySection } from '../scenario/facility';
import type { FinanceSection } from '../scenario/finance';
import { computeCost } from './tco';
import type { CostResult } from './tco';

/**
 * The power-and-cost stage of `evaluate()`: from the build, the training engine's GPU activity
 * and throughput, and the facility and finance sections, compute power by component, racks,
 * cooling, energy, carbon, the networks' bill of materials, and every cost figure.
 * Catalog lookups and the network sizing depend only on the build and are cached per build
 * (`prepareBuild`), so a what-if on utilisation or prices re-runs arithmetic only.
 */

export type PowerCostInput = {
  readonly acceleratorId: string;
  readonly gpus: number;
  readonly gpusPerNode: number;
  /** Catalog system id; default: the reference system of the accelerator. */
  readonly systemId?: string;
  readonly fabric: 'infiniband' | 'roce' | 'ethernet';
  readonly fatTreeTiers: 'auto' | 1 | 2 | 3 | 4;
  readonly oversubscription: number;
  readonly railOptimized?: boolean;
  /** Fraction of a training step the GPUs compute (from the training engine), 0–1; default 1. */
  readonly gpuBusyFraction?: number;
  /**
   * Board power cap per GPU, W (serving's `powerLimitW`); null or absent: the accelerator's
   * default limit. A cap below the TDP caps each GPU's draw at load and at peak, so energy, heat
   * and peak-provisioned racks follow it (the engine slows the GPU to match).
   */
  readonly gpuPowerCapW?: number | null;
  /** Cluster training throughput, tokens/s, or null. */
  readonly tokensPerSecond?: number | null;
  /** Time to train, seconds, or null. */
  readonly timeToTrainS?: number | null;
  /** Shared storage usable capacity, TB (default 1,000 TB: NVIDIA's ≥ 1 PiB AI-cloud floor, rounded). */
  readonly storageCapacityTb?: number;
  readonly facility: FacilitySection;
  readonly finance: FinanceSection;
};

export type PowerCostResult = {
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly systemId: string;
  readonly nodes: number;
  readonly node: {
    readonly average: NodePowerBreakdown;
    readonly peak: NodePowerBreakdown;
    readonly ratedW: number;
  };
  /** Average and peak IT power by component, kW (lines sum to the totals). */
  readonly itPowerKw: {
    readonly average: Readonly<Record<string, number>>;
    readonly peak: Readonly<Record<string, number>>;
  };
  readonly facility: FacilityFigures;
  readonly pue: number;
  readonly racks: RackPlan;
  readonly network: ClusterNetworkBom;
  readonly cost: CostResult;
  readonly warnings: readonly RackWarning[];
};

/** Reference system of each accelerator (override with `systemId`). */
export const defaultSystemByAccelerator: Readonly<Record<string, string>> = {
  'a100-sxm-80gb': 'dgx-a100',
  'h100-sxm': 'dgx-h100',
  'h200-sxm': 'dgx-h200',
  b200: 'dgx-b200',
  gb200: 'gb200-nvl72',
  mi300x: 'mi300x-platform',
};

type Build = {
  readonly key: BuildKey;
  readonly system: CatalogSystem;
  readonly nodes: number;
  readonly parts: NodePowerParts;
  readonly network: ClusterNetworkBom;
  readonly storageRackUnits: number;
  readonly storageKw: number;
  readonly storagePriceUsd: number;
  readonly warnings: readonly RackWarning[];
};

function switchParts(s: CatalogSwitch): SwitchParts {
  return {
    radix: s.radix.value,
    typicalPowerW: s.typicalPowerW.value,
    priceUsd: s.priceUsd.value,
    heightU: s.heightU.value,
  };
}

function moduleParts(catalog: Catalog, id: string): ModuleParts {
  const t = getItem(catalog, 'transceiver', id);
  return { portsPerModule: t.portsPerModule, powerW: t.powerW.value, priceUsd: t.priceUsd.value };
}

function computeSwitchId(fabric: PowerCostInput['fabric'], gbps: number): string {
  if (fabric === 'infiniband') return gbps > 400 ? 'q3400' : 'qm9700';
  return gbps > 400 ? 'sn5600' : 'sn5600-400g';
}

type BuildKey = {
  readonly systemId: string;
  readonly gpus: number;
  readonly fabric: string;
  readonly tiers: PowerCostInput['fatTreeTiers'];
  readonly oversubscription: number;
  readonly rail: boolean;
  readonly cooling: CoolingTypeId;
  readonly storageTb: number;
};

/** Same build; `withCooling` false compares everything but the cooling. */
function sameKey(a: BuildKey, b: BuildKey, withCooling = true): boolean {
  return (
    a.systemId === b.systemId &&
    a.gpus === b.gpus &&
    a.fabric === b.fabric &&
    a.tiers === b.tiers &&
    a.oversubscription === b.oversubscription &&
    a.rail === b.rail &&
    (!withCooling || a.cooling === b.cooling) &&
    a.storageTb === b.storageTb
  );
}

let lastBuild: { catalog: Catalog; build: Build } | undefined;

/**
 * Resolve the catalog items of a build and size its networks and storage (cached for the last
 * build and catalog, so repeated evaluations of one build cost no lookups).
 */
export function prepareBuild(
  i: PowerCostInput,
  cooling: CoolingTypeId,
  catalog: Catalog = builtinCatalog(),
): Build {
  const systemId = i.systemId ?? defaultSystemByAccelerator[i.acceleratorId];
  if (systemId === undefined) {
    throw new Error(
      `systemId: no reference system for accelerator "${i.acceleratorId}" (known: ${Object.keys(defaultSystemByAccelerator).join(', ')}); give a catalog system id`,
    );
  }
  const storageTb = i.storageCapacityTb ?? 1000;
  const key: BuildKey = {
    systemId,
    gpus: i.gpus,
    fabric: i.fabric,
    tiers: i.fatTreeTiers,
    oversubscription: i.oversubscription,
    rail: i.railOptimized ?? true,
    cooling,
    storageTb,
  };
  if (lastBuild && lastBuild.catalog === catalog && sameKey(lastBuild.build.key, key)) {
    return lastBuild.build;
  }

  if (!Number.isInteger(i.gpus) || i.gpus < 1)
    throw new RangeError(`gpus must be an integer >= 1 (got ${i.gpus})`);
  if (!(storageTb >= 0 && storageTb <= 1e7))
    throw new RangeError(`storageCapacityTb must be a number from 0 to 1e7 (got ${storageTb})`);
  const system = getItem(catalog, 'system', systemId);
  const warnings: RackWarning[] = [];
  if (system.acceleratorId !== i.acceleratorId) {
    warnings.push({
      code: 'system_accelerator_mismatch',
      message: `system "${systemId}" holds ${system.acceleratorId}, not ${i.acceleratorId}`,
    });
  }
  if (system.form === 'server' && system.gpusPerNode !== i.gpusPerNode) {
    warnings.push({
      code: 'gpus_per_node_mismatch',
      message: `system "${systemId}" has ${system.gpusPerNode} GPUs per node; the cluster says ${i.gpusPerNode}`,
    });
  }
  const nodes = Math.ceil(i.gpus / system.gpusPerNode);
  const parts = nodePartsFromCatalog(systemId, cooling, catalog);
  const nets = buildNetworks(i, key, system, nodes, storageTb, catalog);
  if (nets.tiersCapped) {
    warnings.push({
      code: 'tiers_capped',
      message: 'fabric sizing supports up to 3 tiers; sized as 3',
    });
  }
  const { network, storageRackUnits, storageKw, storagePriceUsd } = nets;
  const build: Build = {
    key,
    system,
    nodes,
    parts,
    network,
    storageRackUnits,
    storageKw,
    storagePriceUsd,
    warnings,
  };
  lastBuild = { catalog, build };
  return build;
}

/** A build's networks and shared storage: everything `prepareBuild` sizes that cooling does not change. */
type BuildNetworks = {
  readonly network: ClusterNetworkBom;
  readonly storageRackUnits: number;
  readonly storageKw: number;
  readonly storagePriceUsd: number;
  readonly tiersCapped: boolean;
};

/**
 * The last few builds' networks, keyed by the build without its cooling: the design search walks
 * the cooling types of one build in turn, and sizing the fabric is the costly part of a build.
 * A memo only: the result is the same.
 */
const recentNetworks: { catalog: Catalog; key: BuildKey; nets: BuildNetworks }[] = [];
const RECENT_NETWORKS = 8;

function buildNetworks(
  i: PowerCostInput,
  key: BuildKey,
  system: CatalogSystem,
  nodes: number,
  storageTb: number,
  catalog: Catalog,
): BuildNetworks {
  for (const e of recentNetworks) {
    if (e.catalog === catalog && sameKey(e.key, key, false)) return e.nets;
  }

  const fiber = getItem(catalog, 'cable', 'fiber-mpo');
  const dac = getItem(catalog, 'cable', 'dac');
  const cable = { powerW: fiber.powerW.value, priceUsd: fiber.priceUsd.value };
  const copper = { powerW: dac.powerW.value, priceUsd: dac.priceUsd.value };
  const computeSwitch = getItem(catalog, 'switch', computeSwitchId(i.fabric, system.scaleOutGbps));
  const twin = computeSwitch.portGbps.value > 400 ? 'osfp-1600g-2x800g' : 'osfp-800g-2x400g';
  // The first node transceiver of a system is its compute-fabric module (schema convention).
  const nodeModuleId =
    system.nodeTransceivers[0]?.id ??
    (system.scaleOutGbps > 400 ? 'osfp-1600g-2x800g' : 'osfp-400g');
  const tiers = i.fatTreeTiers === 4 ? 3 : i.fatTreeTiers;
  const hostsPerNode = system.fabricHostsPerNode ?? 1;
  const compute: FabricInput = {
    nodes: nodes * hostsPerNode,
    railsPerNode: Math.max(1, Math.ceil(system.scaleOutPorts / hostsPerNode)),
    radix: computeSwitch.radix.value,
    tiers,
    oversubscription: i.oversubscription,
    railOptimized: i.railOptimized ?? true,
    switchParts: switchParts(computeSwitch),
    switchModule: moduleParts(catalog, twin),
    nodeModule: moduleParts(catalog, nodeModuleId),
    cable,
  };

  // Shared storage: all-flash class, sized for capacity and for 1 GB/s read per GPU (DDN's
  // usual minimum, ddn-b200-blog), whichever needs more rack units.
  const sto = getItem(catalog, 'storageSystem', 'all-flash-parallel-fs');
  const unitsForCapacity = storageTb / sto.usableTbPerRackUnit.value;
  const unitsForBandwidth = (i.gpus * 1) / sto.readGBpsPerRackUnit.value;
  const storageRackUnits =
    storageTb > 0 ? Math.ceil(Math.max(unitsForCapacity, unitsForBandwidth)) : 0;
  const storageTbProvisioned = storageRackUnits * sto.usableTbPerRackUnit.value;
  const storageKw = (storageTbProvisioned * sto.powerWPerTb.value) / 1000;
  const storagePriceUsd =
    Math.max(storageTb, Math.min(storageTbProvisioned, storageTb * 4)) * sto.priceUsdPerTb.value;
  const storageServers = Math.ceil(storageRackUnits / 2);
  const storageSwitch = getItem(
    catalog,
    'switch',
    i.fabric === 'infiniband' ? 'qm9700' : 'sn5600-400g',
  );
  const storage: FabricInput | null =
    storageRackUnits > 0 && system.storagePorts > 0
      ? {
          nodes: nodes * system.storagePorts + storageServers * 2,
          railsPerNode: 1,
          radix: storageSwitch.radix.value,
          tiers: 'auto',
          oversubscription: 1,
          railOptimized: false,
          switchParts: switchParts(storageSwitch),
          switchModule: moduleParts(catalog, 'osfp-800g-2x400g'),
          nodeModule: null,
          cable,
        }
      : null;
  const pre = sizeClusterNetwork({
    compute,
    storage,
    management: {
      devices: 1,
      nodes,
      oob: switchParts(getItem(catalog, 'switch', 'sn2201')),
      inband: switchParts(getItem(catalog, 'switch', 'sn4600c')),
      cable: copper,
    },
  });
  const devices = nodes + storageServers + pre.compute.switches + (pre.storage?.switches ?? 0);
  const network = sizeClusterNetwork({
    compute,
    storage,
    management: {
      devices,
      nodes,
      oob: switchParts(getItem(catalog, 'switch', 'sn2201')),
      inband: switchParts(getItem(catalog, 'switch', 'sn4600c')),
      cable: copper,
    },
  });
  const nets: BuildNetworks = {
    network,
    storageRackUnits,
    storageKw,
    storagePriceUsd,
    tiersCapped: i.fatTreeTiers === 4,
  };
  if (recentNetworks.length >= RECENT_NETWORKS) recentNetworks.shift();
  recentNetworks.push({ catalog, key, nets });
  return nets;
}

function tariffOf(f: FacilitySection, fx: number, currency: string, catalog: Catalog): Tariff {
  if (f.peakOffPeak) return { kind: 'peak-offpeak', ...f.peakOffPeak };
  if (f.priceUsdPerKwh !== undefined) return { kind: 'flat', priceUsdPerKwh: f.priceUsdPerKwh };
  const e = getItem(catalog, 'electricity', f.electricityId);
  if (e.currency === currency) return { kind: 'flat', priceUsdPerKwh: e.pricePerKwh.value };
  if (e.currency === 'USD') return { kind: 'flat', priceUsdPerKwh: e.pricePerKwh.value * fx };
  throw new Error(
    `facility.electricityId: "${f.electricityId}" is priced in ${e.currency} but the scenario currency is ${currency}; give facility.priceUsdPerKwh`,
  );
}

function m(value: number, unit: string): MetricValue {
  return { value, unit };
}

function scale(
  b: NodePowerBreakdown,
  nodes: number,
  networkKw: number,
  storageKw: number,
): Record<string, number> {
  const k = nodes / 1000;
  return {
    gpus: b.gpusW * k,
    cpus: b.cpusW * k,
    memory: b.memoryW * k,
    nics: b.nicsW * k,
    nodeOptics: b.opticsW * k,
    drives: b.drivesW * k,
    platform: b.platformW * k,
    fans: b.fansW * k,
    conversionLoss: b.conversionLossW * k,
    network: networkKw,
    storage: storageKw,
  };
}

/** Facility electricity per year for a node power, USD. */
function yearCostUsd(
  nodeW: number,
  nodes: number,
  fixedKw: number,
  pue: number,
  price: number,
): number {
  return ((nodeW * nodes) / 1000 + fixedKw) * pue * 8760 * price;
}

/**
 * Evaluate power, cooling, racks, networks and cost for one build.
 * Units: power kW, energy MWh/yr, money in the scenario currency, carbon tCO2e/yr.
 * @throws naming the field when an input or catalog id is invalid
 */
export function evaluatePowerAndCost(
  i: PowerCostInput,
  catalog: Catalog = builtinCatalog(),
): PowerCostResult {
  const f = i.facility;
  const fin = i.finance;
  const preset =
    f.presetId === undefined ? undefined : getItem(catalog, 'facilityPreset', f.presetId);
  const coolingId: CoolingTypeId = f.coolingType ?? preset?.coolingType ?? 'air';
  const cooling = getItem(catalog, 'cooling', coolingId);
  const b = prepareBuild(i, coolingId, catalog);
  const cap = i.gpuPowerCapW ?? null;
  if (cap !== null && !(Number.isFinite(cap) && cap > 0))
    throw new RangeError(`gpuPowerCapW must be a positive number of watts (got ${cap})`);
  const parts =
    cap !== null && cap < b.parts.gpuTdpW
      ? { ...b.parts, gpuTdpW: cap, gpuIdleW: Math.min(b.parts.gpuIdleW, cap) }
      : b.parts;
  const busy = i.gpuBusyFraction ?? 1;
  if (!(busy >= 0 && busy <= 1))
    throw new RangeError(`gpuBusyFraction must be a number from 0 to 1 (got ${busy})`);
  const activity = busy * fin.utilization;

  const nodeAvg = nodePowerW(parts, activity);
  const nodePeak = nodePeakPowerW(parts);
  const networkKw = b.network.powerW / 1000;
  const avgLines = scale(nodeAvg, b.nodes, networkKw, b.storageKw);
  const peakLines = scale(nodePeak, b.nodes, networkKw, b.storageKw);
  const itAvgKw = (nodeAvg.totalW * b.nodes) / 1000 + networkKw + b.storageKw;
  const itPeakKw = (nodePeak.totalW * b.nodes) / 1000 + networkKw + b.storageKw;

  const pue = f.pue ?? preset?.pue.value ?? cooling.pue.value;
  const wue = f.wueLPerKwh ?? cooling.wueLPerKwh.value;
  const tariff = tariffOf(f, fin.fxPerUsd, fin.currency, catalog);
  const carbon = f.carbonGPerKwh ?? getItem(catalog, 'gridCarbon', f.carbonId).gCo2PerKwh.value;
  const fac = facilityFigures({
    itAvgKw,
    itPeakKw,
    pue,
    wueLPerKwh: wue,
    tariff,
    carbonGPerKwh: carbon,
  });

  const ratedW = b.system.ratedPowerW.value;
  const provisionNodeKw =
    (f.provisionOn === 'rated' ? Math.max(ratedW, 0) : nodePeak.totalW) / 1000;
  const rackLimitKw = f.rackLimitKw ?? preset?.rackLimitKw.value ?? cooling.rackLimitKw.value;
  const racks = packRacks({
    nodes: b.nodes,
    nodeKw: provisionNodeKw,
    nodeHeightU: b.system.heightU.value,
    nodeForm: b.system.form,
    rackLimitKw,
    rackUnits:
      b.system.form === 'rack' ? Math.max(f.rackUnits, b.system.heightU.value) : f.rackUnits,
    networkRackUnits: b.network.rackUnits,
    networkKw,
    storageRackUnits: b.storageRackUnits,
    storageKw: b.storageKw,
    floorM2PerRack: f.floorM2PerRack ?? preset?.floorM2PerRack.value ?? 2.5,
  });
  const provisionedKw = b.nodes * provisionNodeKw + networkKw + b.storageKw;

  // Energy cost is linear in the scheduled fraction u: evaluate at u = 0 and u = 1.
  const idleNode = nodePowerW(parts, 0);
  const fullNode = nodePowerW(parts, busy);
  const price = fac.electricityPriceUsdPerKwh;
  const fixedKw = networkKw + b.storageKw;

  const fx = fin.fxPerUsd;
  const cloudId = fin.cloudPriceId ?? defaultCloudPriceByAccelerator[i.acceleratorId];
  const cloudItem = cloudId === undefined ? undefined : findItem(catalog, 'cloudPrice', cloudId);
  if (fin.cloudPriceId !== undefined && cloudItem === undefined)
    getItem(catalog, 'cloudPrice', fin.cloudPriceId);
  const cloudPrice =
    fin.cloudUsdPerGpuHour ?? (cloudItem ? cloudItem.usdPerGpuHour.value * fx : undefined);
  const warnings: RackWarning[] = [...b.warnings, ...racks.warnings];
  if (cloudPrice === undefined) {
    warnings.push({
      code: 'no_cloud_price',
      message: `no cloud price for ${i.acceleratorId}: give finance.cloudUsdPerGpuHour`,
    });
  }
  const colo =
    f.colocationUsdPerKwMonth ??
    getItem(catalog, 'colocation', f.colocationId).usdPerKwMonth.value * fx;
  const construction =
    f.constructionUsdPerW ?? getItem(catalog, 'construction', f.constructionId).usdPerW.value * fx;
  const runHours =
    i.timeToTrainS === undefined || i.timeToTrainS === null ? null : i.timeToTrainS / 3600;

  const cost = computeCost({
    gpus: i.gpus,
    nodes: b.nodes,
    systemPriceUsd: fin.systemPriceUsd ?? b.system.priceUsd.value * fx,
    fabricPriceUsd: b.network.priceUsd * fx,
    storagePriceUsd: fin.storagePriceUsd ?? b.storagePriceUsd * fx,
    racks: racks.racks,
    rackInfraUsdPerRack: fin.rackInfraUsdPerRack,
    installationFraction: fin.installationFraction,
    siting: f.siting,
    provisionedKw,
    colocationUsdPerKwMonth: colo,
    colocationFitOutUsdPerKw: f.colocationFitOutUsdPerKw,
    constructionUsdPerW: construction,
    facilityLifeYears: f.facilityLifeYears,
    facilityOpexFractionPerYear: f.facilityOpexFractionPerYear,
    electricityIdleUsdPerYear: yearCostUsd(idleNode.totalW, b.nodes, fixedKw, pue, price),
    electricityFullUsdPerYear: yearCostUsd(fullNode.totalW, b.nodes, fixedKw, pue, price),
    maintenanceFractionPerYear: fin.maintenanceFractionPerYear,
    staffFte: fin.staffFte,
    staffUsdPerFteYear: fin.staffUsdPerFteYear,
    softwareUsdPerGpuYear: fin.softwareUsdPerGpuYear,
    softwareUsdPerYear: fin.softwareUsdPerYear,
    horizonYears: fin.horizonYears,
    discountRate: fin.discountRate,
    npvConvention: fin.npvConvention,
    bookLifeYears: fin.bookLifeYears,
    economicLifeYears: fin.economicLifeYears,
    residualValueFraction: fin.residualValueFraction,
    utilization: fin.utilization,
    trainingRunHours: runHours,
    tokensPerSecond: i.tokensPerSecond ?? null,
    cloudUsdPerGpuHour: cloudPrice ?? 0,
  });

  const metrics: Record<string, MetricValue> = {
    it_power_kw: m(itAvgKw, 'kW'),
    it_power_peak_kw: m(itPeakKw, 'kW'),
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
    switches: m(b.network.switches, 'switches'),
    transceivers: m(b.network.transceivers, 'modules'),
    network_power_kw: m(networkKw, 'kW'),
    electricity_cost_usd_per_year: m(cost.opexPerYear.energyUsd, 'USD/yr'),
    capex_usd: m(cost.capex.totalUsd, 'USD'),
    opex_usd_per_year: m(cost.opexPerYear.totalUsd, 'USD/yr'),
    tco_usd: m(cost.tcoUsd, 'USD'),
    npv_usd: m(cost.npvUsd, 'USD'),
    cost_per_gpu_hour_usd: m(cost.costPerGpuHourUsd, 'USD/GPU-h'),
  };
  if (cost.costPerTrainingRunUsd !== null)
    metrics.cost_per_training_run_usd = m(cost.costPerTrainingRunUsd, 'USD');
  if (cost.costPerMillionTokensUsd !== null)
    metrics.cost_per_million_tokens_usd = m(cost.costPerMillionTokensUsd, 'USD/Mtok');
  if (cloudPrice !== undefined) {
    metrics.cloud_cost_usd = m(cost.cloudCostUsd, 'USD');
    if (cost.cloudBreakevenMonths !== null)
      metrics.cloud_breakeven_months = m(cost.cloudBreakevenMonths, 'months');
    else
      warnings.push({
        code: 'no_cloud_breakeven',
        message: 'renting costs less per month than running the owned cluster: no break-even',
      });
    if (cost.cloudBreakevenUtilization !== null) {
      metrics.cloud_breakeven_utilization = m(cost.cloudBreakevenUtilization * 100, '%');
      if (cost.cloudBreakevenUtilization > 1) {
        warnings.push({
          code: 'cloud_cheaper_at_any_use',
          message: 'owning breaks even with renting only above 100 % utilisation',
        });
      }
    }
  }
  return {
    metrics,
    systemId: b.system.id,
    nodes: b.nodes,
    node: { average: nodeAvg, peak: nodePeak, ratedW },
    itPowerKw: { average: avgLines, peak: peakLines },
    facility: fac,
    pue,
    racks,
    network: b.network,
    cost,
    warnings,
  };
}
