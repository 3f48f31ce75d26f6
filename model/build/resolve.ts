import {
  acceleratorIn,
  builtinCatalog,
  defaultCloudPriceByAccelerator,
  dramWPerGb,
  findItem,
  getItem,
  isUserItem,
  listItems,
  platformSystem,
  usdPerCurrencyUnit,
} from '../catalog';
import type {
  Accelerator,
  Catalog,
  CatalogItemOf,
  CatalogKind,
  CatalogStorageSystem,
  CatalogSwitch,
  CatalogSystem,
  CatalogTransceiver,
  CoolingTypeId,
  SourcedNumber,
} from '../catalog';
import { DEFAULT_SOURCES } from '../scenario';
import type { DefaultSource, Scenario, StorageSection, StorageTier } from '../scenario';
import {
  cheapestComputeSwitch,
  chooseModule,
  chooseScaleOutNic,
  clusterBillOfMaterials,
} from './bom';
import type { BomInput, NicChoice } from './bom';
import type { ClusterNetworkBom } from '../fabric';
import { derivedFrom, fromCatalog, fromDefault, fromScenario } from './provenance';
import type { BuildAssumption, BuildSection, Provenance } from './provenance';
import {
  DEFAULT_TIER_CAPACITY_TB,
  TIER_DEFAULT_SOURCES,
  buyTier,
  defaultTierGBps,
} from './storageTiers';
import type {
  ResolvedBuild,
  ResolvedFacility,
  ResolvedFinance,
  ResolvedNetwork,
  ResolvedNode,
  ResolvedStorage,
  ResolvedSystem,
  ResolvedTier,
} from './types';

/**
 * `resolveBuild(scenario, catalog)`: what a scenario buys (see `ResolvedBuild`). Pure: the same
 * scenario and catalog give the same build. Each value records where it comes from (catalog
 * entry, the scenario, a documented default, or a stated rule over other values).
 */

/**
 * Records every value with its provenance as the build is resolved; with `keep` false, passes
 * the values through and records nothing (a numbers-only resolution: the same rules, the same
 * values, no provenance; see `resolveBuild`'s `provenance` option).
 */
class Recorder {
  readonly list: BuildAssumption[] = [];
  constructor(
    private readonly catalog: Catalog,
    private readonly currency: string,
    private readonly keep: boolean,
  ) {}

  put<T extends number | string>(
    key: string,
    section: BuildSection,
    label: string,
    value: T,
    unit: string,
    prov: Provenance,
  ): T {
    if (this.keep) this.list.push({ key, section, label, value, unit: this.money(unit), prov });
    return value;
  }

  /** A catalog number (converted by `scale`, e.g. USD → the build's currency). */
  cat(
    key: string,
    section: BuildSection,
    label: string,
    kind: CatalogKind,
    id: string,
    field: string,
    n: SourcedNumber,
    unit: string,
    scale = 1,
  ): number {
    if (!this.keep) return n.value * scale;
    return this.put(
      key,
      section,
      label,
      n.value * scale,
      unit,
      this.catalogProv(kind, id, field, n),
    );
  }

  /**
   * The provenance of a catalog number, made once per catalog and number: catalogs are never
   * changed in place, so the same number of the same item always has the same provenance.
   */
  private catalogProv(kind: CatalogKind, id: string, field: string, n: SourcedNumber): Provenance {
    let known = catalogProvs.get(this.catalog);
    if (known === undefined) {
      known = new WeakMap();
      catalogProvs.set(this.catalog, known);
    }
    const hit = known.get(n);
    if (hit !== undefined && hit.kind === kind && hit.id === id && hit.field === field) {
      return hit.prov;
    }
    const user = isUserItem(this.catalog, kind, id);
    const prov = fromCatalog(kind, id, field, n, user);
    known.set(n, { kind, id, field, prov });
    return prov;
  }

  /**
   * A scenario field: its value, with the field path; `fallback` gives the value and provenance
   * used when the scenario leaves the field out (an optional field).
   */
  field(
    key: string,
    section: BuildSection,
    label: string,
    path: string,
    value: number | undefined | null,
    unit: string,
    fallback?: () => number,
  ): number {
    if (value !== undefined && value !== null) {
      if (!this.keep) return value;
      return this.put(key, section, label, value, unit, scenarioProv(path));
    }
    if (!fallback) throw new Error(`${path}: a value is required`);
    return fallback();
  }

  /** `¤` in a unit stands for the build's currency. */
  private money(unit: string): string {
    return unit.includes('¤') ? unit.replace('¤', this.currency) : unit;
  }
}

/** Catalog provenances already made, per catalog and sourced number (see `catalogProv`). */
const catalogProvs = new WeakMap<
  Catalog,
  WeakMap<SourcedNumber, { kind: string; id: string; field: string; prov: Provenance }>
>();

/** Scenario-field provenances already made, by field path (they depend on the path only). */
const scenarioProvs = new Map<string, Provenance>();

/** Provenance of a scenario field: set there, or its documented default. */
function scenarioProv(path: string): Provenance {
  const hit = scenarioProvs.get(path);
  if (hit !== undefined) return hit;
  const d: DefaultSource | undefined = DEFAULT_SOURCES[path];
  const prov: Provenance =
    d === undefined ? fromScenario(path) : { kind: 'scenario', path, default: d };
  if (scenarioProvs.size < 4096) scenarioProvs.set(path, prov);
  return prov;
}

function docDefault(path: string, source: DefaultSource): Provenance {
  return fromDefault(path, source);
}

/** The cooling type a facility uses: its own, else its preset's, else air. */
export function facilityCoolingId(s: Scenario, catalog: Catalog): CoolingTypeId {
  const f = s.facility;
  if (f.coolingType !== undefined) return f.coolingType;
  if (f.presetId !== undefined) return getItem(catalog, 'facilityPreset', f.presetId).coolingType;
  return 'air';
}

/**
 * The system a scenario buys: the one it names (`cluster.compute.systemId`), else the first
 * catalog system for its accelerator whose chassis suits the facility's cooling (a
 * liquid-cooled chassis under direct-liquid cooling, an air-cooled one otherwise), else the
 * first catalog system for the accelerator. Null when the catalog has none.
 */
export function systemFor(s: Scenario, catalog: Catalog): CatalogSystem | null {
  const named = s.cluster.compute.systemId;
  if (named !== 'auto') {
    const item = findItem(catalog, 'system', named);
    if (!item) {
      const known = listItems(catalog, 'system').map((x) => x.id);
      throw new Error(
        `cluster.compute.systemId: unknown system "${named}" (catalog systems: ${known.join(', ')})`,
      );
    }
    return item;
  }
  return platformSystem(
    listItems(catalog, 'system'),
    s.cluster.compute.acceleratorId,
    facilityCoolingId(s, catalog) === 'direct-liquid',
  );
}

/**
 * Factor turning a catalog price in `from` into the scenario's currency `to`: 1 for the same
 * currency, else USD per unit of `from` (the catalog's exchange rates) × `fxPerUsd`; null when
 * the catalog has no rate for `from`.
 */
export function priceScale(from: string, to: string, fxPerUsd: number): number | null {
  if (from === to) return 1;
  const toUsd = usdPerCurrencyUnit(from);
  return toUsd === null ? null : toUsd.value * fxPerUsd;
}

/** The catalog systems that hold an accelerator, in catalog order. */
export function systemsFor(catalog: Catalog, acceleratorId: string): CatalogSystem[] {
  return listItems(catalog, 'system').filter((s) => s.acceleratorId === acceleratorId);
}

/** The storage system a tier is bought as: its catalog id when named, else by its kind. */
function storageSystemFor(tier: StorageTier, catalog: Catalog): CatalogStorageSystem {
  const named = tier.name === '' ? undefined : findItem(catalog, 'storageSystem', tier.name);
  if (named) return named;
  return getItem(
    catalog,
    'storageSystem',
    tier.kind === 'object-store' ? 'hybrid-capacity-tier' : 'all-flash-parallel-fs',
  );
}

/** Planning values in USD for two money fields left out (converted at the scenario's rate). */
export const RACK_INFRA_USD = 20_000;
export const STAFF_USD_PER_FTE_YEAR = 200_000;

/** Annual failure rate of a node cache drive, when the scenario does not give one. */
export const CACHE_DRIVE_AFR_DEFAULT: DefaultSource = {
  source:
    'Backblaze SSD drive stats (2023 mid-year): lifetime annualised failure rate 0.90 % of its fleet SSDs',
  date: '2023',
  basis: 'read',
};

