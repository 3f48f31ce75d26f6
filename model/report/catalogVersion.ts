import { builtinCatalogData, catalogSources } from '../catalog';
import type { CatalogData } from '../catalog';
import { ACCELERATORS } from '../catalog';

/**
 * A version label for catalog contents: the newest date any number or source carries, the
 * number of items, and a short FNV-1a fingerprint of the data, e.g. `2025-06 · 187 items · 3f9a1c2b`.
 * Two reports with the same label used the same numbers.
 */
export function catalogVersion(
  data: CatalogData = builtinCatalogData,
  extra: unknown = { ACCELERATORS, catalogSources },
): string {
  const text = JSON.stringify({ data, extra });
  // FNV-1a 32-bit (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/).
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const dates = text.match(/"date":"(\d{4}(?:-\d{2}(?:-\d{2})?)?)"/g) ?? [];
  let newest = '';
  for (const d of dates) {
    const v = d.slice(8, -1);
    if (v > newest) newest = v;
  }
  const items = Object.values(data).reduce((n, list) => n + list.length, 0);
  return `${newest || 'undated'} · ${items} items · ${h.toString(16).padStart(8, '0')}`;
}
