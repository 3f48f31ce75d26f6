import type { Accelerator } from '../catalog';
import type { ClusterNetworkBom } from '../fabric';
import type { StorageSection } from '../scenario';
import type { BuildAssumption } from './provenance';

/**
 * What a scenario buys, resolved once from the scenario and the catalog: the system for the
 * chosen accelerator, the node's parts (CPUs, memory, NICs at the scenario's Gb/s per GPU,
 * drives), the fabric's bill of materials at the chosen speed, tiers, oversubscription and
 * rails, the storage tiers and node caches with their power and price, the facility and the
 * finance terms. Every engine reads what it needs from here, none reads the catalog.
 *
 * Every number a later stage reads is listed in `assumptions` under its dotted path in this
 * object (`facility.pue`, `node.cpuTdpW`, ...) with its provenance; a few values are whole
 * catalog items or sized structures (the accelerator's entry, the network bill of materials),
 * listed once under their own key. Money is in the scenario's currency (`currency`); catalog
 * prices are converted with `finance.fxPerUsd` as they are resolved.
 */
export type ResolvedBuild = {
  /** ISO 4217 code of every money value of the build and its results. */
  readonly currency: string;
  /** The accelerator's catalog entry (peaks, HBM, scale-up bandwidth), as the engines use it. */
  readonly accelerator: Accelerator;
  readonly gpu: {
    /** Board power limit (TDP), W. */
    readonly tdpW: number;
    /** Board power idling with a job's memory allocated (P0, nothing running), W. */
    readonly idleW: number;
  };
  /** Accelerators in the cluster (the scenario's count). */
  readonly gpus: number;
  /** Nodes bought: ⌈GPUs ÷ the system's GPUs per node⌉. */
  readonly nodes: number;
  readonly system: ResolvedSystem;
  readonly node: ResolvedNode;
  readonly network: ResolvedNetwork;
  readonly storage: ResolvedStorage;
  readonly facility: ResolvedFacility;
  readonly finance: ResolvedFinance;
  /** Every value above with its provenance, in report order. */
  readonly assumptions: readonly BuildAssumption[];
  /** What does not fit together (system for another accelerator, GPUs per node, ...). */
  readonly warnings: readonly string[];
};

export type ResolvedSystem = {
  readonly id: string;
  readonly name: string;
  /** `rack`: a rack-scale system is one node (GB200 NVL72). */
  readonly form: 'server' | 'rack';
  readonly gpusPerNode: number;
  readonly heightU: number;
  /** Nameplate maximum input power, W. */
  readonly ratedPowerW: number;
  /** How the chassis rejects heat. */
  readonly cooling: 'air' | 'liquid';
  /** Hosts the scale-out fabric sees per node (18 trays in an NVL72 rack; 1 for a server). */
  readonly fabricHostsPerNode: number;
  /** Measured idle input power of the node, W; null when no measurement is catalogued. */
  readonly idleW: number | null;
};

/** One node's parts as the power model sums them (plain numbers, W unless named). */
export type ResolvedNode = {
  readonly cpus: number;
  readonly cpuTdpW: number;
  readonly cpuIdleW: number;
  /** DIMM memory, GB, and its power per GB. */
  readonly dimmGb: number;
  readonly dramWPerGb: number;
  /** Scale-out NIC: its catalog id, count per node, line rate per NIC port (Gb/s) and power. */
  readonly scaleOutNicId: string;
  readonly scaleOutNics: number;
  readonly scaleOutNicGbps: number;
  readonly scaleOutNicW: number;
  /** The node's other NICs and DPUs (storage, in-band), W in total. */
  readonly otherNicsW: number;
  /** Node-side optics (compute-fabric modules at the chosen speed + the others), W in total. */
  readonly opticsW: number;
  /** The system's stock drives (boot and data), W in total, active and idle. */
  readonly stockDrivesActiveW: number;
  readonly stockDrivesIdleW: number;
  /** NVMe cache drives added beyond the stock data drives, per node, and each one's power. */
  readonly extraCacheDrives: number;
  readonly cacheDriveW: number;
  /** NVSwitches, PCIe switches, BMC, board: W, constant. */
  readonly platformW: number;
  /** Power-supply efficiency, (0, 1]. */
  readonly psuEfficiency: number;
  /** Fan power at full speed (air-cooled chassis; 0 when liquid-cooled without fans), W. */
  readonly fanMaxW: number;
  /** Price of one node as built (stock system, NICs at the chosen speed, added cache drives). */
  readonly price: number;
};