function resolveSystem(rec: Recorder, sys: CatalogSystem, named: boolean): ResolvedSystem {
  const id = sys.id;
  rec.put(
    'system.id',
    'system',
    'System',
    id,
    '',
    named
      ? fromScenario('cluster.compute.systemId')
      : derivedFrom(
          'the first catalog system for the accelerator whose chassis suits the facility cooling',
          ['accelerator', 'facility.coolingId'],
        ),
  );
  const cat = (key: string, label: string, field: keyof CatalogSystem, unit: string): number =>
    rec.cat(key, 'system', label, 'system', id, field, sys[field] as SourcedNumber, unit);
  const idle = sys.idleW;
  const fromSystem = derivedFrom('the system’s bill of materials', ['system.id']);
  return {
    id,
    name: sys.name,
    form: rec.put('system.form', 'system', 'Form (server or rack-scale)', sys.form, '', fromSystem),
    gpusPerNode: rec.put(
      'system.gpusPerNode',
      'system',
      'GPUs per node of the system',
      sys.gpusPerNode,
      'GPUs',
      fromSystem,
    ),
    heightU: cat('system.heightU', 'Height of one node', 'heightU', 'U'),
    ratedPowerW: cat('system.ratedPowerW', 'Nameplate power of one node', 'ratedPowerW', 'W'),
    cooling: sys.cooling,
    fabricHostsPerNode: sys.fabricHostsPerNode ?? 1,
    idleW:
      idle === undefined
        ? null
        : rec.cat(
            'system.idleW',
            'system',
            'Measured idle power of one node',
            'system',
            id,
            'idleW',
            idle,
            'W',
          ),
  };
}

/** The part of a build that depends on the cluster (and the facility's cooling only). */
export type ResolvedHardware = Omit<
  ResolvedBuild,
  'facility' | 'finance' | 'assumptions' | 'warnings'
> & {
  /** Null when resolved numbers only (recorded when the build's assumptions are first read). */
  readonly assumptions: readonly BuildAssumption[] | null;
  readonly warnings: readonly string[];
};

/** The part of a build that depends on the facility and the finance terms. */
export type ResolvedSite = {
  readonly facility: ResolvedFacility;
  readonly finance: ResolvedFinance;
  readonly assumptions: readonly BuildAssumption[];
};

/**
 * The values of a build's hardware that do not depend on its storage section: the system, the
 * accelerator, the node's scale-out NICs, optics and stock drives, and (made when first needed,
 * at the point the resolution needs it, so an error is thrown where it always was) the compute
 * switch and the cluster bill of materials per storage rack-unit count. Numbers and catalog
 * items only, no provenance: `resolveHardware` records each value where it did before, so the
 * assumptions list is the same. Memoised by the compute and network sections, the finance
 * section, the cooling the hardware is resolved for and the catalog (`coreFor`), so the storage
 * variants of one build (the design search: 25 per block) resolve it once.
 */
type HardwareCore = {
  readonly sysItem: CatalogSystem;
  readonly accelerator: Accelerator;
  readonly power: CatalogItemOf['acceleratorPower'];
  readonly nodes: number;
  readonly nic: NicChoice;
  readonly cpu: CatalogItemOf['cpu'];
  readonly otherNicsW: number;
  readonly integrated: boolean;
  readonly linkGbps: number;
  readonly railsPerHost: number;
  readonly nodeModule: CatalogTransceiver;
  readonly opticsW: number;
  readonly stockActive: number;
  readonly stockIdle: number;
  /** The cheapest compute switch (`cheapestComputeSwitch`), once asked for. */
  sw: CatalogSwitch | null;
  /** The cluster bill of materials by the storage servers' rack units, once asked for. */
  readonly boms: Map<number, ClusterNetworkBom>;
  /** The first hardware resolved numbers-only on this core, for its other storage sections. */
  numbersBase?: NumbersBase;
};

/** What `withStorage` takes from the first numbers-only hardware of a core. */
type NumbersBase = {
  readonly hw: ResolvedHardware;
  readonly stockPrice: number;
  readonly nicDelta: number;
  readonly bomInput: Omit<BomInput, 'computeSwitch'>;
  readonly sw: CatalogSwitch;
};

type CoreKey = {
  readonly network: unknown;
  readonly finance: unknown;
  readonly cooling: CoolingTypeId;
  readonly catalog: Catalog;
  readonly value: HardwareCore | null;
};
/** `coreFor`'s memo: per compute section, a short list for the other keys (see `remember`). */
const coreMemo = new WeakMap<object, CoreKey[]>();

/** The storage-independent values of a scenario's hardware (see `HardwareCore`), memoised. */
function coreFor(
  scenario: Scenario,
  catalog: Catalog,
  coolingId: CoolingTypeId,
): HardwareCore | null {
  const { compute, network } = scenario.cluster;
  const finance = scenario.finance;
  const cores = coreMemo.get(compute) ?? [];
  for (let k = cores.length - 1; k >= 0; k--) {
    const e = cores[k] as CoreKey;
    if (
      e.network === network &&
      e.finance === finance &&
      e.cooling === coolingId &&
      e.catalog === catalog
    )
      return e.value;
  }
  const value = makeCore(scenario, catalog);
  remember(coreMemo, compute, { network, finance, cooling: coolingId, catalog, value });
  return value;
}

function makeCore(scenario: Scenario, catalog: Catalog): HardwareCore | null {
  const sysItem = systemFor(scenario, catalog);
  if (sysItem === null) return null;
  const { compute, network: net } = scenario.cluster;
  const accelerator: Accelerator = acceleratorIn(catalog, compute.acceleratorId);
  const power = getItem(catalog, 'acceleratorPower', accelerator.id);
  const nodes = Math.ceil(compute.gpus / sysItem.gpusPerNode);
  const nic = chooseScaleOutNic(sysItem, net.scaleOut.gbpsPerGpu, catalog);
  const cpu = getItem(catalog, 'cpu', sysItem.cpus.id);
  const otherNics = sysItem.nics.filter((_, i) => !(i === 0 && nic.stock !== null));
  let otherNicsW = 0;
  for (const n of otherNics) otherNicsW += n.count * getItem(catalog, 'nic', n.id).powerW.value;
  const hosts = sysItem.fabricHostsPerNode ?? 1;
  const integrated = nic.stock === null && sysItem.scaleOutPorts > 0;
  const linkGbps = integrated ? sysItem.scaleOutGbps : nic.nic.gbps.value;
  const nicCount = integrated ? sysItem.scaleOutPorts : nic.count;
  const railsPerHost = Math.max(1, Math.ceil(nicCount / hosts));
  const stockModuleRef = sysItem.nodeTransceivers[0];
  const stockModule = stockModuleRef ? getItem(catalog, 'transceiver', stockModuleRef.id) : null;
  const nodeModule = chooseModule(linkGbps, catalog, stockModule);
  const computeModulesPerNode =
    nodes > 1 ? hosts * Math.ceil(railsPerHost / nodeModule.portsPerModule) : 0;
  let opticsW = computeModulesPerNode * nodeModule.powerW.value;
  for (const t of sysItem.nodeTransceivers.slice(1))
    opticsW += t.count * getItem(catalog, 'transceiver', t.id).powerW.value;
  let stockActive = 0;
  let stockIdle = 0;
  for (const d of sysItem.drives) {
    const drive = getItem(catalog, 'drive', d.id);
    stockActive += d.count * drive.activeW.value;
    stockIdle += d.count * drive.idleW.value;
  }
  return {
    sysItem,
    accelerator,
    power,
    nodes,
    nic,
    cpu,
    otherNicsW,
    integrated,
    linkGbps,
    railsPerHost,
    nodeModule,
    opticsW,
    stockActive,
    stockIdle,
    sw: null,
    boms: new Map(),
  };
}

