import { z } from 'zod';
import { parseJsonSafely } from '../../../model/files';

/**
 * Inputs of the energy slice and their allowed ranges. The same schema validates form edits
 * (errors name the field and the range) and files opened by the user.
 */
export const energyInputsSchema = z
  .object({
    acceleratorId: z.string().min(1),
    gpuCount: z
      .number()
      .int('GPU count must be a whole number')
      .min(1, 'GPU count must be between 1 and 1,000,000')
      .max(1_000_000, 'GPU count must be between 1 and 1,000,000'),
    utilizationPct: z
      .number()
      .min(0, 'Average load must be between 0 and 100 %')
      .max(100, 'Average load must be between 0 and 100 %'),
    idlePctOfTdp: z
      .number()
      .min(0, 'Idle power must be between 0 and 100 % of TDP')
      .max(100, 'Idle power must be between 0 and 100 % of TDP'),
    priceUsdPerKwh: z
      .number()
      .min(0, 'Electricity price must be between 0 and 2 USD/kWh')
      .max(2, 'Electricity price must be between 0 and 2 USD/kWh'),
    years: z
      .number()
      .int('Horizon must be a whole number of years')
      .min(1, 'Horizon must be between 1 and 15 years')
      .max(15, 'Horizon must be between 1 and 15 years'),
    priceChangePctPerYear: z
      .number()
      .min(-20, 'Price change must be between −20 and 50 % per year')
      .max(50, 'Price change must be between −20 and 50 % per year'),
  })
  .strict();

export type EnergyInputs = z.infer<typeof energyInputsSchema>;
export type EnergyField = keyof EnergyInputs;

/**
 * Defaults. Price: US industrial average 2024 ≈ 0.08 USD/kWh (EIA Electric Power Monthly
 * Table 5.6.A) rounded up to 0.10 for a planning value. Idle share: 10 % of TDP is a planning
 * estimate (idle H100 SXM boards report roughly 60–90 W against 700 W); edit it where measured.
 */
export const DEFAULT_ENERGY_INPUTS: EnergyInputs = {
  acceleratorId: 'h100-sxm',
  gpuCount: 1024,
  utilizationPct: 70,
  idlePctOfTdp: 10,
  priceUsdPerKwh: 0.1,
  years: 5,
  priceChangePctPerYear: 0,
};

export const ENERGY_FILE_FORMAT = 'clusterplan-energy-slice/1';

/** Serialise inputs to the slice's file format. */
export function energyInputsToFile(inputs: EnergyInputs): string {
  return `${JSON.stringify({ format: ENERGY_FILE_FORMAT, inputs }, null, 2)}\n`;
}

/** Parse a file; throws an Error whose message names what is wrong. */
export function energyInputsFromFile(text: string): EnergyInputs {
  // The app's hardened JSON reader: size and nesting caps, no prototype keys, a BOM accepted.
  const json = parseJsonSafely(text);
  if (!json.ok) throw new Error(json.error);
  const data = json.value;
  const envelope = z
    .object({ format: z.literal(ENERGY_FILE_FORMAT), inputs: z.unknown() })
    .safeParse(data);
  if (!envelope.success) {
    throw new Error(`The file is not a ClusterPlan energy file (format "${ENERGY_FILE_FORMAT}").`);
  }
  const parsed = energyInputsSchema.safeParse(envelope.data.inputs);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') || 'inputs'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Validation message per field, or an empty object when every field is valid. */
export function fieldErrors(inputs: EnergyInputs): Partial<Record<EnergyField, string>> {
  const parsed = energyInputsSchema.safeParse(inputs);
  if (parsed.success) return {};
  const errors: Partial<Record<EnergyField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as EnergyField] = issue.message;
  }
  return errors;
}
