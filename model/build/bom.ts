import { getItem, listItems } from '../catalog';
import type {
  Catalog,
  CatalogNic,
  CatalogSwitch,
  CatalogSystem,
  CatalogTransceiver,
} from '../catalog';
import { sizeClusterNetwork, sizeComputeFabric, sizeFabric } from '../fabric';
import type { ClusterNetworkBom, FabricInput, ModuleParts, SwitchParts } from '../fabric';

/**
 * The parts a build's networks are made of, chosen for the scenario's scale-out speed, and the
 * cluster bill of materials sized from them (model/fabric: fat trees for the compute and storage
 * fabrics, management networks). Counting rules follow the NVIDIA DGX SuperPOD H100 reference
 * architecture's bill of materials (see model/fabric/network.ts).
 *
 * Choices, each from the catalog by rule (the rule is what the report states):
 * - scale-out NIC: the system's stock scale-out NIC when its line rate carries the node's share
 *   of `gbpsPerGpu`; else the slowest single-port catalog NIC that does; else the fastest, as
 *   many per node as the bandwidth needs;
 * - compute switch: of the fabric's kind (InfiniBand, or Ethernet for RoCE and TCP), the one
 *   with the slowest port at or above the link rate (ties: most ports, then catalog order);
 * - optics: on the switch side, twin-port modules of the switch's port speed; on the node side,
 *   the stock module when its per-port rate carries the link, else the slowest catalog module
 *   that does (twin-port preferred, as on the stock systems).
 */

/** The scale-out NIC a node gets and how many. */
export type NicChoice = {
  readonly nic: CatalogNic;
  /** NICs per node (one link each). */
  readonly count: number;
  /** The system's stock scale-out NIC, when it has one (null: ports on the accelerator). */
  readonly stock: CatalogNic | null;
  readonly stockCount: number;
  /** The stock NIC kept (its line rate carries the requested bandwidth). */
  readonly isStock: boolean;
};

/** Single-port NICs of the catalog, slowest first (catalog order among equals). */
function singlePortNics(catalog: Catalog): CatalogNic[] {
  return listItems(catalog, 'nic')
    .filter((n) => n.ports === 1)
    .sort((a, b) => a.gbps.value - b.gbps.value);
}

/**
 * The system's stock scale-out NIC: its first NIC entry when that entry has one NIC per
 * scale-out port at the system's scale-out rate (the catalog's convention); null when the
 * scale-out ports sit on the accelerator (Gaudi) or the system has none.
 */
export function stockScaleOutNic(
  system: CatalogSystem,
  catalog: Catalog,
): { nic: CatalogNic; count: number } | null {
  const first = system.nics[0];
  if (!first || system.scaleOutPorts === 0) return null;
  const nic = getItem(catalog, 'nic', first.id);
  if (first.count !== system.scaleOutPorts) return null;
  if (nic.gbps.value * nic.ports < system.scaleOutGbps) return null;
  return { nic, count: first.count };
}

/**
 * Choose the scale-out NIC for `gbpsPerGpu` on this system (see the module comment).
 * @param gbpsPerGpu - scale-out bandwidth per GPU, Gb/s
 */
export function chooseScaleOutNic(
  system: CatalogSystem,
  gbpsPerGpu: number,
  catalog: Catalog,
): NicChoice {
  const stock = stockScaleOutNic(system, catalog);
  const ports = Math.max(1, system.scaleOutPorts);
  const perPort = (gbpsPerGpu * system.gpusPerNode) / ports;
  if (stock && stock.nic.gbps.value >= perPort - 1e-9) {
    return {
      nic: stock.nic,
      count: stock.count,
      stock: stock.nic,
      stockCount: stock.count,
      isStock: true,
    };
  }
  const nics = singlePortNics(catalog);
  const fit = nics.find((n) => n.gbps.value >= perPort - 1e-9);
  if (fit) {
    return {
      nic: fit,
      count: ports,
      stock: stock?.nic ?? null,
      stockCount: stock?.count ?? 0,
      isStock: false,
    };
  }
  const fastest = nics[nics.length - 1];
  if (!fastest) throw new Error('catalog: no single-port NIC to carry the scale-out fabric');
  return {
    nic: fastest,
    count: Math.ceil((gbpsPerGpu * system.gpusPerNode) / fastest.gbps.value - 1e-9),
    stock: stock?.nic ?? null,
    stockCount: stock?.count ?? 0,
    isStock: false,
  };
}