function resolveHardware(
  scenario: Scenario,
  catalog: Catalog,
  coolingId: CoolingTypeId,
  provenance: boolean,
): ResolvedHardware | null {
  const core = coreFor(scenario, catalog, coolingId);
  if (core === null) return null;
  if (!provenance && core.numbersBase !== undefined)
    return withStorage(core, core.numbersBase, scenario, catalog);
  const sysItem = core.sysItem;
  const fin = scenario.finance;
  const currency = fin.currency;
  const fx = fin.fxPerUsd;
  const rec = new Recorder(catalog, currency, provenance);
  const warnings: string[] = [];
  const { compute, network: net, storage: st } = scenario.cluster;
  const training = scenario.workload.kind === 'training';

  // ---- accelerator ----
  const accelerator = core.accelerator;
  rec.put(
    'accelerator',
    'accelerator',
    'Accelerator',
    accelerator.id,
    '',
    fromScenario('cluster.compute.acceleratorId'),
  );
  const power = core.power;
  const gpu = {
    tdpW: rec.cat(
      'gpu.tdpW',
      'accelerator',
      'GPU board power (TDP)',
      'acceleratorPower',
      accelerator.id,
      'tdpW',
      power.tdpW,
      'W',
    ),
    idleW: rec.cat(
      'gpu.idleW',
      'accelerator',
      'GPU idle power (P0, memory allocated)',
      'acceleratorPower',
      accelerator.id,
      'idleW',
      power.idleW,
      'W',
    ),
  };

  // ---- system and node count ----
  const system = resolveSystem(rec, sysItem, compute.systemId !== 'auto');
  if (sysItem.acceleratorId !== accelerator.id) {
    warnings.push(
      `system "${sysItem.id}" holds ${sysItem.acceleratorId}, not ${accelerator.id}: its power and price are used as given`,
    );
  }
  if (sysItem.form === 'server' && sysItem.gpusPerNode !== compute.gpusPerNode) {
    warnings.push(
      `system "${sysItem.name}" has ${sysItem.gpusPerNode} GPUs per node; the cluster says ${compute.gpusPerNode}`,
    );
  }
  const gpus = rec.put(
    'gpus',
    'system',
    'GPUs',
    compute.gpus,
    'GPUs',
    scenarioProv('cluster.compute.gpus'),
  );
  const nodes = rec.put(
    'nodes',
    'system',
    'Nodes',
    core.nodes,
    'nodes',
    derivedFrom('⌈GPUs ÷ GPUs per node of the system⌉', ['system.id']),
  );

  // ---- node parts (the storage-independent values: `makeCore`) ----
  const { nic, cpu, otherNicsW, integrated, linkGbps, railsPerHost, nodeModule } = core;
  const { opticsW, stockActive, stockIdle } = core;
  if (
    integrated &&
    net.scaleOut.gbpsPerGpu * sysItem.gpusPerNode >
      sysItem.scaleOutGbps * sysItem.scaleOutPorts + 1e-9
  ) {
    warnings.push(
      `${sysItem.name} carries its scale-out on the accelerators' own ports (${sysItem.scaleOutPorts} × ${sysItem.scaleOutGbps} Gb/s per node); more Gb/s per GPU is priced as the stock ports`,
    );
  }

  // Node cache: the stock data drives (the first drive entry) serve as the cache first.
  const cache = st.nodeCache;
  const { extraPerNode, cacheDriveW, cacheDrivePrice } = nodeCacheOf(
    rec,
    cache,
    sysItem,
    compute,
    gpus,
    nodes,
    catalog,
    fx,
  );

  // Fans: the chassis' own figure, else the cooling type's fan share of nameplate power.
  const fanMaxW = fanMaxOf(rec, sysItem, coolingId, catalog);

  // Scale-out NIC power and the node price as built.
  const stockPrice =
    fin.systemPriceUsd !== undefined
      ? rec.put(
          'node.stockPrice',
          'system',
          'Price of one node (stock)',
          fin.systemPriceUsd,
          '¤',
          scenarioProv('finance.systemPriceUsd'),
        )
      : rec.cat(
          'node.stockPrice',
          'system',
          'Price of one node (stock)',
          'system',
          sysItem.id,
          'priceUsd',
          sysItem.priceUsd,
          '¤',
          fx,
        );
  const systemPriceIsUser = fin.systemPriceUsd !== undefined || sysItem.priceUsd.basis === 'user';
  const stockNicsPrice = integrated
    ? 0
    : nic.stockCount * stockNicPriceInSystem(nic.stock, systemPriceIsUser) * fx;
  const nicDelta = integrated ? 0 : nic.count * nic.nic.priceUsd.value * fx - stockNicsPrice;
  if (stockPrice + nicDelta < 0 && nic.stock !== null) {
    // Only a user's prices get here (a node price below the stock NICs it holds, or replacing
    // NICs priced below them): refused in words rather than a negative node price.
    const entry = scenario.userCatalog.entries.findIndex(
      (e) => e.kind === 'system' && e.id === sysItem.id && 'priceUsd' in e.fields,
    );
    const each = (usd: number) => fmtMoney(usd, currency);
    const quoted = fin.systemPriceUsd !== undefined || entry < 0;
    const where = quoted
      ? `finance.systemPriceUsd: one node at ${each(stockPrice)}`
      : `userCatalog.entries[${entry}]: system "${sysItem.id}" at ${each(stockPrice)} a node`;
    throw new Error(
      `${where} does not cover the ${nic.stockCount} stock scale-out NICs it includes (${nic.stock.name}, ${each(stockNicsPrice / nic.stockCount)} each), which the build replaces with ${nic.count} × ${nic.nic.name} at ${each(nic.nic.priceUsd.value * fx)} each; give a node price that includes its stock NICs, or check the NIC prices`,
    );
  }
  const nodePrice = nodePriceOf(rec, stockPrice, nicDelta, extraPerNode, cacheDrivePrice);
  rec.put(
    'node.scaleOutNicId',
    'network',
    'Scale-out NIC',
    integrated ? 'on the accelerator' : nic.nic.id,
    '',
    derivedFrom(
      nic.isStock || integrated
        ? "the system's stock scale-out NIC, whose line rate carries the Gb/s per GPU"
        : 'the slowest catalog NIC whose line rate carries the Gb/s per GPU',
      ['network.gbpsPerGpu', 'system.id'],
    ),
  );
  const node: ResolvedNode = {
    cpus: rec.put(
      'node.cpus',
      'system',
      'CPUs per node',
      sysItem.cpus.count,
      '',
      derivedFrom('the system bill of materials', ['system.id']),
    ),
    cpuTdpW: rec.cat(
      'node.cpuTdpW',
      'system',
      'CPU power (TDP)',
      'cpu',
      cpu.id,
      'tdpW',
      cpu.tdpW,
      'W',
    ),
    cpuIdleW: rec.cat(
      'node.cpuIdleW',
      'system',
      'CPU idle power',
      'cpu',
      cpu.id,
      'idleW',
      cpu.idleW,
      'W',
    ),
    dimmGb: rec.cat(
      'node.dimmGb',
      'system',
      'DIMM memory per node',
      'system',
      sysItem.id,
      'dimmMemoryGb',
      sysItem.dimmMemoryGb,
      'GB',
    ),
    dramWPerGb: rec.put(
      'node.dramWPerGb',
      'system',
      'DRAM power per GB',
      dramWPerGb.value,
      'W/GB',
      DRAM_W_PER_GB_PROV,
    ),
    scaleOutNicId: integrated ? '' : nic.nic.id,
    scaleOutNics: rec.put(
      'node.scaleOutNics',
      'network',
      'Scale-out NICs per node',
      integrated ? 0 : nic.count,
      '',
      derivedFrom('one per scale-out link', ['node.scaleOutNicId']),
    ),
    scaleOutNicGbps: rec.put(
      'node.scaleOutNicGbps',
      'network',
      'Line rate of one scale-out link',
      linkGbps,
      'Gb/s',
      derivedFrom('the chosen NIC', ['node.scaleOutNicId']),
    ),
    scaleOutNicW: integrated
      ? rec.put(
          'node.scaleOutNicW',
          'network',
          'Power of one scale-out NIC',
          0,
          'W',
          derivedFrom('ports on the accelerator', ['system.id']),
        )
      : rec.cat(
          'node.scaleOutNicW',
          'network',
          'Power of one scale-out NIC',
          'nic',
          nic.nic.id,
          'powerW',
          nic.nic.powerW,
          'W',
        ),
    otherNicsW: rec.put(
      'node.otherNicsW',
      'system',
      'Other NICs and DPUs per node',
      otherNicsW,
      'W',
      derivedFrom('catalog NIC powers × counts of the system', ['system.id']),
    ),
    opticsW: rec.put(
      'node.opticsW',
      'network',
      'Node-side optics per node',
      opticsW,
      'W',
      derivedFrom(
        'compute-fabric modules at the link rate + the system’s other modules, catalog powers',
        ['node.scaleOutNicGbps'],
      ),
    ),
    stockDrivesActiveW: rec.put(
      'node.stockDrivesActiveW',
      'system',
      'Stock drives, active',
      stockActive,
      'W',
      derivedFrom('catalog drive powers × counts of the system', ['system.id']),
    ),
    stockDrivesIdleW: rec.put(
      'node.stockDrivesIdleW',
      'system',
      'Stock drives, idle',
      stockIdle,
      'W',
      derivedFrom('catalog drive powers × counts of the system', ['system.id']),
    ),
    extraCacheDrives: extraCacheDrivesOf(rec, extraPerNode),
    cacheDriveW,
    platformW: rec.cat(
      'node.platformW',
      'system',
      'Platform power (switches, BMC, board)',
      'system',
      sysItem.id,
      'platformW',
      sysItem.platformW,
      'W',
    ),
    psuEfficiency: rec.cat(
      'node.psuEfficiency',
      'system',
      'Power-supply efficiency',
      'system',
      sysItem.id,
      'psuEfficiency',
      sysItem.psuEfficiency,
      '',
    ),
    fanMaxW,
    price: nodePrice,
  };

  // ---- networks ----
  const tiersIn = net.scaleOut.fatTreeTiers;
  if (tiersIn === 4) warnings.push('fabric sizing supports up to 3 tiers; sized as 3');
  const tiers: 1 | 2 | 3 | 'auto' =
    tiersIn === 'auto' ? 'auto' : (Math.min(3, tiersIn) as 1 | 2 | 3);

  rec.put(
    'network.fabric',
    'network',
    'Scale-out fabric',
    net.scaleOut.fabric,
    '',
    scenarioProv('cluster.network.scaleOut.fabric'),
  );
  const gbpsPerGpu = rec.field(
    'network.gbpsPerGpu',
    'network',
    'Scale-out bandwidth per GPU',
    'cluster.network.scaleOut.gbpsPerGpu',
    net.scaleOut.gbpsPerGpu,
    'Gb/s',
  );
  rec.cat(
    'network.bom.nodeModulePrice',
    'network',
    'Node-side module price',
    'transceiver',
    nodeModule.id,
    'priceUsd',
    nodeModule.priceUsd,
    '¤',
    fx,
  );

  // ---- storage (sized before the networks: storage servers sit on the storage fabric) ----
  const storage = provenance
    ? resolveStorage(rec, st, catalog, nodes, fx, cache.drivesPerNode, cacheDrivePrice, training)
    : storageNumbersFor(rec, st, catalog, nodes, fx, cacheDrivePrice, training);

  const bomInput = {
    system: sysItem,
    nodes,
    gpus,
    fabric: net.scaleOut.fabric,
    railsPerHost,
    linkGbps,
    nodeModule,
    tiers,
    oversubscription: net.scaleOut.oversubscriptionRatio,
    railOptimized: net.scaleOut.railOptimized,
    storageRackUnits: storageRackUnitsOf(storage),
    fxPerUsd: fx,
  };
  const sw = (core.sw ??= cheapestComputeSwitch(bomInput, catalog));
  rec.put(
    'network.switchId',
    'network',
    'Compute-fabric switch',
    sw.id,
    '',
    derivedFrom(
      'of the catalog switches of the fabric kind whose ports carry the link rate, the one that makes the cheapest compute fat tree',
      ['network.fabric', 'node.scaleOutNicGbps', 'nodes'],
    ),
  );
  rec.cat(
    'network.bom.switchPowerW',
    'network',
    'Compute switch power (typical)',
    'switch',
    sw.id,
    'typicalPowerW',
    sw.typicalPowerW,
    'W',
  );
  rec.cat(
    'network.bom.switchPrice',
    'network',
    'Compute switch price',
    'switch',
    sw.id,
    'priceUsd',
    sw.priceUsd,
    '¤',
    fx,
  );
  const bom = clusterBomFor(core, bomInput, sw, catalog);
  rec.put(
    'network.bom',
    'network',
    'Switches in the compute, storage and management networks',
    bom.switches,
    'switches',
    derivedFrom(
      'fat trees sized at the chosen radix, tiers and oversubscription (NVIDIA DGX SuperPOD RA counting rules)',
      [
        'network.switchId',
        'network.railsPerHost',
        'nodes',
        'network.oversubscription',
        'storage.dataTier.rackUnits',
        'network.bom.switchPowerW',
        'network.bom.switchPrice',
        'network.bom.nodeModulePrice',
      ],
    ),
  );
  const network: ResolvedNetwork = {
    fabric: net.scaleOut.fabric,
    gbpsPerGpu,
    linkGbps,
    railsPerHost: rec.put(
      'network.railsPerHost',
      'network',
      'Scale-out links per fabric host',
      railsPerHost,
      '',
      derivedFrom('NICs per node ÷ fabric hosts per node', ['node.scaleOutNics']),
    ),
    oversubscription: rec.field(
      'network.oversubscription',
      'network',
      'Oversubscription above the leaves',
      'cluster.network.scaleOut.oversubscriptionRatio',
      net.scaleOut.oversubscriptionRatio,
      ':1',
    ),
    railOptimized: net.scaleOut.railOptimized,
    switchId: sw.id,
    bom,
  };

  const hw: ResolvedHardware = {
    currency,
    accelerator,
    gpu,
    gpus,
    nodes,
    system,
    node,
    network,
    storage,
    assumptions: provenance ? rec.list : null,
    warnings,
  };
  if (!provenance) core.numbersBase ??= { hw, stockPrice, nicDelta, bomInput, sw };
  return hw;
}

