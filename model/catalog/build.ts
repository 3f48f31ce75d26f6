import type { Basis, SourcedNumber } from './sourced';
import { POWER_SOURCE_DATES, powerSources } from './powerSources';
import { catalogSources } from './sources';

/**
 * Helpers for writing catalog data files: a number with its unit, basis and sources, whose
 * date is the newest date of the sources it cites (from `SOURCE_DATES`). Soft is set when the
 * basis is not `read` or when every cited source is a community page or an estimate.
 */

/** Date of each cited source (publication or data date, as stated in the source or its title). */
export const SOURCE_DATES: Readonly<Record<string, string>> = {
  'rackula-3287': '2026-09-13',
  'nv-spod-h100-ra': '2023',
  'supercluster-power': '2024',
  'supercluster-dgx': '2024',
  'epoch-dgxcost': '2024',
  'nv-dgxb200-ug': '2025',
  'nv-spod-b200-comp': '2025',
  'sth-gb200-techradar': '2024',
  'nv-spod-gb200-arch': '2025',
  'nv-dgxgb200-hw': '2025',
  'continuum-gb200': '2024',
  'xataka-gb200': '2024',
  'nv-gb200-hgxb200-table': '2024',
  'introl-gb300': '2025',
  'glenn-b300': '2025',
  'mlperf-mi300x': '2024-08',
  'jw-mi300': '2024',
  'gadgetmix-dgxa100': '2020',
  'itct-qm9700': '2025',
  'yobitel-q2': '2025',
  'gdroof-x800': '2025',
  'ziash-x800': '2025',
  'probsee-sn5600': '2025',
  'converge-th5': '2022-08-21',
  'chipcraft-th5': '2025',
  'techinsights-th5': '2022',
  'alfares-2008': '2008',
  'nv-mms4x00ns-spec': '2024',
  'nv-mma4z00ns400': '2024',
  'nv-linkx-overview': '2024',
  'nv-cx7-intro': '2024',
  'nv-bf3-ctrl': '2024',
  'yobitel-bf3': '2026',
  'nv-spod-b300-arch': '2025',
  'sr-micron9550': '2024',
  'micron9550-spec': '2024',
  micron9650: '2025',
  'hwc-p5336': '2024',
  'p5316-ds': '2021',
  'ddn-b200-blog': '2025',
  'flashgenius-storage': '2025',
  'uptime-2023pue': '2023-11',
  'statista-pue2024': '2024',
  'uptime-2024-report': '2024',
  'uptime-aircool': '2024-05',
  'vertiv-nvidia-dlc': '2023',
  'energies-2phase': '2021',
  'asme-rdhx': '2010',
  'coolnet-rdhx': '2024',
  'flashgenius-power': '2025',
  'techtarget-wue': '2023',
  'conv-ton': '2020',
  'eia-5-6b': '2024-09',
  'statista-eia-ind': '2024-03',
  'eurostat-elec': '2024-10',
  'owid-ci': '2024',
  'statista-ember': '2024-07',
  emissionsdev: '2025',
  'cbre-h2-2024': '2025-02-26',
  'cbre-pr-nova': '2025-03-06',
  'tt-dcci-2025-figs': '2025',
  'schneider-wp156': '2012',
  'aws-cb-pricing': '2024-12',
  'nextplatform-p5': '2023-07-27',
  'computespec-pricing': '2025',
  'usageai-aws-cut': '2026-06-30',
  'disinter-pricing': '2026-03',
  'awsneg-2026': '2026-05',
  'techplained-8xh100': '2026-04',
  'mercatus-2026': '2026-05',
  'spheron-2026': '2026-03-17',
  'deploybase-runpod': '2025',
  'lyceum-b200': '2026-03-11',
  'gpublog-mi300x': '2025',
  'hf-hw-h100': '2025',
  'hf-hw-h200': '2025',
  'hf-hw-mi300': '2025',
  'techspot-h100price': '2023-08',
  'gpuburn-114': '2024-10-25',
  'eweek-fans': '2009-03-05',
  'intel-ark-8480': '2023',
  'amd-9374f': '2022',
  'nv-grace-superchip': '2024',
  'planning-estimate': '2026-11',
  'glenn-a100': '2024',
  'thunder-a100': '2024',
  'nv-h100-table-hpctech': '2023',
  'glenn-h100': '2024',
  'nv-h100pcie-pb': '2023',
  'lzwjava-h200': '2024',
  'aiminingco-h200': '2024',
  'verda-gb300': '2025',
  'glenn-b200': '2025',
  'nv-l40s-table': '2023',
  'pcguia-gaudi3': '2024',
  'yobitel-mi325x': '2025',
  'toms-h100-550k': '2023-08',
  'yic-gaudi3': '2024',
  'awesome-mi300x': '2025',
  'hf-hw-b300': '2025',
  'toms-mi355x': '2025',
  'nv-cabling-portpower': '2024',
  'lossless-rail': '2025',
  'heise-6776p': '2025-05',
  'mlperf-t51-nebius-b300': '2025-11',
  'mlperf-t51-smc-b300': '2025-11',
  'mlperf-t51-nvidia-gb300': '2025-11',
  'mlperf-t51-smc-gb300': '2025-11',
  'mlperf-i51-smc-mi325x': '2025-09',
  'netbox-as8125gs-tnmr2': '2025',
  'mlperf-t51-smc-mi355x': '2025-11',
  'netbox-as4126gs-nmr-lcc': '2025',
  'mlperf-t30-gaudi2': '2023-06',
  'habana-netcfg': '2025',
  'habana-gaudi2-net': '2023',
  'hn-nextplatform-gaudi3': '2024-04',
  'smc-x12-gaudi': '2021',
  'yobitel-th5': '2025',
  'mlperf-i51-dell-l40s': '2025-09',
  'mlperf-i51-hpe-rtxpro': '2025-09',
  'sth-mgx-cx8': '2025-05',
  'mlperf-i51-smc-b200-lcc': '2025-09',
  'pcnews-dgxa100': '2020-05',
  'ornn-b200-b300': '2026',
  'awesome-gb300': '2025',
  'awesome-mi325x': '2025',
  'cliff-amd-2026': '2026-05-18',
  'modal-l40s': '2025-08-12',
  'deploybase-runpod-2026': '2026-03-10',
  'amd-9575f': '2024-10',
  'intel-ark-8380': '2021',
  'intel-ark-6787p': '2025',
  'nv-mms4x00ns400': '2024',
  'nv-mma1z00ns400': '2024',
};