/** Compute switches of a fabric kind (InfiniBand, or Ethernet for RoCE and TCP). */
function computeSwitches(
  fabric: 'infiniband' | 'roce' | 'ethernet',
  catalog: Catalog,
): CatalogSwitch[] {
  const kind = fabric === 'infiniband' ? 'infiniband' : 'ethernet';
  const all = listItems(catalog, 'switch').filter((s) => s.role === 'compute' && s.fabric === kind);
  if (all.length === 0) throw new Error(`catalog: no ${kind} compute switch`);
  return all;
}

/**
 * The switch with the slowest port at or above the link rate (ties: most ports, then catalog
 * order); the fastest when none is fast enough (links then run at its port speed).
 */
export function chooseComputeSwitch(
  fabric: 'infiniband' | 'roce' | 'ethernet',
  linkGbps: number,
  catalog: Catalog,
): CatalogSwitch {
  const all = computeSwitches(fabric, catalog);
  let best: CatalogSwitch | undefined;
  for (const s of all) {
    if (s.portGbps.value < linkGbps - 1e-9) continue;
    if (
      !best ||
      s.portGbps.value < best.portGbps.value ||
      (s.portGbps.value === best.portGbps.value && s.radix.value > best.radix.value)
    )
      best = s;
  }
  if (best) return best;
  let fastest = all[0] as CatalogSwitch;
  for (const s of all) if (s.portGbps.value > fastest.portGbps.value) fastest = s;
  return fastest;
}

/**
 * Sizings already worked out, per catalog object and input key. The fat trees are pure
 * functions of a few numbers and catalog ids, and a design search asks for the same ones for
 * every storage, cooling and region choice of a build (400 fabrics in the 1,000,000-build
 * search); a catalog is never changed in place (an edit makes a new object), so its identity
 * keys the cache. Each map is cleared when it grows past `MEMO_LIMIT` entries.
 */
const MEMO_LIMIT = 4096;
const memo = new WeakMap<Catalog, Map<string, unknown>>();

function memoized<T>(catalog: Catalog, key: string, make: () => T): T {
  let m = memo.get(catalog);
  if (m === undefined) {
    m = new Map();
    memo.set(catalog, m);
  }
  const hit = m.get(key);
  if (hit !== undefined) return hit as T;
  const v = make();
  if (m.size >= MEMO_LIMIT) m.clear();
  m.set(key, v);
  return v;
}

/** The fields of a bill-of-materials input that decide the compute fabric. */
function fabricKey(i: Omit<BomInput, 'computeSwitch'>): string {
  return `${i.fabric}|${i.linkGbps}|${i.nodes}|${i.system.fabricHostsPerNode ?? 1}|${i.railsPerHost}|${i.tiers}|${i.oversubscription}|${i.railOptimized ? 1 : 0}|${i.nodeModule.id}|${i.fxPerUsd}`;
}

/**
 * The compute switch that gives the cheapest compute fabric for the build: among the catalog
 * switches of the fabric kind whose ports carry the link rate, the one whose fat tree (switches,
 * optics, cables at the stated tiers and oversubscription) costs least; ties go to the slowest
 * port, then the most ports. A faster link can only narrow the choice, so a faster fabric never
 * costs less. A one-node build has no fabric: the slowest adequate switch is named.
 */
export function cheapestComputeSwitch(
  i: Omit<BomInput, 'computeSwitch'>,
  catalog: Catalog,
): CatalogSwitch {
  return memoized(catalog, `switch|${fabricKey(i)}`, () => findCheapestComputeSwitch(i, catalog));
}