/**
 * The node cache's values: the cache drives added per node beyond the system's stock data drives
 * (which serve as the cache first), the power and the price of one cache drive.
 */
function nodeCacheOf(
  rec: Recorder,
  cache: Scenario['cluster']['storage']['nodeCache'],
  sysItem: CatalogSystem,
  compute: Scenario['cluster']['compute'],
  gpus: number,
  nodes: number,
  catalog: Catalog,
  fx: number,
): {
  readonly extraPerNode: number;
  readonly cacheDriveW: number;
  readonly cacheDrivePrice: number;
} {
  const storageNodes = Math.ceil(gpus / compute.gpusPerNode);
  const perStorageNode = compute.gpusPerNode / sysItem.gpusPerNode;
  const stockCachePerStorageNode = (sysItem.drives[0]?.count ?? 0) * perStorageNode;
  const extraPerStorageNode = Math.max(0, cache.drivesPerNode - stockCachePerStorageNode);
  const extraPerNode = (extraPerStorageNode * storageNodes) / nodes;
  const cacheDriveW = rec.field(
    'node.cacheDriveW',
    'storage',
    'Power of one added cache drive',
    'cluster.storage.nodeCache.drivePowerW',
    cache.drivePowerW,
    'W',
  );
  const cacheDrivePrice =
    cache.drivePriceUsd !== null
      ? rec.field(
          'storage.cacheDrivePrice',
          'storage',
          'Price of one cache drive',
          'cluster.storage.nodeCache.drivePriceUsd',
          cache.drivePriceUsd,
          '¤',
        )
      : rec.put(
          'storage.cacheDrivePrice',
          'storage',
          'Price of one cache drive',
          cachePriceOf(catalog, cache.driveCapacityTB) * fx,
          '¤',
          derivedFrom('the catalog NVMe drive price per TB (micron-9550) × the drive capacity', [
            'catalog drive:micron-9550 priceUsdPerTb',
          ]),
        );
  return { extraPerNode, cacheDriveW, cacheDrivePrice };
}

/**
 * The price (USD) of one stock scale-out NIC inside a system's stock price. A catalog system's
 * price was set with the catalog's own NIC price, so a user entry that changes the NIC's price
 * (today's price) does not change what is inside the system's: the built-in price is taken off
 * and the NICs the build uses are added at today's. A user-given system price (the scenario's
 * `finance.systemPriceUsd` or a user entry) is read as holding its NICs at today's price.
 */
function stockNicPriceInSystem(
  stock: CatalogItemOf['nic'] | null,
  systemPriceIsUser: boolean,
): number {
  if (stock === null) return 0;
  if (systemPriceIsUser || stock.priceUsd.basis !== 'user') return stock.priceUsd.value;
  return findItem(builtinCatalog(), 'nic', stock.id)?.priceUsd.value ?? stock.priceUsd.value;
}

/** An amount with its currency code, rounded to whole units (for messages). */
function fmtMoney(amount: number, currency: string): string {
  return `${Math.round(amount).toLocaleString('en-US')} ${currency}`;
}

/** The price of one node as built: the stock price, the chosen NICs and the added cache drives. */
function nodePriceOf(
  rec: Recorder,
  stockPrice: number,
  nicDelta: number,
  extraPerNode: number,
  cacheDrivePrice: number,
): number {
  return rec.put(
    'node.price',
    'system',
    'Price of one node as built',
    stockPrice + nicDelta + extraPerNode * cacheDrivePrice,
    '¤',
    derivedFrom(
      'stock price − its stock scale-out NICs (at the price inside it: the catalog’s for a catalog system) + the NICs the build uses (today’s price) + cache drives added beyond the stock data drives',
      ['node.stockPrice', 'node.scaleOutNicId', 'storage.cacheDrivePrice'],
    ),
  );
}

/** The cache drives added per node, recorded. */
function extraCacheDrivesOf(rec: Recorder, extraPerNode: number): number {
  return rec.put(
    'node.extraCacheDrives',
    'storage',
    'Cache drives added per node',
    extraPerNode,
    '',
    derivedFrom('cache drives per node beyond the system’s stock data drives', ['system.id']),
  );
}

/** The rack units of the storage servers (data tier and checkpoint tier). */
function storageRackUnitsOf(storage: ResolvedStorage): number {
  return storage.dataTier.rackUnits + (storage.checkpointTier?.rackUnits ?? 0);
}

