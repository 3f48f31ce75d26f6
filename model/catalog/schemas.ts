import { z } from 'zod';
import { acceleratorSchema } from './accelerators';
import { sourcedNumberSchema } from './sourced';

/**
 * Zod schemas of the catalog item kinds owned by the infrastructure catalog (systems, CPUs,
 * NICs, switches, optics, cables, drives, storage systems, cooling types, facility presets,
 * electricity prices, grid carbon, colocation and construction prices, cloud GPU prices and
 * accelerator power) and, as a catalog kind, the accelerators of accelerators.ts (their schema
 * lives there; the catalog kind adds the id rule and lets a new user accelerator leave out its
 * research-catalog id).
 * Every number is a `SourcedNumber` (value, unit, sources, date, basis, soft).
 */

const sn = sourcedNumberSchema;
const id = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'id must be lower-case kebab-case');
const base = {
  id,
  name: z.string().min(1),
  vendor: z.string().optional(),
  notes: z.string().optional(),
};
const countOf = z.object({ id, count: z.number().int().min(0).max(1000) });

/** Cooling of a system (how its heat leaves the chassis). */
export const systemCoolingSchema = z.enum(['air', 'liquid']);

/**
 * A server or rack-scale system. Node power is built bottom-up from its components
 * (GPUs, CPUs, DRAM, NICs, node-side optics, drives, platform, fans, PSU losses) and
 * compared with `ratedPowerW` (the nameplate maximum).
 */
export const systemSchema = z.object({
  ...base,
  acceleratorId: id,
  /** Accelerators per node (a rack-scale system is one node). */
  gpusPerNode: z.number().int().min(1).max(1024),
  form: z.enum(['server', 'rack']),
  heightU: sn,
  ratedPowerW: sn,
  cooling: systemCoolingSchema,
  cpus: countOf,
  /** DDR DIMM memory powered outside the CPU module (LPDDR on a CPU module counts as 0). */
  dimmMemoryGb: sn,
  nics: z.array(countOf),
  /** Node-side optics; the first entry is the compute (scale-out) fabric's module. */
  nodeTransceivers: z.array(countOf),
  drives: z.array(countOf),
  /** NVSwitch / PCIe switches / BMC / retimers / board: not in any other component. */
  platformW: sn,
  psuEfficiency: sn,
  /** Scale-out (compute fabric) ports per node and their line rate. */
  scaleOutPorts: z.number().int().min(0).max(1024),
  scaleOutGbps: z.number().min(0),
  /**
   * Hosts the scale-out fabric sees per node (18 compute trays in a GB200 NVL72 rack; 1 for a
   * server). The node's scale-out ports are spread evenly over its hosts (rails per host).
   */
  fabricHostsPerNode: z.number().int().min(1).max(256).optional(),
  /** Storage / in-band fabric ports per node. */
  storagePorts: z.number().int().min(0).max(64),
  priceUsd: sn,
  /**
   * Optional: measured idle input power of the whole node or rack, W: powered on, OS up,
   * nothing running (wall or BMC/PDU reading). Only a published measurement goes here; absent
   * when none exists (the power model then builds idle bottom-up from component idle figures).
   */
  idleW: sn.optional(),
  /**
   * Optional: power of the chassis fans at full fan speed, W, for an air-cooled server, where
   * a vendor document or a measurement publishes it (fan-module ratings or a 100 % PWM reading).
   * Absent otherwise (the power model then uses the cooling type's fan share of input power).
   */
  fanMaxW: sn.optional(),
});
export type CatalogSystem = z.infer<typeof systemSchema>;

export const cpuSchema = z.object({ ...base, cores: sn, tdpW: sn, idleW: sn });
export type CatalogCpu = z.infer<typeof cpuSchema>;

/** Per-accelerator power figures used by the power model (keyed by accelerator id). */
export const acceleratorPowerSchema = z.object({ ...base, tdpW: sn, idleW: sn });
export type CatalogAcceleratorPower = z.infer<typeof acceleratorPowerSchema>;

export const nicSchema = z.object({
  ...base,
  gbps: sn,
  ports: z.number().int().min(1).max(8),
  powerW: sn,
  priceUsd: sn,
});
export type CatalogNic = z.infer<typeof nicSchema>;

export const switchSchema = z.object({
  ...base,
  fabric: z.enum(['infiniband', 'ethernet']),
  role: z.enum(['compute', 'management']),
  /** Ports at `portGbps` (the radix used for fat-tree sizing). */
  radix: sn,
  portGbps: sn,
  heightU: sn,
  /** Power without optics (passive cables). */
  typicalPowerW: sn,
  priceUsd: sn,
  /**
   * Optional: logical ports one port of `portGbps` can be split into (breakout), a whole
   * number >= 1; e.g. 2 for a QM9700 NDR 400G port (2 x NDR200), 4 for an SN5600 800G port
   * (4 x 200G). Only where a source states the split.
   */
  maxBreakout: sn
    .refine((n) => Number.isInteger(n.value) && n.value >= 1, {
      message: 'maxBreakout must be a whole number of ports >= 1',
    })
    .optional(),
});
export type CatalogSwitch = z.infer<typeof switchSchema>;

export const transceiverSchema = z.object({
  ...base,
  gbps: sn,
  /** Logical ports carried by one module (2 for a twin-port 2x400G OSFP). */
  portsPerModule: z.number().int().min(1).max(8),
  powerW: sn,
  priceUsd: sn,
});
export type CatalogTransceiver = z.infer<typeof transceiverSchema>;

