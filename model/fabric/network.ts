import { sizeFatTree } from './fatTree';
import type { FatTreeInput, FatTreeSizing } from './fatTree';

/**
 * Bill of materials of a cluster's networks: the compute (scale-out) fat tree, a separate
 * storage fabric, and the management networks (in-band Ethernet and out-of-band 1GbE), with
 * switch, transceiver and cable counts, power and price. Counting rules follow the NVIDIA DGX
 * SuperPOD H100 RA bill of materials: one cable per link, optics on both ends of every optical
 * link, twin-port modules carry two switch ports each and a switch's cages are populated per
 * switch (⌈ports used / ports per module⌉). Node-side modules are counted and priced here but
 * their power is part of the node's power (power model), not of the network.
 */

/** A switch model as the sizing needs it (plain numbers, from the catalog). */
export type SwitchParts = {
  readonly radix: number;
  readonly typicalPowerW: number;
  readonly priceUsd: number;
  readonly heightU: number;
};

/** A transceiver model (`portsPerModule` = 2 for a twin-port OSFP). */
export type ModuleParts = {
  readonly portsPerModule: number;
  readonly powerW: number;
  readonly priceUsd: number;
};

/** A cable (one per link). */
export type CableParts = { readonly powerW: number; readonly priceUsd: number };

/** One fat-tree fabric with its parts. */
export type FabricBom = FatTreeSizing & {
  readonly switchTransceivers: number;
  readonly nodeTransceivers: number;
  readonly transceivers: number;
  readonly cables: number;
  /** Switches + switch-side optics + cables, W (node-side optics are in node power). */
  readonly powerW: number;
  readonly switchPowerW: number;
  readonly opticsPowerW: number;
  /** Switches + all optics + cables, USD. */
  readonly priceUsd: number;
  readonly rackUnits: number;
};

export type FabricInput = FatTreeInput & {
  readonly switchParts: SwitchParts;
  readonly switchModule: ModuleParts;
  /** Node-side module; `null` when node ports use copper (no module). */
  readonly nodeModule: ModuleParts | null;
  readonly cable: CableParts;
};

/**
 * Size one fabric and count its parts.
 * @returns counts, power (W) and price (USD)
 */
export function sizeFabric(input: FabricInput): FabricBom {
  const tree = sizeFatTree(input);
  const sw = input.switchParts;
  const ptx = input.switchModule.portsPerModule;
  const switchTransceivers =
    tree.leafSwitches * Math.ceil(tree.portsPerLeaf / ptx) +
    tree.spineSwitches * Math.ceil(tree.portsPerSpine / ptx) +
    tree.coreSwitches * Math.ceil(tree.portsPerCore / ptx);
  const nodeTransceivers = input.nodeModule
    ? input.nodes * Math.ceil(input.railsPerNode / input.nodeModule.portsPerModule)
    : 0;
  const cables = tree.links;
  const switchPowerW = tree.switches * sw.typicalPowerW;
  const opticsPowerW = switchTransceivers * input.switchModule.powerW + cables * input.cable.powerW;
  const priceUsd =
    tree.switches * sw.priceUsd +
    switchTransceivers * input.switchModule.priceUsd +
    nodeTransceivers * (input.nodeModule?.priceUsd ?? 0) +
    cables * input.cable.priceUsd;
  return {
    ...tree,
    switchTransceivers,
    nodeTransceivers,
    transceivers: switchTransceivers + nodeTransceivers,
    cables,
    powerW: switchPowerW + opticsPowerW,
    switchPowerW,
    opticsPowerW,
    priceUsd,
    rackUnits: tree.switches * sw.heightU,
  };
}

/** Management networks: out-of-band 1GbE for every device, in-band Ethernet per node. */
export type ManagementInput = {
  /** Devices with a BMC / management port (nodes, switches, storage servers). */
  readonly devices: number;
  readonly nodes: number;
  readonly oob: SwitchParts;
  readonly inband: SwitchParts;
  readonly cable: CableParts;
};

export type ManagementBom = {
  readonly oobSwitches: number;
  readonly inbandSwitches: number;
  readonly switches: number;
  readonly cables: number;
  readonly powerW: number;
  readonly priceUsd: number;
  readonly rackUnits: number;
};

/**
 * Management networks, sized simply: out-of-band leaves of `oob.radix` ports, one per
 * ⌈devices / radix⌉; in-band leaves keep 1/8 of their ports for uplinks and get one spine per
 * 64 uplinks when there is more than one leaf. Copper cables, no optics.
 */