/** The cluster bill of materials for a hardware core, memoised by the storage rack units. */
function clusterBomFor(
  core: HardwareCore,
  bomInput: Omit<BomInput, 'computeSwitch'>,
  sw: CatalogSwitch,
  catalog: Catalog,
): ClusterNetworkBom {
  let bom = core.boms.get(bomInput.storageRackUnits);
  if (bom === undefined) {
    bom = clusterBillOfMaterials({ ...bomInput, computeSwitch: sw }, catalog);
    core.boms.set(bomInput.storageRackUnits, bom);
  }
  return bom;
}

/**
 * A numbers-only hardware for another storage section of the same core: the values that depend
 * on the storage section (the node cache, the node price, the storage tiers and the cluster bill
 * of materials, which counts the storage servers) made by the same functions `resolveHardware`
 * uses, the rest taken from the first hardware resolved numbers-only for the core (the design
 * search resolves 25 storage variants of each build this way).
 */
function withStorage(
  core: HardwareCore,
  base: NumbersBase,
  scenario: Scenario,
  catalog: Catalog,
): ResolvedHardware {
  const { compute, storage: st } = scenario.cluster;
  const hw = base.hw;
  const fx = scenario.finance.fxPerUsd;
  const rec = new Recorder(catalog, hw.currency, false);
  const c = nodeCacheOf(rec, st.nodeCache, core.sysItem, compute, hw.gpus, hw.nodes, catalog, fx);
  const training = scenario.workload.kind === 'training';
  const storage = storageNumbersFor(rec, st, catalog, hw.nodes, fx, c.cacheDrivePrice, training);
  const bomInput = { ...base.bomInput, storageRackUnits: storageRackUnitsOf(storage) };
  return {
    ...hw,
    node: {
      ...hw.node,
      extraCacheDrives: extraCacheDrivesOf(rec, c.extraPerNode),
      cacheDriveW: c.cacheDriveW,
      price: nodePriceOf(rec, base.stockPrice, base.nicDelta, c.extraPerNode, c.cacheDrivePrice),
    },
    storage,
    network: { ...hw.network, bom: clusterBomFor(core, bomInput, base.sw, catalog) },
  };
}

function resolveSite(scenario: Scenario, catalog: Catalog, acceleratorId: string): ResolvedSite {
  const rec = new Recorder(catalog, scenario.finance.currency, true);
  const fx = rec.field(
    'finance.fxPerUsd',
    'finance',
    `${scenario.finance.currency} per USD`,
    'finance.fxPerUsd',
    scenario.finance.fxPerUsd,
    '',
  );
  const facility = resolveFacility(rec, scenario, catalog, fx);
  const finance = resolveFinance(rec, scenario, catalog, fx, acceleratorId);
  return { facility, finance, assumptions: rec.list };
}

/*
 * Memos (results are the same without them): the hardware part keyed by the cluster's section
 * objects, the facility's cooling, the finance section and the catalog; the site part by the
 * facility and finance sections, the accelerator and the catalog; the combination by its two
 * parts. The design search re-uses hardware across regions and sites across builds this way.
 * Each memo is a WeakMap on one section object (the storage section, the facility section, the
 * hardware) holding a short list for the other keys, so a search that cycles through 25 regions
 * and 100 facilities hits as often as one that repeats one scenario, and nothing is kept alive
 * once its scenario is gone.
 */
type HardwareKey = {
  readonly compute: unknown;
  readonly network: unknown;
  readonly finance: unknown;
  readonly cooling: CoolingTypeId;
  readonly kind: string;
  readonly catalog: Catalog;
  readonly value: ResolvedHardware | null;
};
const hardwareMemo = new WeakMap<object, HardwareKey[]>();
type SiteKey = {
  readonly finance: unknown;
  readonly accelerator: string;
  readonly catalog: Catalog;
  readonly value: ResolvedSite;
};
const siteMemo = new WeakMap<object, SiteKey[]>();
const buildMemo = new WeakMap<ResolvedHardware, WeakMap<ResolvedSite, ResolvedBuild>>();
/** Entries kept per section object (the oldest dropped first). */
const MEMO_SIZE = 16;

/**
 * Adds an entry to a memo list. Each key is in a list once; lists are searched newest first (a
 * search asks for what it last added).
 */
function remember<T>(memo: WeakMap<object, T[]>, owner: object, entry: T): void {
  let list = memo.get(owner);
  if (list === undefined) {
    list = [];
    memo.set(owner, list);
  }
  if (list.length >= MEMO_SIZE) list.shift();
  list.push(entry);
}

/**
 * What of the facility's cooling the hardware depends on, as the cooling type standing for it:
 * immersion (no server fans: `fanMaxOf`); direct liquid where it changes the system bought (a
 * liquid-cooled chassis of the accelerator: `systemFor`); else air (air and rear-door cooling,
 * and direct liquid for a named system or an accelerator without a liquid-cooled chassis, buy
 * the same hardware: `fanMaxOf` tells only immersion apart). The hardware is resolved, and
 * memoised, for this type, so builds under these coolings share it.
 */
function hardwareCooling(
  coolingId: CoolingTypeId,
  compute: Scenario['cluster']['compute'],
  catalog: Catalog,
): CoolingTypeId {
  if (coolingId === 'immersion') return 'immersion';
  if (coolingId !== 'direct-liquid' || compute.systemId !== 'auto') return 'air';
  return liquidChangesSystem(catalog, compute.acceleratorId) ? 'direct-liquid' : 'air';
}

/**
 * Whether `systemFor` picks another system for the accelerator under direct-liquid cooling
 * than under air (the catalog has a liquid-cooled chassis for it beside an air-cooled one, or
 * only a liquid-cooled one first). Memoised per catalog and accelerator: catalogs are never
 * changed in place.
 */
export function liquidChangesSystem(catalog: Catalog, acceleratorId: string): boolean {
  let known = liquidSystemMemo.get(catalog);
  if (known === undefined) {
    known = new Map();
    liquidSystemMemo.set(catalog, known);
  }
  let changes = known.get(acceleratorId);
  if (changes === undefined) {
    const systems = listItems(catalog, 'system');
    changes =
      platformSystem(systems, acceleratorId, true) !==
      platformSystem(systems, acceleratorId, false);
    known.set(acceleratorId, changes);
  }
  return changes;
}
const liquidSystemMemo = new WeakMap<Catalog, Map<string, boolean>>();

/**
 * Resolve a scenario's build against a catalog.
 * @param scenario - a parsed scenario (defaults filled in)
 * @param catalog - the built-in catalog merged with the scenario's user entries
 * @param options - `provenance: false` (the design search, which reads numbers only): resolve
 *   the hardware without recording provenance; its assumptions are then recorded when first
 *   read, by resolving again (the same values either way)
 * @returns the build, or null when the catalog has no system for the accelerator (power and
 *   cost cannot be evaluated; the performance engines still run on the accelerator)
 * @throws naming the scenario field when an id it names is not in the catalog
 */
export function resolveBuild(
  scenario: Scenario,
  catalog: Catalog,
  options: { readonly provenance?: boolean } = {},
): ResolvedBuild | null {
  const { compute, network, storage } = scenario.cluster;
  const cooling = hardwareCooling(facilityCoolingId(scenario, catalog), compute, catalog);
  const finance = scenario.finance;
  let hw: ResolvedHardware | null | undefined;
  const kind = scenario.workload.kind;
  const hardware = hardwareMemo.get(storage) ?? [];
  for (let k = hardware.length - 1; k >= 0; k--) {
    const e = hardware[k] as HardwareKey;
    if (
      e.compute === compute &&
      e.network === network &&
      e.finance === finance &&
      e.cooling === cooling &&
      e.kind === kind &&
      e.catalog === catalog
    ) {
      hw = e.value;
      break;
    }
  }
  if (hw === undefined) {
    hw = resolveHardware(scenario, catalog, cooling, options.provenance ?? true);
    remember(hardwareMemo, storage, {
      compute,
      network,
      finance,
      cooling,
      kind,
      catalog,
      value: hw,
    });
  }
  if (hw === null) return null;
  const acc = compute.acceleratorId;
  let site: ResolvedSite | undefined;
  const sites = siteMemo.get(scenario.facility) ?? [];
  for (let k = sites.length - 1; k >= 0; k--) {
    const e = sites[k] as SiteKey;
    if (e.finance === finance && e.accelerator === acc && e.catalog === catalog) {
      site = e.value;
      break;
    }
  }
  if (site === undefined) {
    site = resolveSite(scenario, catalog, acc);
    remember(siteMemo, scenario.facility, { finance, accelerator: acc, catalog, value: site });
  }
  // Hardware resolved numbers only (a design search, which combines each hardware with each
  // site once): a new build each time, not memoised (the memo's weak entries would cost more
  // than the build).
  if (hw.assumptions === null) {
    const siteNow = site;
    return new NumbersOnlyBuild(hw, site, () => {
      const redone = resolveHardware(scenario, catalog, cooling, true) as ResolvedHardware;
      return [...(redone.assumptions ?? []), ...siteNow.assumptions];
    });
  }
  let builds = buildMemo.get(hw);
  if (builds === undefined) {
    builds = new WeakMap();
    buildMemo.set(hw, builds);
  }
  const known = builds.get(site);
  if (known !== undefined) return known;
  const value: ResolvedBuild = {
    currency: hw.currency,
    accelerator: hw.accelerator,
    gpu: hw.gpu,
    gpus: hw.gpus,
    nodes: hw.nodes,
    system: hw.system,
    node: hw.node,
    network: hw.network,
    storage: hw.storage,
    facility: site.facility,
    finance: site.finance,
    // Joined when first read: a design search reads figures of hundreds of thousands of builds
    // and the assumptions of none. Hardware resolved numbers only is resolved again with its
    // provenance (the same rules, so the same values).
    get assumptions(): readonly BuildAssumption[] {
      const recorded =
        hw.assumptions ??
        (resolveHardware(scenario, catalog, cooling, true) as ResolvedHardware).assumptions ??
        [];
      const all = [...recorded, ...site.assumptions];
      Object.defineProperty(this, 'assumptions', { value: all, enumerable: true });
      return all;
    },
    warnings: hw.warnings,
  };
  builds.set(site, value);
  return value;
}

