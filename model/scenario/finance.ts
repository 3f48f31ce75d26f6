import { z } from 'zod';
import { MAX_FX_PER_USD, MIN_FX_PER_USD, intIn, moneyIn, numIn, oneOf } from './fields';

/**
 * Scenario section `finance`: currency, horizon, discounting, depreciation lives, running-cost
 * assumptions and the cloud price to compare with. Every field is defaulted or optional.
 * Money fields are in the scenario's `currency` (their names say `Usd` because the catalog's
 * prices are in USD; `fxPerUsd` converts catalog prices when the currency is not USD).
 */

export const financeSectionSchema = z
  .strictObject({
    /** ISO 4217 currency of every money figure of the scenario. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 code such as "USD"' })
      .default('USD'),
    /** Units of `currency` per USD, applied to catalog prices (1 for USD). */
    fxPerUsd: numIn(MIN_FX_PER_USD, MAX_FX_PER_USD).default(1),
    /** Horizon of the TCO and NPV, years. */
    horizonYears: intIn(1, 20, 'years').default(5),
    /** Discount rate per year (nominal WACC / hurdle rate), e.g. 0.08. */
    discountRate: numIn(0, 0.5).default(0.08),
    /** Discounting of yearly flows: end-of-year or mid-year. */
    npvConvention: oneOf(['end-of-year', 'mid-year']).default('end-of-year'),
    /** Book (accounting) life of the IT hardware, years (hyperscalers use 5-6). */
    bookLifeYears: numIn(1, 15, 'years').default(5),
    /** Economic life of the IT hardware, years (2-3 argued for frontier GPUs). */
    economicLifeYears: numIn(1, 15, 'years').default(3),
    /** Resale value of the IT hardware at the end of the horizon, fraction of its capex. */
    residualValueFraction: numIn(0, 1).default(0),
    /** Hardware support / maintenance per year, fraction of hardware capex. */
    maintenanceFractionPerYear: numIn(0, 0.5).default(0.1),
    /** Installation, cabling and burn-in, fraction of hardware capex. */
    installationFraction: numIn(0, 0.5).default(0.02),
    /** Racks, PDUs and containment per rack; null: 20,000 USD (planning value) at `fxPerUsd`. */
    rackInfraUsdPerRack: moneyIn(1_000_000, 'per rack').nullable().default(null),
    /** Operations staff, full-time equivalents. */
    staffFte: numIn(0, 10_000, 'FTE').default(0),
    /** Cost of one FTE per year (salary and overhead); null: 200,000 USD at `fxPerUsd`. */
    staffUsdPerFteYear: moneyIn(5_000_000, 'per FTE-year').nullable().default(null),
    /** Software licences per GPU per year (e.g. an enterprise AI stack). */
    softwareUsdPerGpuYear: moneyIn(100_000, 'per GPU-year').default(0),
    /** Other software per year. */
    softwareUsdPerYear: moneyIn(1e9, 'per year').default(0),
    /** Fraction of calendar GPU-hours the cluster runs useful jobs (the real utilisation). */
    utilization: numIn(0.01, 1).default(0.8),
    /** Node price override (else the catalog system's). */
    systemPriceUsd: moneyIn(1e8).optional(),
    /** Cloud price id from the catalog to compare with (else the accelerator's default). */
    cloudPriceId: z.string().min(1).optional(),
    /** Cloud price per GPU-hour; overrides `cloudPriceId`. */
    cloudUsdPerGpuHour: moneyIn(1000, 'per GPU-hour', 0.01).optional(),
    /**
     * Goodput of the rented cloud GPUs (share of rented GPU-hours doing useful work); null: the
     * same as the owned cluster's. Renting the same effective capacity rents more hours when it
     * is lower.
     */
    cloudGoodput: numIn(0.01, 1).nullable().default(null),
    /** Support plan or premium on the cloud rent, fraction of the rent (e.g. 0.1 = +10 %). */
    cloudSupportUpliftFraction: numIn(0, 2).default(0),
    /**
     * The IT hardware is bought and brought into service in this many equal yearly tranches,
     * the first at purchase (1: all at once). At most the horizon.
     */
    deploymentPhases: intIn(1, 10, 'tranches').default(1),
  })
  .prefault({});
export type FinanceSection = z.infer<typeof financeSectionSchema>;
