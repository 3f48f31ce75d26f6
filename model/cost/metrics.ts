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
    id: 'cost_per_effective_gpu_hour_usd',
    label: 'Cost per effective GPU-hour',
    unit: '¤/GPU-h',
    description:
      'TCO / effective GPU-hours: the GPU-hours used (utilisation) that do useful work (goodput, after data stalls, checkpoints and failures)',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'book_depreciation_usd_per_year',
    label: 'Book depreciation per year',
    unit: '¤/yr',
    description:
      'IT capex (hardware, racks, installation) straight-line over the book life: the yearly charge once the whole build is in service',
    group: 'cost',
    better: 'none',
  }),
  defineMetric({
    id: 'economic_depreciation_usd_per_year',
    label: 'Economic depreciation per year',
    unit: '¤/yr',
    description:
      'IT capex straight-line over the economic life (how fast the hardware loses its earning value), beside the book figure',
    group: 'cost',
    better: 'none',
  }),
  defineMetric({
    id: 'book_value_at_horizon_usd',
    label: 'Book value at the horizon',
    unit: '¤',
    description: 'IT capex not yet depreciated over the book life at the end of the horizon',
    group: 'cost',
    better: 'none',
  }),
  defineMetric({
    id: 'economic_value_at_horizon_usd',
    label: 'Economic value at the horizon',
    unit: '¤',
    description:
      'IT capex not yet depreciated over the economic life at the end of the horizon (compare with the resale value assumed)',
    group: 'cost',
    better: 'none',
  }),
  defineMetric({
    id: 'own_vs_cloud_npv_usd',
    label: 'NPV of owning vs cloud',
    unit: '¤',
    description:
      'Net present value of owning minus renting cloud GPUs that deliver the same effective GPU-hours (cloud goodput and support uplift included): positive when owning is worth it',
    group: 'cost',
    better: 'higher',
  }),
  defineMetric({
    id: 'own_vs_cloud_irr_pct',
    label: 'IRR of owning vs cloud',
    unit: '%',
    description:
      'Internal rate of return of owning minus renting the same effective capacity (end-of-year flows, as Excel’s IRR); compare with the discount rate',
    group: 'cost',
    better: 'higher',
  }),
  defineMetric({
    id: 'lost_gpu_hours_value_usd_per_year',
    label: 'Lost GPU-hours, money per year',
    unit: '¤/yr',
    description:
      'GPU-hours lost to data stalls, checkpoints, failures and exposed communication × the cost per used GPU-hour, per year over the horizon',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'lost_gpu_hours_value_usd_per_year_data_stall',
    label: 'Lost to data stalls, money per year',
    unit: '¤/yr',
    description: 'GPU-hours waiting for input data × the cost per used GPU-hour, per year',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'lost_gpu_hours_value_usd_per_year_checkpoint',
    label: 'Lost to checkpoints, money per year',
    unit: '¤/yr',
    description: 'GPU-hours blocked by checkpoint writes × the cost per used GPU-hour, per year',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'lost_gpu_hours_value_usd_per_year_failures',
    label: 'Lost to failures and restarts, money per year',
    unit: '¤/yr',
    description:
      'GPU-hours lost to failures (redone work, restarts, repairs) × the cost per used GPU-hour, per year',
    group: 'cost',
    better: 'lower',
  }),
  defineMetric({
    id: 'lost_gpu_hours_value_usd_per_year_exposed_comm',
    label: 'Lost to exposed communication, money per year',
    unit: '¤/yr',
    description:
      'GPU-hours spent in communication the step does not hide behind compute × the cost per used GPU-hour, per year',
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
    label: 'Cost per million training tokens',
    unit: '¤/Mtok',
    description:
      'Training: cost per GPU-hour / (effective training tokens per GPU-hour / 10⁶). Serving has its own figure, cost per million output tokens (a separate row: the two are different work and do not compare).',
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
    label: 'Payback vs cloud',
    unit: 'months',
    description:
      'Month when owning has cost less in total than renting the same effective GPU-hours (simple payback from the year-by-year schedule, resale left out; omitted when never)',
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
