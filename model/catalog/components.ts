import { ACCELERATORS } from './accelerators';
import type { Accelerator } from './accelerators';
import { derived, estimate, read } from './build';
import type {
  CatalogAcceleratorPower,
  CatalogCable,
  CatalogCpu,
  CatalogDrive,
  CatalogNic,
  CatalogTransceiver,
} from './schemas';

/**
 * Node components: accelerator power (TDP and idle), CPUs, NICs, transceivers, cables and
 * drives. Seeded from shared/research/catalog.json; estimates say why in their note.
 */

/**
 * Idle power of an accelerator that holds a job but does no work (a CUDA/ROCm context alive,
 * memory allocated: the state of a GPU waiting at a barrier, in a pipeline bubble or a data
 * stall, or serving with no request). Measured snapshots where one is catalogued; without one,
 * 20 % of TDP (the ratio of the H100 measurement) as a planning estimate.
 */
const IDLE_FRACTION_NOTE =
  'estimate: 20 % of TDP, the ratio measured for H100 SXM with a context alive (140 W of 700 W, gpuburn-114)';

/** Measured idle-with-context figures by accelerator id (others use the 20 % estimate). */
const MEASURED_IDLE: Readonly<Record<string, ReturnType<typeof read>>> = {
  'a100-sxm-80gb': read(87, 'W', ['smi-a100-80gb-context'], {
    note: 'nvidia-smi, A100-SXM4-80GB, 0 % utilisation, a process holding 425 MiB (driver-only idle reads 63 W: splitwise-sim-power)',
  }),
  'h100-sxm': read(130, 'W', ['clusterplan-h100-probe', 'gpuburn-114'], {
    note: 'NVML energy counter, H100 80GB HBM3 SXM, a job context waiting with nothing launched right after GEMMs: 130 W (123 W with 60 GiB resident and cold; 73 W driver-only); nvidia-smi on an 8x H100 server with memory allocated read 140-145 W',
  }),
  'h200-sxm': read(122, 'W', ['smi-h200-vllm-idle'], {
    note: 'nvidia-smi, H200 with a vLLM engine holding 130 GB, 0 % utilisation',
  }),
  b200: derived(
    180,
    'W',
    ['modal-glossary-b200-idle', 'parking-tax-2026'],
    'driver-only idle 136–142 W plus the 26–50 W a CUDA context adds on HBM GPUs (midpoint 38 W)',
  ),
  mi300x: read(191, 'W', ['rocm-5231-mi300x-idle'], {
    note: 'rocm-smi socket power, 0 % GPU use with 95 % of VRAM held',
  }),
  mi355x: read(238, 'W', ['rocm-5219-mi355x-idle'], {
    note: 'reported idle, confirmed by AMD as expected',
  }),
};

/**
 * Power figures of an accelerator (./accelerators, or a user accelerator entry): its TDP as
 * catalogued there, and its idle power (the accelerator entry's own, else a measurement
 * catalogued here, else the 20 % estimate).
 */
export function acceleratorPowerOf(a: Accelerator): CatalogAcceleratorPower {
  return {
    id: a.id,
    name: a.name,
    tdpW: a.tdpW,
    idleW:
      a.idlePowerW ??
      MEASURED_IDLE[a.id] ??
      estimate(0.2 * a.tdpW.value, 'W', ['gpuburn-114'], IDLE_FRACTION_NOTE),
  };
}

/** Power figures of every built-in accelerator. */
export const acceleratorPowerItems: readonly CatalogAcceleratorPower[] =
  ACCELERATORS.map(acceleratorPowerOf);

const CPU_IDLE_NOTE =
  'estimate: server CPUs idle at roughly 30 % of TDP with C-states limited for latency (planning value)';

