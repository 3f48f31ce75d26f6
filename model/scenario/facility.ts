import { z } from 'zod';
import { intIn, moneyIn, numIn, oneOf } from './fields';

/**
 * Scenario section `facility`: where the cluster runs and what its power costs. Every field
 * is optional or defaulted (a scenario without the section parses); catalog ids pick sourced
 * presets, explicit numbers override them. Units are in the field names.
 */

export const coolingTypeSchema = oneOf(['air', 'rear-door', 'direct-liquid', 'immersion']);

/** Peak/off-peak tariff: prices and the peak window (e.g. 12 h a day on 5 days a week). */
export const peakOffPeakTariffSchema = z.strictObject({
  peakPriceUsdPerKwh: moneyIn(5, 'per kWh'),
  offPeakPriceUsdPerKwh: moneyIn(5, 'per kWh'),
  peakHoursPerDay: numIn(0, 24, 'h'),
  peakDaysPerWeek: numIn(0, 7, 'days'),
});
export type PeakOffPeakTariff = z.infer<typeof peakOffPeakTariffSchema>;

export const facilitySectionSchema = z
  .strictObject({
    /** How the heat leaves: air, rear-door heat exchangers, direct-to-chip liquid, immersion (else the preset's, else air). */
    coolingType: coolingTypeSchema.optional(),
    /** Catalog facility preset (`ai-ready-air-40kw`, ...): its rack limit and PUE are the defaults. */
    presetId: z.string().min(1).optional(),
    /** PUE override (else the preset's, else the cooling type's planning value). */
    pue: numIn(1, 3).optional(),
    /** Water usage effectiveness override, L per IT kWh. */
    wueLPerKwh: numIn(0, 20, 'L/kWh').optional(),
    /** Power limit per rack, kW (else the preset's, else the cooling type's). */
    rackLimitKw: numIn(1, 400, 'kW').optional(),
    /** Usable rack units per rack. */
    rackUnits: intIn(10, 60, 'U').default(42),
    /** Floor area per rack incl. aisles, m² (else the preset's, else 2.5). */
    floorM2PerRack: numIn(0.5, 20, 'm²').optional(),
    /** Node power used to provision racks and colocation: nameplate (`rated`) or bottom-up peak. */
    provisionOn: oneOf(['rated', 'peak']).default('rated'),
    /** Catalog electricity price id (`us-industrial-2023`, ...), used when no price is given. */
    electricityId: z.string().min(1).default('us-industrial-2023'),
    /** Flat electricity price per kWh (scenario currency); overrides `electricityId`. */
    priceUsdPerKwh: moneyIn(5, 'per kWh').optional(),
    /** Peak/off-peak tariff; overrides the flat price. */
    peakOffPeak: peakOffPeakTariffSchema.optional(),
    /** Catalog grid-carbon id (`united-states-2023`, ...), used when no intensity is given. */
    carbonId: z.string().min(1).default('united-states-2023'),
    /** Grid carbon intensity, gCO2e per kWh; overrides `carbonId`. */
    carbonGPerKwh: numIn(0, 2000, 'gCO2e/kWh').optional(),
    /** Colocation (pay per kW-month) or an owned build (construction capex + running cost). */
    siting: oneOf(['colocation', 'owned']).default('colocation'),
    /** Catalog colocation price id. */
    colocationId: z.string().min(1).default('na-primary-h2-2024'),
    /** Colocation price per kW-month; overrides `colocationId`. */
    colocationUsdPerKwMonth: moneyIn(5000, 'per kW-month').optional(),
    /** One-time colocation fit-out (cages, liquid-cooling loops) per provisioned kW. */
    colocationFitOutUsdPerKw: moneyIn(100_000, 'per kW').default(0),
    /** Catalog construction-cost id (owned builds). */
    constructionId: z.string().min(1).default('silicon-valley-2025'),
    /** Construction cost per W of critical IT load; overrides `constructionId`. */
    constructionUsdPerW: moneyIn(100, 'per W').optional(),
    /** Facility life for its amortisation, years. */
    facilityLifeYears: numIn(5, 40, 'years').default(20),
    /** Owned facility running cost per year (M&E maintenance, security), fraction of construction capex. */
    facilityOpexFractionPerYear: numIn(0, 0.5).default(0.03),
  })
  .prefault({});
export type FacilitySection = z.infer<typeof facilitySectionSchema>;
