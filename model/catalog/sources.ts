import type { Source } from './sourced';
import sourcesSeed from './data/sources.json' with { type: 'json' };

/**
 * The catalog's source index: every source id a catalog number cites. Seeded from
 * shared/research/catalog.json (`source_index`) plus the few sources this catalog adds.
 * `kind`: vendor | vendor-copy | secondary | community | estimate (community and estimate are soft).
 */
export const catalogSources: readonly Source[] = sourcesSeed as readonly Source[];
