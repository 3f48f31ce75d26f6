/**
 * Heat and cooling unit conversions. 1 W = 3.41214 BTU/h; 1 refrigeration ton (RT) =
 * 12,000 BTU/h = 3.5168525 kW (catalog sources conv-ton, conv-ton2; the BTU is the
 * International Table BTU, 1055.05585 J).
 */

/** BTU per hour in one kilowatt. */
export const BTU_PER_HOUR_PER_KW = 3412.14163;
/** BTU per hour in one refrigeration ton. */
export const BTU_PER_HOUR_PER_TON = 12000;
/** Kilowatts in one refrigeration ton (12,000 / 3,412.14163). */
export const KW_PER_TON = BTU_PER_HOUR_PER_TON / BTU_PER_HOUR_PER_KW;

/** kW → BTU/h. */
export function kwToBtuPerHour(kw: number): number {
  return kw * BTU_PER_HOUR_PER_KW;
}
/** BTU/h → kW. */
export function btuPerHourToKw(btuPerHour: number): number {
  return btuPerHour / BTU_PER_HOUR_PER_KW;
}
/** kW → refrigeration tons. */
export function kwToTons(kw: number): number {
  return kw / KW_PER_TON;
}
/** Refrigeration tons → kW. */
export function tonsToKw(tons: number): number {
  return tons * KW_PER_TON;
}
/** BTU/h → refrigeration tons. */
export function btuPerHourToTons(btuPerHour: number): number {
  return btuPerHour / BTU_PER_HOUR_PER_TON;
}
