export { DEFAULT_JSON_LIMITS, parseJsonSafely } from './safeJson';
export type { SafeJsonLimits, SafeJsonResult } from './safeJson';