export const cableSchema = z.object({
  ...base,
  medium: z.enum(['dac', 'acc', 'fiber']),
  powerW: sn,
  priceUsd: sn,
});
export type CatalogCable = z.infer<typeof cableSchema>;

export const driveSchema = z.object({
  ...base,
  capacityTb: sn,
  readGBps: sn,
  writeGBps: sn,
  activeW: sn,
  idleW: sn,
  priceUsdPerTb: sn,
});
export type CatalogDrive = z.infer<typeof driveSchema>;

export const storageSystemSchema = z.object({
  ...base,
  priceUsdPerTb: sn,
  powerWPerTb: sn,
  readGBpsPerRackUnit: sn,
  usableTbPerRackUnit: sn,
});
export type CatalogStorageSystem = z.infer<typeof storageSystemSchema>;

export const coolingTypeIdSchema = z.enum(['air', 'rear-door', 'direct-liquid', 'immersion']);
export type CoolingTypeId = z.infer<typeof coolingTypeIdSchema>;

export const coolingSchema = z.object({
  ...base,
  id: coolingTypeIdSchema,
  pue: sn,
  wueLPerKwh: sn,
  rackLimitKw: sn,
  /** Share of an air-cooled server's input power taken by its fans under this cooling. */
  serverFanFraction: sn,
});
export type CatalogCooling = z.infer<typeof coolingSchema>;

export const facilityPresetSchema = z.object({
  ...base,
  coolingType: coolingTypeIdSchema,
  rackLimitKw: sn,
  pue: sn,
  floorM2PerRack: sn,
});
export type CatalogFacilityPreset = z.infer<typeof facilityPresetSchema>;

export const electricityPriceSchema = z.object({
  ...base,
  region: z.string(),
  /** Price per kWh in `currency` (ISO 4217). */
  pricePerKwh: sn,
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type CatalogElectricityPrice = z.infer<typeof electricityPriceSchema>;

export const gridCarbonSchema = z.object({ ...base, region: z.string(), gCo2PerKwh: sn });
export type CatalogGridCarbon = z.infer<typeof gridCarbonSchema>;

export const colocationPriceSchema = z.object({ ...base, region: z.string(), usdPerKwMonth: sn });
export type CatalogColocationPrice = z.infer<typeof colocationPriceSchema>;

export const constructionCostSchema = z.object({ ...base, region: z.string(), usdPerW: sn });
export type CatalogConstructionCost = z.infer<typeof constructionCostSchema>;

export const cloudPriceSchema = z.object({
  ...base,
  provider: z.string(),
  acceleratorId: id,
  pricing: z.enum(['on-demand', 'reserved', 'spot', 'capacity-block']),
  usdPerGpuHour: sn,
});
export type CatalogCloudPrice = z.infer<typeof cloudPriceSchema>;

/**
 * An accelerator as a catalog item (dense peaks per precision, HBM capacity and bandwidth, TDP,
 * idle power, scale-up bandwidth and domain, price): `acceleratorSchema` with the catalog's id
 * rule; a user accelerator has no research-catalog id (`catalogId` defaults to null).
 */
export const acceleratorItemSchema = acceleratorSchema.extend({
  id,
  catalogId: z.string().nullable().default(null),
});
export type CatalogAccelerator = z.infer<typeof acceleratorItemSchema>;

/**
 * Nested sourced numbers a user entry sets by a dotted field name (`denseTflops.bf16`), per
 * kind: the parent object is kept and only the named number is replaced.
 */
export const NESTED_NUMBER_FIELDS: Readonly<Partial<Record<string, readonly string[]>>> = {
  accelerator: Object.keys(acceleratorSchema.shape.denseTflops.shape).map(
    (p) => `denseTflops.${p}`,
  ),
};

/** Every kind this module owns, with its item schema. */
export const kindSchemas = {
  accelerator: acceleratorItemSchema,
  system: systemSchema,
  cpu: cpuSchema,
  acceleratorPower: acceleratorPowerSchema,
  nic: nicSchema,
  switch: switchSchema,
  transceiver: transceiverSchema,
  cable: cableSchema,
  drive: driveSchema,
  storageSystem: storageSystemSchema,
  cooling: coolingSchema,
  facilityPreset: facilityPresetSchema,
  electricity: electricityPriceSchema,
  gridCarbon: gridCarbonSchema,
  colocation: colocationPriceSchema,
  construction: constructionCostSchema,
  cloudPrice: cloudPriceSchema,
} as const;

export type CatalogKind = keyof typeof kindSchemas;
export const catalogKinds = Object.keys(kindSchemas) as CatalogKind[];

/** Item type of each kind. */
export type CatalogItemOf = {
  accelerator: CatalogAccelerator;
  system: CatalogSystem;
  cpu: CatalogCpu;
  acceleratorPower: CatalogAcceleratorPower;
  nic: CatalogNic;
  switch: CatalogSwitch;
  transceiver: CatalogTransceiver;
  cable: CatalogCable;
  drive: CatalogDrive;
  storageSystem: CatalogStorageSystem;
  cooling: CatalogCooling;
  facilityPreset: CatalogFacilityPreset;
  electricity: CatalogElectricityPrice;
  gridCarbon: CatalogGridCarbon;
  colocation: CatalogColocationPrice;
  construction: CatalogConstructionCost;
  cloudPrice: CatalogCloudPrice;
};