/**
 * A build whose hardware was resolved numbers only (the design search): the same fields as
 * `resolveBuild`'s object, and `assumptions` recorded, by resolving the hardware again with its
 * provenance (the same rules, so the same values), when first read. A class, not an object
 * literal with a getter: a search makes hundreds of thousands of builds and reads the
 * assumptions of none, and a literal with an accessor is made on V8's slow path (≈1–2 µs each).
 * `assumptions` is an accessor of the prototype until read, then the build's own property.
 */
class NumbersOnlyBuild implements ResolvedBuild {
  readonly currency: string;
  readonly accelerator: ResolvedBuild['accelerator'];
  readonly gpu: ResolvedBuild['gpu'];
  readonly gpus: number;
  readonly nodes: number;
  readonly system: ResolvedSystem;
  readonly node: ResolvedNode;
  readonly network: ResolvedNetwork;
  readonly storage: ResolvedStorage;
  readonly facility: ResolvedFacility;
  readonly finance: ResolvedFinance;
  readonly warnings: readonly string[];
  readonly #record: () => readonly BuildAssumption[];
  constructor(hw: ResolvedHardware, site: ResolvedSite, record: () => readonly BuildAssumption[]) {
    this.currency = hw.currency;
    this.accelerator = hw.accelerator;
    this.gpu = hw.gpu;
    this.gpus = hw.gpus;
    this.nodes = hw.nodes;
    this.system = hw.system;
    this.node = hw.node;
    this.network = hw.network;
    this.storage = hw.storage;
    this.facility = site.facility;
    this.finance = site.finance;
    this.warnings = hw.warnings;
    this.#record = record;
  }
  get assumptions(): readonly BuildAssumption[] {
    const all = this.#record();
    Object.defineProperty(this, 'assumptions', { value: all, enumerable: true });
    return all;
  }
}

/** Provenance of the DRAM power per GB (a model constant: the same for every build). */
const DRAM_W_PER_GB_PROV = fromCatalog('constant', 'dram', 'wPerGb', dramWPerGb, false);

/** Price of a cache drive of `capacityTB` from the catalog's data-centre NVMe drive, USD. */
function cachePriceOf(catalog: Catalog, capacityTB: number): number {
  return getItem(catalog, 'drive', 'micron-9550').priceUsdPerTb.value * capacityTB;
}

/**
 * Fan power of a chassis at full speed, W: its catalogued figure; else the cooling type's fan
 * share of nameplate power (air-cooled servers under air or rear-door cooling; the residual
 * fans of a liquid-cooled chassis; none in immersion).
 */
function fanMaxOf(
  rec: Recorder,
  sys: CatalogSystem,
  coolingId: CoolingTypeId,
  catalog: Catalog,
): number {
  if (sys.fanMaxW !== undefined && sys.cooling === 'air' && coolingId !== 'immersion') {
    return rec.cat(
      'node.fanMaxW',
      'system',
      'Fan power at full speed',
      'system',
      sys.id,
      'fanMaxW',
      sys.fanMaxW,
      'W',
    );
  }
  const coolingRef: CoolingTypeId =
    sys.cooling === 'liquid' ? 'direct-liquid' : coolingId === 'immersion' ? 'immersion' : 'air';
  const share = getItem(catalog, 'cooling', coolingRef).serverFanFraction;
  rec.cat(
    'node.fanShare',
    'system',
    'Fan share of nameplate power at full speed',
    'cooling',
    coolingRef,
    'serverFanFraction',
    share,
    '',
  );
  return rec.put(
    'node.fanMaxW',
    'system',
    'Fan power at full speed',
    share.value * sys.ratedPowerW.value,
    'W',
    derivedFrom('fan share of input power × nameplate power', [
      'node.fanShare',
      'system.ratedPowerW',
    ]),
  );
}

