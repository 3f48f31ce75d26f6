/**
 * Rack packing under a kW-per-rack limit and rack-unit space, and floor space. Nodes per rack
 * = min(⌊limit / node kW⌋, ⌊usable U / node U⌋) (the NVIDIA SuperPOD RA packs 4 DGX H100 =
 * 40.8 kW per rack this way); a rack-scale system is its own rack. Network and storage gear
 * go in their own racks, packed by U and kW the same way.
 */

export type RackInput = {
  readonly nodes: number;
  /** Power to provision per node, kW (nameplate, or bottom-up peak). */
  readonly nodeKw: number;
  readonly nodeHeightU: number;
  /** `rack`: the node is a whole rack (GB200 NVL72). */
  readonly nodeForm: 'server' | 'rack';
  readonly rackLimitKw: number;
  /** Usable rack units per rack (42 in a standard rack minus patching/PDU space). */
  readonly rackUnits: number;
  readonly networkRackUnits: number;
  readonly networkKw: number;
  readonly storageRackUnits: number;
  readonly storageKw: number;
  readonly floorM2PerRack: number;
};

export type RackWarning = { readonly code: string; readonly message: string };

export type RackPlan = {
  readonly nodesPerRack: number;
  readonly computeRacks: number;
  readonly networkRacks: number;
  readonly storageRacks: number;
  readonly racks: number;
  /** Power of the fullest compute rack, kW. */
  readonly rackPowerKw: number;
  /** Which constraint sets nodes per rack. */
  readonly limitedBy: 'power' | 'space' | 'rack-scale' | 'over-limit';
  readonly floorM2: number;
  readonly warnings: readonly RackWarning[];
};

function inRange(name: string, v: number, min: number, max: number): void {
  if (!Number.isFinite(v) || v < min || v > max) {
    throw new RangeError(`${name} must be a number from ${min} to ${max} (got ${String(v)})`);
  }
}

function gearRacks(units: number, kw: number, rackUnits: number, limitKw: number): number {
  if (units <= 0 && kw <= 0) return 0;
  return Math.max(Math.ceil(units / rackUnits), Math.ceil(kw / limitKw), 1);
}

/**
 * Pack nodes into racks.
 * @returns racks by kind, nodes per rack, the fullest rack's kW, floor m² and warnings
 */
export function packRacks(r: RackInput): RackPlan {
  inRange('nodes', r.nodes, 0, 1e7);
  inRange('nodeKw', r.nodeKw, 0, 1e4);
  inRange('nodeHeightU', r.nodeHeightU, 0, 100);
  inRange('rackLimitKw', r.rackLimitKw, 0.1, 1e4);
  inRange('rackUnits', r.rackUnits, 1, 100);
  inRange('floorM2PerRack', r.floorM2PerRack, 0, 100);
  const warnings: RackWarning[] = [];
  let nodesPerRack: number;
  let limitedBy: RackPlan['limitedBy'];
  if (r.nodeForm === 'rack') {
    nodesPerRack = 1;
    limitedBy = 'rack-scale';
    if (r.nodeKw > r.rackLimitKw) {
      limitedBy = 'over-limit';
      warnings.push({
        code: 'rack_over_limit',
        message: `one rack-scale system draws ${r.nodeKw.toFixed(1)} kW, above the ${r.rackLimitKw} kW rack limit`,
      });
    }
  } else {
    const byPower = Math.floor(r.rackLimitKw / r.nodeKw + 1e-9);
    const bySpace = Math.floor(r.rackUnits / r.nodeHeightU + 1e-9);
    if (bySpace < 1)
      throw new RangeError(
        `nodeHeightU (${r.nodeHeightU} U) does not fit in rackUnits (${r.rackUnits} U)`,
      );
    if (byPower < 1) {
      nodesPerRack = 1;
      limitedBy = 'over-limit';
      warnings.push({
        code: 'node_over_rack_limit',
        message: `one node draws ${r.nodeKw.toFixed(1)} kW, above the ${r.rackLimitKw} kW rack limit: racks will be over their limit`,
      });
    } else {
      nodesPerRack = Math.min(byPower, bySpace);
      limitedBy = byPower <= bySpace ? 'power' : 'space';
    }
  }
  const computeRacks = r.nodes === 0 ? 0 : Math.ceil(r.nodes / nodesPerRack);
  const networkRacks = gearRacks(r.networkRackUnits, r.networkKw, r.rackUnits, r.rackLimitKw);
  const storageRacks = gearRacks(r.storageRackUnits, r.storageKw, r.rackUnits, r.rackLimitKw);
  const racks = computeRacks + networkRacks + storageRacks;
  return {
    nodesPerRack,
    computeRacks,
    networkRacks,
    storageRacks,
    racks,
    rackPowerKw: Math.min(nodesPerRack, r.nodes) * r.nodeKw,
    limitedBy,
    floorM2: racks * r.floorM2PerRack,
    warnings,
  };
}
