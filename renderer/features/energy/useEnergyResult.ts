import { useMemo } from 'react';
import { getAccelerator, type Accelerator } from '../../../model/catalog/accelerators';
import {
  annualEnergyKwh,
  electricityCostByYear,
  gpuItPowerW,
  type GpuEnergyInput,
  type YearCost,
} from '../../../model/power/gpuEnergy';
import { fieldErrors, type EnergyField, type EnergyInputs } from './energyInputs';

export type EnergyResult =
  | {
      readonly ok: true;
      readonly accelerator: Accelerator;
      readonly itPowerW: number;
      readonly energyKwhPerYear: number;
      readonly costFirstYearUsd: number;
      readonly rows: readonly YearCost[];
      readonly totalUsd: number;
    }
  | { readonly ok: false; readonly errors: Partial<Record<EnergyField, string>> };

/** Derive the slice's results from its inputs with the engine (pure; memoised by the hook). */
export function computeEnergy(inputs: EnergyInputs): EnergyResult {
  const errors = fieldErrors(inputs);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  let accelerator: Accelerator;
  try {
    accelerator = getAccelerator(inputs.acceleratorId);
  } catch (e) {
    return { ok: false, errors: { acceleratorId: (e as Error).message } };
  }
  const tdpW = accelerator.tdpW.value;
  const engineInput: GpuEnergyInput = {
    gpuCount: inputs.gpuCount,
    tdpW,
    idleW: (tdpW * inputs.idlePctOfTdp) / 100,
    utilization: inputs.utilizationPct / 100,
    priceUsdPerKwh: inputs.priceUsdPerKwh,
  };
  const itPowerW = gpuItPowerW(engineInput);
  const rows = electricityCostByYear(engineInput, inputs.years, inputs.priceChangePctPerYear);
  return {
    ok: true,
    accelerator,
    itPowerW,
    energyKwhPerYear: annualEnergyKwh(itPowerW),
    costFirstYearUsd: rows[0]?.costUsd ?? 0,
    rows,
    totalUsd: rows[rows.length - 1]?.cumulativeUsd ?? 0,
  };
}

/** Results are derived from the inputs, never stored beside them. */
export function useEnergyResult(inputs: EnergyInputs): EnergyResult {
  return useMemo(() => computeEnergy(inputs), [inputs]);
}