function resolveFacility(
  rec: Recorder,
  s: Scenario,
  catalog: Catalog,
  fx: number,
): ResolvedFacility {
  const f = s.facility;
  const preset =
    f.presetId === undefined ? undefined : getItem(catalog, 'facilityPreset', f.presetId);
  const coolingId = facilityCoolingId(s, catalog);
  rec.put(
    'facility.coolingId',
    'facility',
    'Cooling',
    coolingId,
    '',
    f.coolingType !== undefined
      ? fromScenario('facility.coolingType')
      : preset
        ? derivedFrom(`the cooling type of facility preset "${preset.id}"`, ['facility.presetId'])
        : docDefault('facility.coolingType', {
            source: 'Air cooling unless a cooling type or facility preset is given',
            date: '2024',
            basis: 'convention',
          }),
  );
  const cooling = getItem(catalog, 'cooling', coolingId);
  const fromPresetOrCooling =
    (
      key: string,
      label: string,
      presetField: 'pue' | 'rackLimitKw' | 'floorM2PerRack' | null,
      coolingField: 'pue' | 'rackLimitKw' | 'wueLPerKwh' | null,
      unit: string,
      fallback?: () => number,
    ) =>
    (): number => {
      if (preset && presetField)
        return rec.cat(
          key,
          'facility',
          label,
          'facilityPreset',
          preset.id,
          presetField,
          preset[presetField],
          unit,
        );
      if (coolingField)
        return rec.cat(
          key,
          'facility',
          label,
          'cooling',
          coolingId,
          coolingField,
          cooling[coolingField],
          unit,
        );
      if (fallback) return fallback();
      throw new Error(`${key}: no source`);
    };
  const pue = rec.field(
    'facility.pue',
    'facility',
    'Power usage effectiveness',
    'facility.pue',
    f.pue,
    '',
    fromPresetOrCooling('facility.pue', 'Power usage effectiveness', 'pue', 'pue', ''),
  );
  const wue = rec.field(
    'facility.wueLPerKwh',
    'facility',
    'Water usage effectiveness',
    'facility.wueLPerKwh',
    f.wueLPerKwh,
    'L/kWh',
    fromPresetOrCooling(
      'facility.wueLPerKwh',
      'Water usage effectiveness',
      null,
      'wueLPerKwh',
      'L/kWh',
    ),
  );
  const rackLimitKw = rec.field(
    'facility.rackLimitKw',
    'facility',
    'Power limit per rack',
    'facility.rackLimitKw',
    f.rackLimitKw,
    'kW',
    fromPresetOrCooling(
      'facility.rackLimitKw',
      'Power limit per rack',
      'rackLimitKw',
      'rackLimitKw',
      'kW',
    ),
  );
  const rackUnits = rec.field(
    'facility.rackUnits',
    'facility',
    'Usable rack units per rack',
    'facility.rackUnits',
    f.rackUnits,
    'U',
  );
  const floorM2PerRack = rec.field(
    'facility.floorM2PerRack',
    'facility',
    'Floor area per rack',
    'facility.floorM2PerRack',
    f.floorM2PerRack,
    'm²',
    fromPresetOrCooling(
      'facility.floorM2PerRack',
      'Floor area per rack',
      'floorM2PerRack',
      null,
      'm²',
      () =>
        rec.put(
          'facility.floorM2PerRack',
          'facility',
          'Floor area per rack',
          2.5,
          'm²',
          docDefault('facility.floorM2PerRack', {
            source: 'Planning value: 2.5 m² per rack including aisles (about 25–30 ft²)',
            date: '2024',
            basis: 'estimate',
          }),
        ),
    ),
  );
  rec.put(
    'facility.provisionOn',
    'facility',
    'Power provisioned per node',
    f.provisionOn,
    '',
    scenarioProv('facility.provisionOn'),
  );

  // Electricity: a peak/off-peak tariff, a flat price, or the catalog price for the region.
  let electricityPerKwh: number;
  if (f.peakOffPeak) {
    const t = f.peakOffPeak;
    const share = (t.peakHoursPerDay * t.peakDaysPerWeek) / (24 * 7);
    electricityPerKwh = rec.put(
      'facility.electricityPerKwh',
      'facility',
      'Electricity price (time-weighted)',
      share * t.peakPriceUsdPerKwh + (1 - share) * t.offPeakPriceUsdPerKwh,
      '¤/kWh',
      derivedFrom('peak share of the week’s hours × peak price + the rest × off-peak price', [
        'facility.peakOffPeak',
      ]),
    );
  } else if (f.priceUsdPerKwh !== undefined) {
    electricityPerKwh = rec.put(
      'facility.electricityPerKwh',
      'facility',
      'Electricity price',
      f.priceUsdPerKwh,
      '¤/kWh',
      fromScenario('facility.priceUsdPerKwh'),
    );
  } else {
    const e = getItem(catalog, 'electricity', f.electricityId);
    const scale = priceScale(e.currency, s.finance.currency, fx);
    if (scale === null)
      throw new Error(
        `facility.electricityId: "${f.electricityId}" is priced in ${e.currency}, for which the catalog has no exchange rate; give facility.priceUsdPerKwh in ${s.finance.currency}`,
      );
    electricityPerKwh = rec.cat(
      'facility.electricityPerKwh',
      'facility',
      `Electricity price (${e.region})`,
      'electricity',
      e.id,
      'pricePerKwh',
      e.pricePerKwh,
      '¤/kWh',
      scale,
    );
  }
  const carbonGPerKwh =
    f.carbonGPerKwh !== undefined
      ? rec.put(
          'facility.carbonGPerKwh',
          'facility',
          'Grid carbon intensity',
          f.carbonGPerKwh,
          'gCO2e/kWh',
          fromScenario('facility.carbonGPerKwh'),
        )
      : (() => {
          const c = getItem(catalog, 'gridCarbon', f.carbonId);
          return rec.cat(
            'facility.carbonGPerKwh',
            'facility',
            `Grid carbon intensity (${c.region})`,
            'gridCarbon',
            c.id,
            'gCo2PerKwh',
            c.gCo2PerKwh,
            'gCO2e/kWh',
          );
        })();
  rec.put('facility.siting', 'facility', 'Siting', f.siting, '', scenarioProv('facility.siting'));
  let colocationPerKwMonth = 0;
  let colocationFitOutPerKw = 0;
  let constructionPerW = 0;
  let facilityLifeYears = f.facilityLifeYears;
  let facilityOpexFractionPerYear = f.facilityOpexFractionPerYear;
  if (f.siting === 'colocation') {
    colocationPerKwMonth =
      f.colocationUsdPerKwMonth !== undefined
        ? rec.put(
            'facility.colocationPerKwMonth',
            'facility',
            'Colocation price',
            f.colocationUsdPerKwMonth,
            '¤/kW-month',
            fromScenario('facility.colocationUsdPerKwMonth'),
          )
        : (() => {
            const c = getItem(catalog, 'colocation', f.colocationId);
            return rec.cat(
              'facility.colocationPerKwMonth',
              'facility',
              `Colocation price (${c.region})`,
              'colocation',
              c.id,
              'usdPerKwMonth',
              c.usdPerKwMonth,
              '¤/kW-month',
              fx,
            );
          })();
    colocationFitOutPerKw = rec.field(
      'facility.colocationFitOutPerKw',
      'facility',
      'Colocation fit-out',
      'facility.colocationFitOutUsdPerKw',
      f.colocationFitOutUsdPerKw,
      '¤/kW',
    );
  } else {
    constructionPerW =
      f.constructionUsdPerW !== undefined
        ? rec.put(
            'facility.constructionPerW',
            'facility',
            'Construction cost',
            f.constructionUsdPerW,
            '¤/W',
            fromScenario('facility.constructionUsdPerW'),
          )
        : (() => {
            const c = getItem(catalog, 'construction', f.constructionId);
            return rec.cat(
              'facility.constructionPerW',
              'facility',
              `Construction cost (${c.region})`,
              'construction',
              c.id,
              'usdPerW',
              c.usdPerW,
              '¤/W',
              fx,
            );
          })();
    facilityLifeYears = rec.field(
      'facility.facilityLifeYears',
      'facility',
      'Facility life',
      'facility.facilityLifeYears',
      f.facilityLifeYears,
      'years',
    );
    facilityOpexFractionPerYear = rec.field(
      'facility.facilityOpexFractionPerYear',
      'facility',
      'Facility running cost per year (share of construction)',
      'facility.facilityOpexFractionPerYear',
      f.facilityOpexFractionPerYear,
      '',
    );
  }
  return {
    coolingId,
    pue,
    wueLPerKwh: wue,
    rackLimitKw,
    rackUnits,
    floorM2PerRack,
    provisionOn: f.provisionOn,
    electricityPerKwh,
    carbonGPerKwh,
    siting: f.siting,
    colocationPerKwMonth,
    colocationFitOutPerKw,
    constructionPerW,
    facilityLifeYears,
    facilityOpexFractionPerYear,
  };
}

/** One shared tier: the scenario's figures, the rest from the defaults and the catalog. */
function resolveTier(
  rec: Recorder,
  prefix: 'storage.dataTier' | 'storage.checkpointTier',
  path: string,
  tier: StorageTier,
  catalog: Catalog,
  nodes: number,
  fx: number,
  training: boolean,
): ResolvedTier {
  const what = prefix === 'storage.dataTier' ? 'Data tier' : 'Checkpoint tier';
  const def = defaultTierGBps(nodes);
  const readGBps = rec.field(
    `${prefix}.readGBps`,
    'storage',
    `${what}: read bandwidth`,
    `${path}.readGBps`,
    tier.readGBps,
    'GB/s',
    () =>
      rec.put(
        `${prefix}.readGBps`,
        'storage',
        `${what}: read bandwidth`,
        def.read,
        'GB/s',
        docDefault(`${path}.readGBps`, TIER_DEFAULT_SOURCES.readGBps),
      ),
  );
  // Write bandwidth serves checkpoints: a training run's figure only.
  const writeGBps = !training
    ? (tier.writeGBps ?? def.write)
    : rec.field(
        `${prefix}.writeGBps`,
        'storage',
        `${what}: write bandwidth`,
        `${path}.writeGBps`,
        tier.writeGBps,
        'GB/s',
        () =>
          rec.put(
            `${prefix}.writeGBps`,
            'storage',
            `${what}: write bandwidth`,
            def.write,
            'GB/s',
            docDefault(`${path}.writeGBps`, TIER_DEFAULT_SOURCES.writeGBps),
          ),
      );
  const capacityTB = rec.field(
    `${prefix}.capacityTB`,
    'storage',
    `${what}: capacity`,
    `${path}.capacityTB`,
    tier.capacityTB,
    'TB',
    () =>
      rec.put(
        `${prefix}.capacityTB`,
        'storage',
        `${what}: capacity`,
        DEFAULT_TIER_CAPACITY_TB,
        'TB',
        docDefault(`${path}.capacityTB`, TIER_DEFAULT_SOURCES.capacityTB),
      ),
  );
  const sys = storageSystemFor(tier, catalog);
  const bought = buyTier(sys, capacityTB, readGBps, fx);
  const rule = `rack units of ${isUserItem(catalog, 'storageSystem', sys.id) ? 'user' : 'catalog'} storage system "${sys.id}" for the capacity and the read bandwidth, the larger`;
  const powerW = rec.field(
    `${prefix}.powerW`,
    'storage',
    `${what}: power`,
    `${path}.powerW`,
    tier.powerW,
    'W',
    () =>
      rec.put(
        `${prefix}.powerW`,
        'storage',
        `${what}: power`,
        bought.powerW,
        'W',
        derivedFrom(rule, [`${prefix}.capacityTB`, `${prefix}.readGBps`]),
      ),
  );
  const price = rec.field(
    `${prefix}.price`,
    'storage',
    `${what}: price`,
    `${path}.priceUsd`,
    tier.priceUsd,
    '¤',
    () =>
      rec.put(
        `${prefix}.price`,
        'storage',
        `${what}: price`,
        bought.price,
        '¤',
        derivedFrom(rule, [`${prefix}.capacityTB`, `${prefix}.readGBps`]),
      ),
  );
  return {
    readGBps,
    writeGBps,
    capacityTB,
    rackUnits: rec.put(
      `${prefix}.rackUnits`,
      'storage',
      `${what}: rack units`,
      bought.rackUnits,
      'U',
      derivedFrom(rule, [`${prefix}.capacityTB`, `${prefix}.readGBps`]),
    ),
    powerW,
    price,
  };
}

