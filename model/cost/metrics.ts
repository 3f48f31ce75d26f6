import { defineMetric } from '../metrics/metric';
import type { MetricDefinition } from '../metrics/metric';

/**
 * Metrics of the cost and finance stage. Money is in the scenario's currency: `¤` in a registered
 * unit stands for it (`evaluate()` returns `EUR/yr` for a EUR scenario). Ids keep their historic
 * `_usd` suffix (ids are never renamed: saved views and exports use them); labels and units name
 * the currency.
 */
export const costMetrics: readonly MetricDefinition[] = [
  defineMetric({
    id: 'electricity_cost_usd_per_year',
    label: 'Electricity per year',
    unit: '¤/yr',
    description:
      'Facility energy per year × the electricity price (a peak/off-peak tariff time-weighted)',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'capex_usd',
    label: 'Capex',
    unit: '¤',
    description:
      'Systems, fabric, storage, racks, facility build-out or colocation fit-out, installation',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'opex_usd_per_year',
    label: 'Opex per year',
    unit: '¤/yr',
    description: 'Energy, colocation or facility running cost, maintenance, staff, software',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'tco_usd',
    label: 'TCO',
    unit: '¤',
    description: 'Capex (facility by its share of the horizon) + opex × horizon − residual value',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'npv_usd',
    label: 'NPV of ownership',
    unit: '¤',
    description:
      'Net present value of the ownership cash flows at the discount rate (negative = net cost)',
    group: 'cost',
    better: 'higher',
  }),
  defineMetric({
    id: 'cost_per_gpu_hour_usd',
    label: 'Cost per GPU-hour',
    unit: '¤/GPU-h',
    description: 'TCO / GPU-hours used at the real utilisation',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cost_per_training_run_usd',
    label: 'Cost per training run',
    unit: '¤',
    description: 'Cost per GPU-hour × GPUs × time to train',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cost_per_million_tokens_usd',
    label: 'Cost per million tokens',
    unit: '¤/Mtok',
    description: 'Cost per GPU-hour / (tokens per GPU-hour / 10⁶)',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cloud_cost_usd',
    label: 'Cloud rental, same work',
    unit: '¤',
    description: 'Used GPU-hours over the horizon × cloud price per GPU-hour',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cloud_breakeven_months',
    label: 'Break-even vs cloud',
    unit: 'months',
    description:
      'Months until owning costs less than renting the same GPU-hours (omitted when never)',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cloud_breakeven_utilization',
    label: 'Break-even utilisation vs cloud',
    unit: '%',
    description: 'Utilisation at which owning and renting cost the same over the horizon',
    group: 'cost',
    better: 'lower',
  }),
];
