/**
 * Fat-tree (folded Clos) sizing. Method: Al-Fares, Loukissas & Vahdat, "A Scalable, Commodity
 * Data Center Network Architecture" (SIGCOMM 2008): with switch radix k, a non-blocking 2-tier
 * tree connects k²/2 endpoints with k leaves + k/2 spines, a 3-tier tree k³/4 endpoints with
 * 5k²/4 switches. Rail-optimized variant (NVIDIA DGX SuperPOD RA): NIC i of every node goes to
 * a leaf of rail i, so leaves are counted per rail. Oversubscription o (down:up at the leaf)
 * gives each leaf ⌊k·o/(1+o)⌋ down ports and the rest up. Tiers above the leaf are
 * non-blocking.
 */
import { formatGroupedInteger } from '../math';

export type FatTreeInput = {
  /** Nodes attached to the fabric. */
  readonly nodes: number;
  /** Fabric ports per node (rails); endpoints = nodes × railsPerNode. */
  readonly railsPerNode: number;
  /** Switch ports at the link speed. */
  readonly radix: number;
  /** Switch tiers; 'auto' picks the fewest that hold the endpoints. */
  readonly tiers: 1 | 2 | 3 | 'auto';
  /** Leaf down:up port ratio, ≥ 1 (1 = non-blocking). */
  readonly oversubscription: number;
  /** Rail-optimized leaves (one leaf group per rail) or plain (any port on any leaf). */
  readonly railOptimized: boolean;
};

export type FatTreeSizing = {
  readonly tiers: 1 | 2 | 3;
  readonly endpoints: number;
  readonly leafSwitches: number;
  readonly spineSwitches: number;
  readonly coreSwitches: number;
  readonly switches: number;
  /** Node-to-leaf links. */
  readonly hostLinks: number;
  /** Leaf-to-spine (aggregation) links. */
  readonly leafSpineLinks: number;
  /** Spine-to-core links (3 tiers). */
  readonly spineCoreLinks: number;
  readonly links: number;
  /** Ports in use on each switch of a tier (for optics counts): leaf, spine, core. */
  readonly portsPerLeaf: number;
  readonly portsPerSpine: number;
  readonly portsPerCore: number;
  /** Most endpoints this many tiers can hold at this radix and oversubscription. */
  readonly maxEndpoints: number;
};

/** Endpoints of a non-blocking 2-tier fat tree of radix k: k²/2. */
export function twoTierMaxEndpoints(radix: number): number {
  return (radix * radix) / 2;
}

/** Endpoints of a non-blocking 3-tier fat tree of radix k: k³/4. */
export function threeTierMaxEndpoints(radix: number): number {
  return (radix * radix * radix) / 4;
}

/** The scenario field a fat tree that cannot hold its endpoints at the stated tiers names. */
const TIERS_FIELD = 'cluster.network.scaleOut.fatTreeTiers:';

/** A count as the messages print it ("16,384"). */
const n = formatGroupedInteger;

function check(cond: boolean, field: string, msg: string): void {
  if (!cond) throw new Error(`${field} ${msg}`);
}

/** Leaf down ports for radix k and oversubscription o: ⌊k·o/(1+o)⌋ (k/2 when o = 1). */
export function leafDownPorts(radix: number, oversubscription: number): number {
  return Math.floor((radix * oversubscription) / (1 + oversubscription) + 1e-9);
}

/**
 * Size a fat tree.
 * @param input - nodes, rails per node, radix, tiers, oversubscription, rail optimisation
 * @returns switch and link counts per tier
 * @throws naming the field when an input is out of range or the endpoints do not fit the tiers
 */
