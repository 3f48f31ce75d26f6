import { derived, read } from './build';
import type { CatalogCloudPrice } from './schemas';

/** Cloud GPU rental prices per GPU-hour. Seeded from shared/research/catalog.json `cloud_prices`. */

type P = CatalogCloudPrice['pricing'];

function price(
  idv: string,
  name: string,
  provider: string,
  acc: string,
  pricing: P,
  v: number,
  sources: readonly string[],
  note?: string,
): CatalogCloudPrice {
  return {
    id: idv,
    name,
    provider,
    acceleratorId: acc,
    pricing,
    usdPerGpuHour: read(v, 'USD/GPU-h', sources, note === undefined ? {} : { note }),
  };
}

export const cloudPriceItems: readonly CatalogCloudPrice[] = [
  price(
    'aws-p5-on-demand-2023',
    'AWS p5.48xlarge on-demand (2023 list)',
    'AWS',
    'h100-sxm',
    'on-demand',
    12.29,
    ['nextplatform-p5', 'computespec-pricing'],
    '$98.32/h per 8 GPUs',
  ),
  {
    id: 'aws-p5-on-demand-2025',
    name: 'AWS p5 on-demand after the June 2025 cut',
    provider: 'AWS',
    acceleratorId: 'h100-sxm',
    pricing: 'on-demand',
    usdPerGpuHour: derived(6.88, 'USD/GPU-h', ['usageai-aws-cut'], '12.29 x (1 - 0.44)'),
  },
  {
    id: 'aws-p5-reserved-1y',
    name: 'AWS p5 1-year reserved / savings plan',
    provider: 'AWS',
    acceleratorId: 'h100-sxm',
    pricing: 'reserved',
    usdPerGpuHour: derived(6.5, 'USD/GPU-h', ['disinter-pricing'], '~$52/h per 8 GPUs'),
  },
  price(
    'aws-p5-capacity-block',
    'AWS Capacity Blocks p5.48xlarge (us-east-1)',
    'AWS',
    'h100-sxm',
    'capacity-block',
    4.916,
    ['aws-cb-pricing'],
  ),
  price(
    'aws-p5e-capacity-block',
    'AWS Capacity Blocks p5e.48xlarge (H200)',
    'AWS',
    'h200-sxm',
    'capacity-block',
    5.408,
    ['aws-cb-pricing'],
  ),
  {
    id: 'coreweave-h100-on-demand',
    name: 'CoreWeave HGX H100 on-demand',
    provider: 'CoreWeave',
    acceleratorId: 'h100-sxm',
    pricing: 'on-demand',
    usdPerGpuHour: derived(
      3.125,
      'USD/GPU-h',
      ['disinter-pricing'],
      '$22-28/h per 8-GPU node, midpoint / 8',
    ),
  },
  {
    id: 'coreweave-h100-reserved',
    name: 'CoreWeave HGX H100 long-term',
    provider: 'CoreWeave',
    acceleratorId: 'h100-sxm',
    pricing: 'reserved',
    usdPerGpuHour: derived(
      2.0,
      'USD/GPU-h',
      ['disinter-pricing'],
      '$14-18/h per node, midpoint / 8',
    ),
  },
  price('lambda-h100-on-demand', 'Lambda H100 on-demand', 'Lambda', 'h100-sxm', 'on-demand', 2.49, [
    'computespec-pricing',
  ]),
  price('lambda-h100-reserved', 'Lambda 8x H100 reserved', 'Lambda', 'h100-sxm', 'reserved', 1.85, [
    'techplained-8xh100',
  ]),
  price('runpod-h100', 'RunPod H100 on-demand', 'RunPod', 'h100-sxm', 'on-demand', 2.69, [
    'deploybase-runpod',
  ]),
  price('runpod-h200', 'RunPod H200 on-demand', 'RunPod', 'h200-sxm', 'on-demand', 3.59, [
    'deploybase-runpod',
  ]),
  price('runpod-b200', 'RunPod B200 on-demand', 'RunPod', 'b200', 'on-demand', 5.98, [
    'deploybase-runpod',
  ]),
  price('spheron-h200', 'Spheron H200', 'Spheron', 'h200-sxm', 'on-demand', 4.54, ['spheron-2026']),
  price('spheron-b200', 'Spheron B200', 'Spheron', 'b200', 'on-demand', 6.03, ['spheron-2026']),
  {
    id: 'spheron-gb200',
    name: 'Spheron GB200 (per GPU)',
    provider: 'Spheron',
    acceleratorId: 'gb200',
    pricing: 'on-demand',
    usdPerGpuHour: derived(
      4.54,
      'USD/GPU-h',
      ['spheron-2026'],
      '$9.08/h per GB200 superchip (2 GPUs) / 2',
    ),
  },
  price(
    'b200-specialised-on-demand',
    'B200 specialised clouds on-demand',
    'various',
    'b200',
    'on-demand',
    5.25,
    ['lyceum-b200'],
    '$4.50-6.00, midpoint',
  ),
  price('vast-h100-spot', 'Vast.ai H100 spot', 'Vast.ai', 'h100-sxm', 'spot', 1.52, [
    'techplained-8xh100',
  ]),
  price('tensorwave-mi300x', 'TensorWave MI300X', 'TensorWave', 'mi300x', 'on-demand', 1.71, [
    'gpublog-mi300x',
  ]),
  price('vultr-mi300x', 'Vultr MI300X', 'Vultr', 'mi300x', 'on-demand', 1.85, ['gpublog-mi300x']),
  price(
    'h100-hyperscaler-2026',
    'H100 hyperscaler on-demand range (May 2026)',
    'hyperscalers',
    'h100-sxm',
    'on-demand',
    4.25,
    ['mercatus-2026'],
    '$3.50-5.00, midpoint',
  ),
  price(
    'h100-specialty-2026',
    'H100 specialty-cloud on-demand range (May 2026)',
    'specialty clouds',
    'h100-sxm',
    'on-demand',
    3.0,
    ['mercatus-2026'],
    '$2.50-3.50, midpoint',
  ),
  price(
    'h200-hyperscaler-2026',
    'H200 hyperscaler on-demand range (May 2026)',
    'hyperscalers',
    'h200-sxm',
    'on-demand',
    5.75,
    ['mercatus-2026'],
    '$4.50-7.00, midpoint',
  ),
  price(
    'h200-specialty-2026',
    'H200 specialty-cloud on-demand range (May 2026)',
    'specialty clouds',
    'h200-sxm',
    'on-demand',
    4.0,
    ['mercatus-2026'],
    '$3.50-4.50, midpoint',
  ),
  price(
    'a100-hyperscaler-2026',
    'A100 hyperscaler on-demand range (May 2026)',
    'hyperscalers',
    'a100-sxm-80gb',
    'on-demand',
    2.25,
    ['mercatus-2026'],
    '$1.50-3.00, midpoint',
  ),
];

/**
 * Default cloud reference per accelerator for break-even: the specialty-cloud on-demand
 * price (what a buyer of an 8-GPU node would otherwise rent), where catalogued.
 */
export const defaultCloudPriceByAccelerator: Readonly<Record<string, string>> = {
  'h100-sxm': 'h100-specialty-2026',
  'h200-sxm': 'h200-specialty-2026',
  'a100-sxm-80gb': 'a100-hyperscaler-2026',
  b200: 'b200-specialised-on-demand',
  gb200: 'spheron-gb200',
  mi300x: 'vultr-mi300x',
};