type StorageKey = {
  readonly catalog: Catalog;
  readonly nodes: number;
  readonly fx: number;
  readonly cacheDrivePrice: number;
  readonly training: boolean;
  readonly value: ResolvedStorage;
};
/** `storageNumbersFor`'s memo: per storage section, a short list for the other inputs. */
const storageMemo = new WeakMap<object, StorageKey[]>();

/**
 * `resolveStorage` resolved numbers only (nothing recorded), memoised by its inputs: the
 * hardware of one storage section resolved for several coolings (a design search) shares it.
 */
function storageNumbersFor(
  rec: Recorder,
  st: StorageSection,
  catalog: Catalog,
  nodes: number,
  fx: number,
  cacheDrivePrice: number,
  training: boolean,
): ResolvedStorage {
  const stored = storageMemo.get(st) ?? [];
  for (let k = stored.length - 1; k >= 0; k--) {
    const e = stored[k] as StorageKey;
    if (
      e.catalog === catalog &&
      e.nodes === nodes &&
      Object.is(e.fx, fx) &&
      Object.is(e.cacheDrivePrice, cacheDrivePrice) &&
      e.training === training
    )
      return e.value;
  }
  const drives = st.nodeCache.drivesPerNode;
  const value = resolveStorage(rec, st, catalog, nodes, fx, drives, cacheDrivePrice, training);
  remember(storageMemo, st, { catalog, nodes, fx, cacheDrivePrice, training, value });
  return value;
}

function resolveStorage(
  rec: Recorder,
  st: StorageSection,
  catalog: Catalog,
  nodes: number,
  fx: number,
  cacheDrivesPerNode: number,
  cacheDrivePrice: number,
  training: boolean,
): ResolvedStorage {
  const dataTier = resolveTier(
    rec,
    'storage.dataTier',
    'cluster.storage.dataTier',
    st.dataTier,
    catalog,
    nodes,
    fx,
    training,
  );
  const checkpointTier =
    st.checkpointTier === null
      ? null
      : resolveTier(
          rec,
          'storage.checkpointTier',
          'cluster.storage.checkpointTier',
          st.checkpointTier,
          catalog,
          nodes,
          fx,
          training,
        );
  // The data pipeline and its cache failures are a training run's (serving reads no dataset).
  const afr = training
    ? rec.field(
        'storage.cacheDriveAfr',
        'storage',
        'Cache drive failures per drive-year',
        'cluster.storage.nodeCache.driveAfrPerYear',
        st.nodeCache.driveAfrPerYear,
        '1/yr',
      )
    : st.nodeCache.driveAfrPerYear;
  const filled = (t: StorageTier, r: ResolvedTier): StorageTier => ({
    ...t,
    readGBps: r.readGBps,
    writeGBps: r.writeGBps,
    capacityTB: r.capacityTB,
    powerW: r.powerW,
    priceUsd: r.price,
  });
  const section: StorageSection = {
    ...st,
    nodeCache: { ...st.nodeCache, drivePriceUsd: cacheDrivePrice },
    dataTier: filled(st.dataTier, dataTier),
    checkpointTier:
      st.checkpointTier === null || checkpointTier === null
        ? null
        : filled(st.checkpointTier, checkpointTier),
  };
  return {
    section,
    dataTier,
    checkpointTier,
    cacheDrivesPerNode: training
      ? rec.field(
          'storage.cacheDrivesPerNode',
          'storage',
          'Cache drives per node',
          'cluster.storage.nodeCache.drivesPerNode',
          cacheDrivesPerNode,
          '',
        )
      : cacheDrivesPerNode,
    cacheDriveAfr: afr,
  };
}

function resolveFinance(
  rec: Recorder,
  s: Scenario,
  catalog: Catalog,
  fx: number,
  acceleratorId: string,
): ResolvedFinance {
  const f = s.finance;
  const F = (key: keyof typeof f & string, label: string, unit: string): number =>
    rec.field(`finance.${key}`, 'finance', label, `finance.${key}`, f[key] as number, unit);
  const horizonYears = F('horizonYears', 'Horizon', 'years');
  const discountRate = F('discountRate', 'Discount rate per year', '');
  rec.put(
    'finance.npvConvention',
    'finance',
    'Discounting',
    f.npvConvention,
    '',
    scenarioProv('finance.npvConvention'),
  );
  const bookLifeYears = F('bookLifeYears', 'Book life of the IT hardware', 'years');
  const economicLifeYears = F('economicLifeYears', 'Economic life of the IT hardware', 'years');
  const residualValueFraction = F(
    'residualValueFraction',
    'Resale value at the horizon (share of IT capex)',
    '',
  );
  const maintenanceFractionPerYear = F(
    'maintenanceFractionPerYear',
    'Hardware support per year (share of hardware capex)',
    '',
  );
  const installationFraction = F(
    'installationFraction',
    'Installation (share of hardware capex)',
    '',
  );
  const usdDefault = (key: string, label: string, path: string, usd: number, unit: string) => () =>
    rec.put(
      key,
      'finance',
      label,
      usd * fx,
      unit,
      fromDefault(path, DEFAULT_SOURCES[path] as DefaultSource),
    );
  const rackInfraPerRack = rec.field(
    'finance.rackInfraPerRack',
    'finance',
    'Rack infrastructure per rack',
    'finance.rackInfraUsdPerRack',
    f.rackInfraUsdPerRack,
    '¤/rack',
    usdDefault(
      'finance.rackInfraPerRack',
      'Rack infrastructure per rack',
      'finance.rackInfraUsdPerRack',
      RACK_INFRA_USD,
      '¤/rack',
    ),
  );
  const staffFte = F('staffFte', 'Operations staff', 'FTE');
  const staffPerFteYear = rec.field(
    'finance.staffPerFteYear',
    'finance',
    'Cost of one FTE per year',
    'finance.staffUsdPerFteYear',
    f.staffUsdPerFteYear,
    '¤/FTE-yr',
    usdDefault(
      'finance.staffPerFteYear',
      'Cost of one FTE per year',
      'finance.staffUsdPerFteYear',
      STAFF_USD_PER_FTE_YEAR,
      '¤/FTE-yr',
    ),
  );
  const softwarePerGpuYear = rec.field(
    'finance.softwarePerGpuYear',
    'finance',
    'Software per GPU per year',
    'finance.softwareUsdPerGpuYear',
    f.softwareUsdPerGpuYear,
    '¤/GPU-yr',
  );
  const softwarePerYear = rec.field(
    'finance.softwarePerYear',
    'finance',
    'Other software per year',
    'finance.softwareUsdPerYear',
    f.softwareUsdPerYear,
    '¤/yr',
  );
  const utilization = F('utilization', 'Utilisation (share of calendar GPU-hours used)', '');
  let cloudPerGpuHour: number | null = null;
  if (f.cloudUsdPerGpuHour !== undefined) {
    cloudPerGpuHour = rec.put(
      'finance.cloudPerGpuHour',
      'finance',
      'Cloud rental per GPU-hour',
      f.cloudUsdPerGpuHour,
      '¤/GPU-h',
      fromScenario('finance.cloudUsdPerGpuHour'),
    );
  } else {
    const id = f.cloudPriceId ?? defaultCloudPriceByAccelerator[acceleratorId];
    const item =
      id !== undefined
        ? f.cloudPriceId !== undefined
          ? getItem(catalog, 'cloudPrice', id)
          : findItem(catalog, 'cloudPrice', id)
        : listItems(catalog, 'cloudPrice').find((c) => c.acceleratorId === acceleratorId);
    if (item) {
      cloudPerGpuHour = rec.cat(
        'finance.cloudPerGpuHour',
        'finance',
        `Cloud rental per GPU-hour (${item.name})`,
        'cloudPrice',
        item.id,
        'usdPerGpuHour',
        item.usdPerGpuHour,
        '¤/GPU-h',
        fx,
      );
    }
  }
  const cloudGoodput =
    f.cloudGoodput === null
      ? null
      : F('cloudGoodput', 'Cloud goodput (share of rented GPU-hours doing useful work)', '');
  const cloudSupportUpliftFraction = F(
    'cloudSupportUpliftFraction',
    'Cloud support uplift (share of the rent)',
    '',
  );
  const deploymentPhases = F('deploymentPhases', 'Deployment in yearly tranches', 'tranches');
  return {
    fxPerUsd: fx,
    horizonYears,
    discountRate,
    npvConvention: f.npvConvention,
    bookLifeYears,
    economicLifeYears,
    residualValueFraction,
    maintenanceFractionPerYear,
    installationFraction,
    rackInfraPerRack,
    staffFte,
    staffPerFteYear,
    softwarePerGpuYear,
    softwarePerYear,
    utilization,
    cloudPerGpuHour,
    cloudGoodput,
    cloudSupportUpliftFraction,
    deploymentPhases,
  };
}