function findCheapestComputeSwitch(
  i: Omit<BomInput, 'computeSwitch'>,
  catalog: Catalog,
): CatalogSwitch {
  const fallback = chooseComputeSwitch(i.fabric, i.linkGbps, catalog);
  const hosts = i.system.fabricHostsPerNode ?? 1;
  if (i.nodes * hosts <= 1) return fallback;
  const fx = i.fxPerUsd;
  const fiber = getItem(catalog, 'cable', 'fiber-mpo');
  let best: { sw: CatalogSwitch; price: number } | null = null;
  // When no switch fits the stated tiers, the refusal of the largest radix (the one that came
  // closest) is the one reported: the first one tried understated what the fabric can hold.
  let refusal: { radix: number; error: unknown } | null = null;
  for (const sw of computeSwitches(i.fabric, catalog)) {
    if (sw.portGbps.value < i.linkGbps - 1e-9) continue;
    let price: number;
    try {
      price = sizeFabric({
        nodes: i.nodes * hosts,
        railsPerNode: i.railsPerHost,
        radix: sw.radix.value,
        tiers: i.tiers,
        oversubscription: i.oversubscription,
        railOptimized: i.railOptimized,
        switchParts: switchParts(sw, fx),
        switchModule: moduleParts(chooseModule(sw.portGbps.value, catalog), fx),
        nodeModule: moduleParts(i.nodeModule, fx),
        cable: { powerW: fiber.powerW.value, priceUsd: fiber.priceUsd.value * fx },
      }).priceUsd;
    } catch (e) {
      if (refusal === null || sw.radix.value > refusal.radix) {
        refusal = { radix: sw.radix.value, error: e };
      }
      continue;
    }
    if (
      best === null ||
      price < best.price - 1e-6 ||
      (Math.abs(price - best.price) <= 1e-6 &&
        (sw.portGbps.value < best.sw.portGbps.value ||
          (sw.portGbps.value === best.sw.portGbps.value && sw.radix.value > best.sw.radix.value)))
    )
      best = { sw, price };
  }
  if (best) return best.sw;
  if (refusal !== null) throw refusal.error;
  return fallback;
}

/** Per-port rate of a module (twin-port modules carry two ports). */
function perPortGbps(t: CatalogTransceiver): number {
  return t.gbps.value / t.portsPerModule;
}

/** The module carrying `portGbps` per port: twin-port first, then the slowest that fits. */
export function chooseModule(
  portGbps: number,
  catalog: Catalog,
  preferred: CatalogTransceiver | null = null,
): CatalogTransceiver {
  if (preferred && perPortGbps(preferred) >= portGbps - 1e-9) return preferred;
  const all = listItems(catalog, 'transceiver');
  let best: CatalogTransceiver | undefined;
  for (const t of all) {
    if (perPortGbps(t) < portGbps - 1e-9) continue;
    if (
      !best ||
      perPortGbps(t) < perPortGbps(best) ||
      (perPortGbps(t) === perPortGbps(best) && t.portsPerModule > best.portsPerModule)
    )
      best = t;
  }
  if (best) return best;
  let fastest: CatalogTransceiver | undefined;
  for (const t of all) if (!fastest || perPortGbps(t) > perPortGbps(fastest)) fastest = t;
  if (!fastest) throw new Error('catalog: no transceiver');
  return fastest;
}

function switchParts(s: CatalogSwitch, fx: number): SwitchParts {
  return {
    radix: s.radix.value,
    typicalPowerW: s.typicalPowerW.value,
    priceUsd: s.priceUsd.value * fx,
    heightU: s.heightU.value,
  };
}

function moduleParts(t: CatalogTransceiver, fx: number): ModuleParts {
  return {
    portsPerModule: t.portsPerModule,
    powerW: t.powerW.value,
    priceUsd: t.priceUsd.value * fx,
  };
}