export function sizeFatTree(input: FatTreeInput): FatTreeSizing {
  const { nodes, railsPerNode, radix, oversubscription: o, railOptimized } = input;
  check(Number.isInteger(nodes) && nodes >= 1, 'nodes', `must be an integer >= 1 (got ${nodes})`);
  check(
    Number.isInteger(railsPerNode) && railsPerNode >= 1,
    'railsPerNode',
    `must be an integer >= 1 (got ${railsPerNode})`,
  );
  check(
    Number.isInteger(radix) && radix >= 4 && radix % 2 === 0,
    'radix',
    `must be an even integer >= 4 (got ${radix})`,
  );
  check(
    Number.isFinite(o) && o >= 1 && o <= 64,
    'oversubscription',
    `must be a number from 1 to 64 (got ${o})`,
  );
  const endpoints = nodes * railsPerNode;
  const k = radix;
  const d = leafDownPorts(k, o);
  const u = k - d;
  const half = k / 2;

  // Leaves: per rail when rail-optimized (each rail's nodes share leaves of that rail).
  const leavesPerRail = Math.ceil(nodes / d);
  const leaves = railOptimized ? railsPerNode * leavesPerRail : Math.ceil(endpoints / d);
  const max2 = k * d; // leaves ≤ k (each spine reaches every leaf)
  const max3 = k * half * d; // k pods of k/2 leaves

  let tiers: 1 | 2 | 3;
  const fitsOne = railOptimized ? nodes <= k : endpoints <= k;
  if (input.tiers === 'auto') {
    // One switch only when every endpoint fits on a single switch; rail-optimized rails
    // need a spine to join them (a 1-tier "rail-only" network must be asked for explicitly).
    tiers = endpoints <= k ? 1 : leaves <= k ? 2 : 3;
  } else {
    tiers = input.tiers;
  }
  if (tiers === 1) {
    check(
      fitsOne,
      TIERS_FIELD,
      `one switch tier holds at most ${k} ${railOptimized ? 'nodes (one switch per rail)' : 'endpoints'} with radix-${k} switches; ${railOptimized ? `${n(nodes)} nodes` : `${n(endpoints)} endpoints`} need 2 tiers or more (or auto)`,
    );
    const sw = railOptimized && endpoints > k ? railsPerNode : 1;
    return {
      tiers,
      endpoints,
      leafSwitches: sw,
      spineSwitches: 0,
      coreSwitches: 0,
      switches: sw,
      hostLinks: endpoints,
      leafSpineLinks: 0,
      spineCoreLinks: 0,
      links: endpoints,
      portsPerLeaf: Math.ceil(endpoints / sw),
      portsPerSpine: 0,
      portsPerCore: 0,
      maxEndpoints: sw * k,
    };
  }
  const downUsedPerLeaf = Math.ceil(endpoints / leaves);
  const upPerLeaf = Math.min(u, Math.ceil(downUsedPerLeaf / o));
  const leafUplinks = leaves * upPerLeaf;
  if (tiers === 2) {
    check(
      leaves <= k,
      TIERS_FIELD,
      `2 tiers hold at most ${n(max2)} endpoints (${k} leaves) with radix-${k} switches at ${o}:1; ${n(endpoints)} endpoints need ${n(leaves)} leaves: use 3 tiers (or auto)`,
    );
    const spines = Math.ceil(leafUplinks / k);
    return {
      tiers,
      endpoints,
      leafSwitches: leaves,
      spineSwitches: spines,
      coreSwitches: 0,
      switches: leaves + spines,
      hostLinks: endpoints,
      leafSpineLinks: leafUplinks,
      spineCoreLinks: 0,
      links: endpoints + leafUplinks,
      portsPerLeaf: downUsedPerLeaf + upPerLeaf,
      portsPerSpine: Math.ceil(leafUplinks / spines),
      portsPerCore: 0,
      maxEndpoints: max2,
    };
  }
  // 3 tiers: pods of at most k/2 leaves; aggregation switches with k/2 down + k/2 up.
  const pods = Math.ceil(leaves / half);
  check(
    pods <= k,
    'cluster.compute.gpus:',
    `a 3-tier fat tree of radix-${k} switches at ${o}:1 holds at most ${n(max3)} endpoints; ${n(endpoints)} endpoints need ${n(pods)} pods: use fewer GPUs in one fabric, more oversubscription or a switch of higher radix`,
  );
  const fullPods = Math.floor(leaves / half);
  const rest = leaves - fullPods * half;
  const aggPerFullPod = Math.ceil((half * upPerLeaf) / half);
  const aggs = fullPods * aggPerFullPod + (rest > 0 ? Math.ceil((rest * upPerLeaf) / half) : 0);
  const aggUplinks = leafUplinks; // non-blocking above the leaf
  const cores = Math.ceil(aggUplinks / k);
  return {
    tiers,
    endpoints,
    leafSwitches: leaves,
    spineSwitches: aggs,
    coreSwitches: cores,
    switches: leaves + aggs + cores,
    hostLinks: endpoints,
    leafSpineLinks: leafUplinks,
    spineCoreLinks: aggUplinks,
    links: endpoints + leafUplinks + aggUplinks,
    portsPerLeaf: downUsedPerLeaf + upPerLeaf,
    portsPerSpine: 2 * Math.ceil(leafUplinks / aggs),
    portsPerCore: Math.ceil(aggUplinks / cores),
    maxEndpoints: max3,
  };
}