export type ResolvedNetwork = {
  readonly fabric: 'infiniband' | 'roce' | 'ethernet';
  readonly gbpsPerGpu: number;
  /** Line rate of one scale-out link, Gb/s. */
  readonly linkGbps: number;
  /** Scale-out links per fabric host. */
  readonly railsPerHost: number;
  readonly oversubscription: number;
  readonly railOptimized: boolean;
  /** The compute fabric's switch model (catalog id). */
  readonly switchId: string;
  /** Switches, optics and cables of the compute, storage and management networks (counts, W, price in the build's currency). */
  readonly bom: ClusterNetworkBom;
};

/** A shared storage tier as bought: what it delivers, and its power and price. */
export type ResolvedTier = {
  readonly readGBps: number;
  readonly writeGBps: number;
  readonly capacityTB: number;
  /** Rack units of storage servers it takes (sized for capacity and read bandwidth). */
  readonly rackUnits: number;
  readonly powerW: number;
  readonly price: number;
};

export type ResolvedStorage = {
  /** The scenario's storage section with every tier figure filled in (for the data model). */
  readonly section: StorageSection;
  readonly dataTier: ResolvedTier;
  /** A separate checkpoint tier, or null when checkpoints go to the data tier. */
  readonly checkpointTier: ResolvedTier | null;
  /** Node cache drives per node (stock data drives used as cache + added ones). */
  readonly cacheDrivesPerNode: number;
  /** Annual failure rate of one cache drive, failures per drive-year. */
  readonly cacheDriveAfr: number;
};

export type ResolvedFacility = {
  readonly coolingId: 'air' | 'rear-door' | 'direct-liquid' | 'immersion';
  readonly pue: number;
  readonly wueLPerKwh: number;
  readonly rackLimitKw: number;
  readonly rackUnits: number;
  readonly floorM2PerRack: number;
  readonly provisionOn: 'rated' | 'peak';
  /** Average electricity price per kWh, in the build's currency (peak/off-peak weighted). */
  readonly electricityPerKwh: number;
  readonly carbonGPerKwh: number;
  readonly siting: 'colocation' | 'owned';
  /** Colocation: price per kW-month and one-time fit-out per kW; owned: construction per W. */
  readonly colocationPerKwMonth: number;
  readonly colocationFitOutPerKw: number;
  readonly constructionPerW: number;
  readonly facilityLifeYears: number;
  readonly facilityOpexFractionPerYear: number;
};

export type ResolvedFinance = {
  readonly fxPerUsd: number;
  readonly horizonYears: number;
  readonly discountRate: number;
  readonly npvConvention: 'end-of-year' | 'mid-year';
  readonly bookLifeYears: number;
  readonly economicLifeYears: number;
  readonly residualValueFraction: number;
  readonly maintenanceFractionPerYear: number;
  readonly installationFraction: number;
  readonly rackInfraPerRack: number;
  readonly staffFte: number;
  readonly staffPerFteYear: number;
  readonly softwarePerGpuYear: number;
  readonly softwarePerYear: number;
  readonly utilization: number;
  /** Cloud rental of the same accelerator per GPU-hour; null when none is known. */
  readonly cloudPerGpuHour: number | null;
  /** Goodput of rented cloud GPUs, (0, 1]; null: the same as the owned cluster's. */
  readonly cloudGoodput: number | null;
  /** Support premium on the cloud rent, fraction of the rent. */
  readonly cloudSupportUpliftFraction: number;
  /** Equal yearly tranches the IT hardware is bought in (1: all at purchase). */
  readonly deploymentPhases: number;
};