/** What the cluster bill of materials is sized from (plain numbers and catalog items). */
export type BomInput = {
  readonly system: CatalogSystem;
  readonly nodes: number;
  readonly gpus: number;
  readonly fabric: 'infiniband' | 'roce' | 'ethernet';
  /** Scale-out links per fabric host and their line rate. */
  readonly railsPerHost: number;
  readonly linkGbps: number;
  readonly computeSwitch: CatalogSwitch;
  readonly nodeModule: CatalogTransceiver;
  readonly tiers: 1 | 2 | 3 | 'auto';
  readonly oversubscription: number;
  readonly railOptimized: boolean;
  /** Storage servers' rack units (2 U each) on the storage fabric. */
  readonly storageRackUnits: number;
  /** Units of the build's currency per USD (catalog prices are USD). */
  readonly fxPerUsd: number;
};

/**
 * Size the compute, storage and management networks of a build.
 * @returns counts, power (W) and price (in the build's currency) of every network
 */
export function clusterBillOfMaterials(i: BomInput, catalog: Catalog): ClusterNetworkBom {
  return memoized(
    catalog,
    `bom|${fabricKey(i)}|${i.computeSwitch.id}|${i.system.storagePorts}|${i.storageRackUnits}`,
    () => sizeBillOfMaterials(i, catalog),
  );
}

function sizeBillOfMaterials(i: BomInput, catalog: Catalog): ClusterNetworkBom {
  const fx = i.fxPerUsd;
  const fiber = getItem(catalog, 'cable', 'fiber-mpo');
  const dac = getItem(catalog, 'cable', 'dac');
  const cable = { powerW: fiber.powerW.value, priceUsd: fiber.priceUsd.value * fx };
  const copper = { powerW: dac.powerW.value, priceUsd: dac.priceUsd.value * fx };
  const swModule = chooseModule(i.computeSwitch.portGbps.value, catalog);
  const hosts = i.system.fabricHostsPerNode ?? 1;
  const compute: FabricInput = {
    nodes: i.nodes * hosts,
    railsPerNode: i.railsPerHost,
    radix: i.computeSwitch.radix.value,
    tiers: i.tiers,
    oversubscription: i.oversubscription,
    railOptimized: i.railOptimized,
    switchParts: switchParts(i.computeSwitch, fx),
    switchModule: moduleParts(swModule, fx),
    nodeModule: moduleParts(i.nodeModule, fx),
    cable,
  };
  const storageServers = Math.ceil(i.storageRackUnits / 2);
  const storageSwitch = chooseComputeSwitch(i.fabric, 400, catalog);
  const storage: FabricInput | null =
    i.storageRackUnits > 0 && i.system.storagePorts > 0
      ? {
          nodes: i.nodes * i.system.storagePorts + storageServers * 2,
          railsPerNode: 1,
          radix: storageSwitch.radix.value,
          tiers: 'auto',
          oversubscription: 1,
          railOptimized: false,
          switchParts: switchParts(storageSwitch, fx),
          switchModule: moduleParts(chooseModule(storageSwitch.portGbps.value, catalog), fx),
          nodeModule: null,
          cable,
        }
      : null;
  const oob = switchParts(getItem(catalog, 'switch', 'sn2201'), fx);
  const inband = switchParts(getItem(catalog, 'switch', 'sn4600c'), fx);
  // The compute fabric does not depend on the storage servers: sized once per fabric and
  // switch (the storage variants of a build share it).
  const computeBom = memoized(catalog, `compute|${fabricKey(i)}|${i.computeSwitch.id}`, () =>
    sizeComputeFabric(compute),
  );
  // The storage fabric depends on its hosts, the fabric kind and the prices only: sized once per
  // storage network (the line-rate variants of a build and both passes below share it).
  const storageBom =
    storage === null
      ? null
      : memoized(catalog, `storage|${i.fabric}|${storage.nodes}|${fx}`, () => sizeFabric(storage));
  const pre = sizeClusterNetwork(
    { compute, storage, management: { devices: 1, nodes: i.nodes, oob, inband, cable: copper } },
    computeBom,
    storageBom,
  );
  const devices = i.nodes + storageServers + pre.compute.switches + (pre.storage?.switches ?? 0);
  return sizeClusterNetwork(
    { compute, storage, management: { devices, nodes: i.nodes, oob, inband, cable: copper } },
    computeBom,
    storageBom,
  );
}
