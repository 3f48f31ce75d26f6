import { defineMetric } from '../metrics/metric';
import type { MetricDefinition } from '../metrics/metric';

/** Metrics of the cost and finance stage (money in the scenario's currency; unit says USD). */
export const costMetrics: readonly MetricDefinition[] = [
  defineMetric({
    id: 'electricity_cost_usd_per_year',
    label: 'Electricity per year',
    unit: 'USD/yr',
    description: 'Facility energy × tariff (flat or peak/off-peak)',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'capex_usd',
    label: 'Capex',
    unit: 'USD',
    description:
      'Systems, fabric, storage, racks, facility build-out or colocation fit-out, installation',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'opex_usd_per_year',
    label: 'Opex per year',
    unit: 'USD/yr',
    description: 'Energy, colocation or facility running cost, maintenance, staff, software',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'tco_usd',
    label: 'TCO',
    unit: 'USD',
    description: 'Capex (facility by its share of the horizon) + opex × horizon − residual value',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'npv_usd',
    label: 'NPV of ownership',
    unit: 'USD',
    description:
      'Net present value of the ownership cash flows at the discount rate (negative = net cost)',
    group: 'cost',
    better: 'higher',
  }),
  defineMetric({
    id: 'cost_per_gpu_hour_usd',
    label: 'Cost per GPU-hour',
    unit: 'USD/GPU-h',
    description: 'TCO / GPU-hours used at the real utilisation',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cost_per_training_run_usd',
    label: 'Cost per training run',
    unit: 'USD',
    description: 'Cost per GPU-hour × GPUs × time to train',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cost_per_million_tokens_usd',
    label: 'Cost per million tokens',
    unit: 'USD/Mtok',
    description: 'Cost per GPU-hour / (tokens per GPU-hour / 10⁶)',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'cloud_cost_usd',
    label: 'Cloud rental, same work',
    unit: 'USD',
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