const SOFT_KINDS = new Set(['community', 'estimate']);
const KIND_BY_ID: ReadonlyMap<string, string> = new Map(
  [...catalogSources, ...powerSources].map((s) => [s.id, s.kind]),
);

function newestDate(sources: readonly string[]): string {
  let best = '';
  for (const id of sources) {
    const d = SOURCE_DATES[id] ?? POWER_SOURCE_DATES[id];
    if (d === undefined) throw new Error(`catalog source "${id}" has no date in SOURCE_DATES`);
    if (d > best) best = d;
  }
  if (!best) throw new Error('a catalog number must cite at least one source');
  return best;
}

/** Options of a catalog number. */
export type NumOptions = {
  readonly note?: string;
  readonly soft?: boolean;
  readonly date?: string;
};

/**
 * A catalog number.
 * @param value - the number, in `unit`
 * @param unit - unit label (`W`, `USD`, `USD/kWh`, ...)
 * @param basis - read / derived / estimate (user entries are built by the user catalog)
 * @param sources - source ids of the index (`planning-estimate` for an engineering estimate)
 */
export function num(
  value: number,
  unit: string,
  basis: Exclude<Basis, 'user'>,
  sources: readonly string[],
  options: NumOptions = {},
): SourcedNumber {
  const allSoftSources = sources.every((id) => SOFT_KINDS.has(KIND_BY_ID.get(id) ?? 'estimate'));
  const out: SourcedNumber = {
    value,
    unit,
    sources: [...sources],
    date: options.date ?? newestDate(sources),
    basis,
    soft: options.soft ?? (basis !== 'read' || allSoftSources),
  };
  return options.note === undefined ? out : { ...out, note: options.note };
}

/** A number read in the cited sources. */
export function read(
  value: number,
  unit: string,
  sources: readonly string[],
  options: NumOptions = {},
): SourcedNumber {
  return num(value, unit, 'read', sources, options);
}

/** A number derived by arithmetic from read numbers (say how in `note`). */
export function derived(
  value: number,
  unit: string,
  sources: readonly string[],
  note: string,
): SourcedNumber {
  return num(value, unit, 'derived', sources, { note });
}

/** A planning estimate (always soft); say where it comes from in `note`. */
export function estimate(
  value: number,
  unit: string,
  sources: readonly string[],
  note: string,
): SourcedNumber {
  return num(value, unit, 'estimate', sources, { note, soft: true });
}