export function sizeManagement(input: ManagementInput): ManagementBom {
  const oobSwitches = Math.ceil(input.devices / input.oob.radix);
  const inbandDown = input.inband.radix - Math.ceil(input.inband.radix / 8);
  const inbandLeaves = Math.ceil(input.nodes / inbandDown);
  const inbandSpines =
    inbandLeaves > 1
      ? Math.ceil((inbandLeaves * Math.ceil(input.inband.radix / 8)) / input.inband.radix)
      : 0;
  const inbandSwitches = inbandLeaves + inbandSpines;
  const cables = input.devices + input.nodes + inbandSpines * input.inband.radix;
  return {
    oobSwitches,
    inbandSwitches,
    switches: oobSwitches + inbandSwitches,
    cables,
    powerW:
      oobSwitches * input.oob.typicalPowerW +
      inbandSwitches * input.inband.typicalPowerW +
      cables * input.cable.powerW,
    priceUsd:
      oobSwitches * input.oob.priceUsd +
      inbandSwitches * input.inband.priceUsd +
      cables * input.cable.priceUsd,
    rackUnits: oobSwitches * input.oob.heightU + inbandSwitches * input.inband.heightU,
  };
}

export type ClusterNetworkInput = {
  readonly compute: FabricInput;
  /** Storage fabric (plain fat tree of the nodes' storage ports + storage servers), or null. */
  readonly storage: FabricInput | null;
  readonly management: ManagementInput;
};

export type ClusterNetworkBom = {
  readonly compute: FabricBom;
  readonly storage: FabricBom | null;
  readonly management: ManagementBom;
  readonly switches: number;
  readonly transceivers: number;
  readonly cables: number;
  readonly powerW: number;
  readonly priceUsd: number;
  readonly rackUnits: number;
};

/** A fabric with no parts (a single node: its GPUs talk over NVLink/PCIe inside the box). */
function emptyFabric(railsPerNode: number): FabricBom {
  return {
    tiers: 1,
    endpoints: railsPerNode,
    leafSwitches: 0,
    spineSwitches: 0,
    coreSwitches: 0,
    switches: 0,
    hostLinks: 0,
    leafSpineLinks: 0,
    spineCoreLinks: 0,
    links: 0,
    portsPerLeaf: 0,
    portsPerSpine: 0,
    portsPerCore: 0,
    maxEndpoints: 0,
    switchTransceivers: 0,
    nodeTransceivers: 0,
    transceivers: 0,
    cables: 0,
    powerW: 0,
    switchPowerW: 0,
    opticsPowerW: 0,
    priceUsd: 0,
    rackUnits: 0,
  };
}

/**
 * Size the compute (scale-out) fabric of a cluster network. A one-node build has none: there is
 * no other node to reach, so no switch, optic or cable is bought for it.
 */
export function sizeComputeFabric(input: FabricInput): FabricBom {
  return input.nodes <= 1 ? emptyFabric(input.railsPerNode) : sizeFabric(input);
}

/**
 * Size the compute, storage and management networks and total them. A one-node build has no
 * compute (scale-out) fabric: there is no other node to reach, so no switch, optic or cable is
 * bought for it (storage and management networks are still sized).
 * @param compute - the compute fabric sized for `input.compute` (`sizeComputeFabric`), when the
 *   caller has it (model/build sizes one compute fabric for every storage variant of a build)
 * @param storage - the storage fabric sized for `input.storage` (`sizeFabric`), when the caller
 *   has it (model/build sizes it once per storage network, whatever the compute fabric)
 */
export function sizeClusterNetwork(
  input: ClusterNetworkInput,
  compute: FabricBom = sizeComputeFabric(input.compute),
  storage: FabricBom | null = input.storage ? sizeFabric(input.storage) : null,
): ClusterNetworkBom {
  const management = sizeManagement(input.management);
  return {
    compute,
    storage,
    management,
    switches: compute.switches + (storage?.switches ?? 0) + management.switches,
    transceivers: compute.transceivers + (storage?.transceivers ?? 0),
    cables: compute.cables + (storage?.cables ?? 0) + management.cables,
    powerW: compute.powerW + (storage?.powerW ?? 0) + management.powerW,
    priceUsd: compute.priceUsd + (storage?.priceUsd ?? 0) + management.priceUsd,
    rackUnits: compute.rackUnits + (storage?.rackUnits ?? 0) + management.rackUnits,
  };
}