export const cpuItems: readonly CatalogCpu[] = [
  {
    id: 'xeon-8480c',
    name: 'Intel Xeon Platinum 8480C',
    vendor: 'Intel',
    cores: read(56, 'cores', ['nv-spod-h100-ra'], { note: '112 cores in 2 sockets (DGX H100)' }),
    tdpW: estimate(
      350,
      'W',
      ['intel-ark-8480'],
      'Intel spec TDP 350 W (vendor figure from memory, not read in a stored copy)',
    ),
    idleW: estimate(105, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'xeon-8570',
    name: 'Intel Xeon Platinum 8570',
    vendor: 'Intel',
    cores: read(56, 'cores', ['nv-dgxb200-ug']),
    tdpW: estimate(
      350,
      'W',
      ['intel-ark-8480'],
      'Intel spec TDP 350 W (vendor figure from memory, not read in a stored copy)',
    ),
    idleW: estimate(105, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'epyc-7742',
    name: 'AMD EPYC 7742',
    vendor: 'AMD',
    cores: read(64, 'cores', ['pcnews-dgxa100'], { note: '64-core EPYC 7742 in the DGX A100' }),
    tdpW: estimate(225, 'W', ['planning-estimate'], 'AMD spec TDP 225 W, from memory'),
    idleW: estimate(68, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'epyc-9374f',
    name: 'AMD EPYC 9374F',
    vendor: 'AMD',
    cores: estimate(32, 'cores', ['amd-9374f'], 'AMD spec, from memory'),
    tdpW: estimate(320, 'W', ['amd-9374f'], 'AMD default TDP 320 W, from memory'),
    idleW: estimate(96, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'grace',
    name: 'NVIDIA Grace CPU (one of a Grace CPU Superchip / GB200 superchip), incl. LPDDR5X',
    vendor: 'NVIDIA',
    cores: derived(72, 'cores', ['nv-gb200-hgxb200-table'], '2,592 cores / 36 Grace CPUs'),
    tdpW: estimate(
      250,
      'W',
      ['nv-grace-superchip'],
      'Grace CPU Superchip (2 CPUs) module power 500 W incl. LPDDR5X memory, halved (from memory of the datasheet)',
    ),
    idleW: estimate(75, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'xeon-6776p',
    name: 'Intel Xeon 6776P (Granite Rapids, DGX B300 host CPU)',
    vendor: 'Intel',
    cores: read(64, 'cores', ['heise-6776p', 'mlperf-t51-nebius-b300']),
    tdpW: read(350, 'W', ['heise-6776p']),
    idleW: estimate(105, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'xeon-6787p',
    name: 'Intel Xeon 6787P (Granite Rapids)',
    vendor: 'Intel',
    cores: read(86, 'cores', ['mlperf-t51-smc-b300', 'mlperf-i51-dell-l40s']),
    tdpW: estimate(
      350,
      'W',
      ['intel-ark-6787p'],
      'Intel spec TDP 350 W (vendor figure from memory, not read in a stored copy)',
    ),
    idleW: estimate(105, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'epyc-9575f',
    name: 'AMD EPYC 9575F (Turin, high-frequency GPU host CPU)',
    vendor: 'AMD',
    cores: read(64, 'cores', ['mlperf-i51-smc-mi325x', 'mlperf-t51-smc-mi355x']),
    tdpW: estimate(
      400,
      'W',
      ['amd-9575f'],
      'AMD default TDP 400 W (vendor figure from memory, not read in a stored copy)',
    ),
    idleW: estimate(120, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
  {
    id: 'xeon-8380',
    name: 'Intel Xeon Platinum 8380 (Ice Lake, HLS-Gaudi2 host CPU)',
    vendor: 'Intel',
    cores: read(40, 'cores', ['mlperf-t30-gaudi2']),
    tdpW: estimate(
      270,
      'W',
      ['intel-ark-8380'],
      'Intel spec TDP 270 W (vendor figure from memory, not read in a stored copy)',
    ),
    idleW: estimate(81, 'W', ['planning-estimate'], CPU_IDLE_NOTE),
  },
];

export const nicItems: readonly CatalogNic[] = [
  {
    id: 'connectx-7',
    name: 'NVIDIA ConnectX-7 (1x 400G)',
    vendor: 'NVIDIA',
    gbps: read(400, 'Gb/s', ['nv-cx7-intro']),
    ports: 1,
    powerW: estimate(
      25,
      'W',
      ['planning-estimate'],
      '~20-25 W typical with passive cable (memory); optics counted separately',
    ),
    priceUsd: estimate(
      2000,
      'USD',
      ['planning-estimate'],
      'street range $1,500-2,500 (memory), midpoint',
    ),
  },
  {
    id: 'connectx-7-dual',
    name: 'NVIDIA ConnectX-7 dual-port (2x 200G, storage / in-band)',
    vendor: 'NVIDIA',
    gbps: read(200, 'Gb/s', ['nv-cx7-intro']),
    ports: 2,
    powerW: estimate(
      25,
      'W',
      ['planning-estimate'],
      '~20-25 W typical with passive cable (memory)',
    ),
    priceUsd: estimate(
      2000,
      'USD',
      ['planning-estimate'],
      'street range $1,500-2,500 (memory), midpoint',
    ),
  },
  {
    id: 'connectx-6',
    name: 'NVIDIA ConnectX-6 (1x 200G HDR)',
    vendor: 'NVIDIA',
    gbps: estimate(200, 'Gb/s', ['planning-estimate'], 'HDR 200G, from memory'),
    ports: 1,
    powerW: estimate(20, 'W', ['planning-estimate'], 'memory'),
    priceUsd: estimate(1200, 'USD', ['planning-estimate'], 'memory'),
  },
  {
    id: 'bluefield-3',
    name: 'NVIDIA BlueField-3 DPU (2x 200G / 1x 400G)',
    vendor: 'NVIDIA',
    gbps: read(400, 'Gb/s', ['nv-bf3-ctrl']),
    ports: 2,
    powerW: read(150, 'W', ['nv-bf3-ctrl'], { note: 'maximum ("up to 150 W"); typical is lower' }),
    priceUsd: read(2500, 'USD', ['yobitel-bf3'], {
      note: 'street $2,000-3,000 early-mid 2026, midpoint',
    }),
  },
  {
    id: 'connectx-8',
    name: 'NVIDIA ConnectX-8 SuperNIC (1x 800G)',
    vendor: 'NVIDIA',
    gbps: read(800, 'Gb/s', ['ziash-x800']),
    ports: 1,
    powerW: estimate(
      35,
      'W',
      ['planning-estimate'],
      'not published; ConnectX-7 figure scaled for 800G and PCIe Gen6 switch',
    ),
    priceUsd: estimate(3000, 'USD', ['planning-estimate'], 'not found; planning value'),
  },
  {
    id: 'connectx-5-100g',
    name: 'NVIDIA (Mellanox) ConnectX-5 Ex (100GbE, host front-end / storage NIC)',
    vendor: 'NVIDIA',
    gbps: read(100, 'Gb/s', ['mlperf-t30-gaudi2'], {
      note: '2x ConnectX-5 Ex 100Gb/s Ethernet per HLS-Gaudi2 host',
    }),
    ports: 1,
    powerW: estimate(
      16,
      'W',
      ['planning-estimate'],
      'not read; PCIe Gen4 100G NICs draw ~15-19 W with passive cables, optics counted separately',
    ),
    priceUsd: estimate(800, 'USD', ['planning-estimate'], 'not found; street planning value'),
  },
];

export const transceiverItems: readonly CatalogTransceiver[] = [
  {
    id: 'osfp-800g-2x400g',
    name: '800G twin-port OSFP (2x 400G NDR, MMS4X00-NS class)',
    vendor: 'NVIDIA',
    gbps: read(800, 'Gb/s', ['nv-mms4x00ns-spec']),
    portsPerModule: 2,
    powerW: read(17, 'W', ['nv-mms4x00ns-spec', 'nv-linkx-overview'], {
      note: 'maximum; 16 W typical',
    }),
    priceUsd: estimate(1150, 'USD', ['planning-estimate'], '$800-1,500 (memory), midpoint'),
  },
  {
    id: 'osfp-400g',
    name: '400G single-port OSFP / QSFP112 (MMA4Z00-NS400 class)',
    vendor: 'NVIDIA',
    gbps: read(400, 'Gb/s', ['nv-mma4z00ns400']),
    portsPerModule: 1,
    powerW: read(9, 'W', ['nv-mma4z00ns400', 'nv-linkx-overview'], {
      note: 'maximum; 8 W typical',
    }),
    priceUsd: estimate(
      700,
      'USD',
      ['planning-estimate'],
      'not found; about half a twin-port module',
    ),
  },
  {
    id: 'osfp-1600g-2x800g',
    name: '1.6T twin-port OSFP (2x 800G XDR)',
    vendor: 'NVIDIA',
    gbps: read(1600, 'Gb/s', ['gdroof-x800']),
    portsPerModule: 2,
    powerW: estimate(
      30,
      'W',
      ['planning-estimate'],
      'not published; ~2x the 800G module at similar pJ/bit',
    ),
    priceUsd: estimate(2000, 'USD', ['planning-estimate'], 'not found; planning value'),
  },
  {
    id: 'osfp-800g',
    name: '800G single-port OSFP (node side: ConnectX-8 XDR 800G, Gaudi 3 4x 200G bundle)',
    gbps: read(800, 'Gb/s', ['ziash-x800', 'hn-nextplatform-gaudi3']),
    portsPerModule: 1,
    powerW: estimate(
      17,
      'W',
      ['nv-mms4x00ns-spec', 'planning-estimate'],
      'not read for an 800G single-port module; taken as the 800G twin-port OSFP (17 W max, read), the same 800G of optics in one cage',
    ),
    priceUsd: estimate(
      1150,
      'USD',
      ['planning-estimate'],
      'not found; as the 800G twin-port module planning value',
    ),
  },
  {
    id: 'qsfpdd-400g',
    name: '400G QSFP-DD (4x 100G lanes; Gaudi 2 scale-out port)',
    gbps: read(400, 'Gb/s', ['habana-gaudi2-net', 'habana-netcfg', 'smc-x12-gaudi'], {
      note: '3 x 100G scale-out ports per Gaudi 2 x 8 = 24 x 100G (2.4 Tb/s) per server, i.e. 6 ports of 4 x 100G; Habana servers carry 24x 100GbE out in 6 QSFP-DDs (first-gen Gaudi X12 server)',
    }),
    portsPerModule: 1,
    powerW: estimate(
      10,
      'W',
      ['nv-mma1z00ns400', 'planning-estimate'],
      'not read for QSFP-DD; a 400G QSFP112 module draws 9 W max (read), QSFP-DD 400G DR4/SR8 ~10-12 W',
    ),
    priceUsd: estimate(
      700,
      'USD',
      ['planning-estimate'],
      'not found; as the 400G OSFP planning value',
    ),
  },
  {
    id: 'qsfp112-200g',
    name: '200G module (400G QSFP112/OSFP optics run at NDR200 / 200GbE on a 1:2 splitter)',
    gbps: read(200, 'Gb/s', ['nv-mms4x00ns400', 'nv-mma1z00ns400']),
    portsPerModule: 1,
    powerW: read(5, 'W', ['nv-mms4x00ns400', 'nv-mma1z00ns400'], {
      note: '5 W maximum in 200G mode (2 of 4 channels active)',
    }),
    priceUsd: estimate(
      700,
      'USD',
      ['planning-estimate'],
      'not found; the same 400G module as osfp-400g',
    ),
  },
  {
    id: 'qsfp28-100g',
    name: '100G QSFP28 (SR4/DR1 class; host front-end 100GbE)',
    gbps: estimate(100, 'Gb/s', ['planning-estimate'], 'QSFP28 100GbE'),
    portsPerModule: 1,
    powerW: estimate(
      3.5,
      'W',
      ['planning-estimate'],
      'not read; QSFP28 SR4/DR1 modules are 3.5 W class (planning value)',
    ),
    priceUsd: estimate(150, 'USD', ['planning-estimate'], 'not found; planning value'),
  },
];

export const cableItems: readonly CatalogCable[] = [
  {
    id: 'fiber-mpo',
    name: 'Multimode fibre patch (MPO), per link',
    medium: 'fiber',
    powerW: estimate(0, 'W', ['planning-estimate'], 'passive'),
    priceUsd: estimate(100, 'USD', ['planning-estimate'], 'planning value for a 10-30 m MPO trunk'),
  },
  {
    id: 'dac',
    name: 'Direct-attach copper (DAC), <= 3 m',
    medium: 'dac',
    powerW: read(0.1, 'W', ['nv-linkx-overview'], { note: '< 0.1 W' }),
    priceUsd: estimate(150, 'USD', ['planning-estimate'], 'planning value'),
  },
  {
    id: 'lacc',
    name: 'Linear active copper (LACC), 3-5 m',
    medium: 'acc',
    powerW: read(1.5, 'W', ['nv-linkx-overview']),
    priceUsd: estimate(300, 'USD', ['planning-estimate'], 'planning value'),
  },
];

export const driveItems: readonly CatalogDrive[] = [
  {
    id: 'nvme-u2-3.84tb',
    name: 'NVMe U.2 3.84 TB (node cache drive)',
    capacityTb: read(3.84, 'TB', ['nv-dgxb200-ug']),
    readGBps: read(7, 'GB/s', ['flashgenius-storage'], { note: 'Gen4 rule of thumb' }),
    writeGBps: estimate(
      3.5,
      'GB/s',
      ['planning-estimate'],
      'half the read rate, typical of TLC Gen4',
    ),
    activeW: read(25, 'W', ['p5316-ds'], { note: 'Gen4 class maximum average active power' }),
    idleW: read(5, 'W', ['p5316-ds']),
    priceUsdPerTb: estimate(
      150,
      'USD/TB',
      ['planning-estimate'],
      'enterprise TLC $100-200/TB (memory), midpoint',
    ),
  },
  {
    id: 'nvme-m2-1.92tb',
    name: 'NVMe M.2 1.92 TB (boot)',
    capacityTb: read(1.92, 'TB', ['nv-dgxb200-ug']),
    readGBps: estimate(3, 'GB/s', ['planning-estimate'], 'boot drive'),
    writeGBps: estimate(1.5, 'GB/s', ['planning-estimate'], 'boot drive'),
    activeW: estimate(8, 'W', ['planning-estimate'], 'M.2 enterprise drives ~8 W active'),
    idleW: estimate(2, 'W', ['planning-estimate'], 'M.2 idle'),
    priceUsdPerTb: estimate(150, 'USD/TB', ['planning-estimate'], 'planning value'),
  },
  {
    id: 'nvme-e1s-3.84tb',
    name: 'NVMe E1.S 3.84 TB (tray drive)',
    capacityTb: estimate(3.84, 'TB', ['planning-estimate'], 'typical GB200 compute-tray drive'),
    readGBps: read(7, 'GB/s', ['flashgenius-storage']),
    writeGBps: estimate(3.5, 'GB/s', ['planning-estimate'], 'half the read rate'),
    activeW: estimate(20, 'W', ['planning-estimate'], 'E1.S form-factor power envelope ~20 W'),
    idleW: estimate(5, 'W', ['planning-estimate'], 'as U.2'),
    priceUsdPerTb: estimate(150, 'USD/TB', ['planning-estimate'], 'planning value'),
  },
  {
    id: 'micron-9550',
    name: 'Micron 9550 (PCIe Gen5 TLC)',
    vendor: 'Micron',
    capacityTb: read(30.72, 'TB', ['sr-micron9550', 'micron9550-spec'], { note: '3.2-30.72 TB' }),
    readGBps: read(14, 'GB/s', ['sr-micron9550', 'micron9550-spec']),
    writeGBps: read(10, 'GB/s', ['sr-micron9550', 'micron9550-spec']),
    activeW: read(18, 'W', ['micron9550-spec']),
    idleW: estimate(5, 'W', ['planning-estimate'], 'as other enterprise NVMe'),
    priceUsdPerTb: estimate(150, 'USD/TB', ['planning-estimate'], '$100-200/TB (memory), midpoint'),
  },
  {
    id: 'solidigm-d5-p5336',
    name: 'Solidigm D5-P5336 (PCIe Gen4 QLC, high capacity)',
    vendor: 'Solidigm',
    capacityTb: read(122.88, 'TB', ['hwc-p5336']),
    readGBps: read(7.4, 'GB/s', ['hwc-p5336']),
    writeGBps: read(3.2, 'GB/s', ['hwc-p5336']),
    activeW: read(25, 'W', ['p5316-ds']),
    idleW: read(5, 'W', ['p5316-ds']),
    priceUsdPerTb: estimate(
      75,
      'USD/TB',
      ['planning-estimate'],
      'QLC $50-100/TB (memory), midpoint',
    ),
  },
];

/**
 * DRAM power per GB of DDR5 RDIMM under load: ~12 W per 64 GB module (planning value for
 * DDR5-4800/5600 RDIMMs; vendors publish per-module figures of roughly 8-13 W).
 */
export const dramWPerGb = estimate(
  0.1875,
  'W/GB',
  ['planning-estimate'],
  '~12 W per 64 GB DDR5 RDIMM under load (vendor module figures ~8-13 W, from memory)',
);
