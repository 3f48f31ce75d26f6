import type { CatalogSystem } from './schemas';

/**
 * The platform an accelerator comes in: the first catalog system for it whose chassis suits the
 * facility's cooling (a liquid-cooled chassis under direct-liquid cooling, an air-cooled one
 * otherwise), else the first catalog system for it; null when the catalog has none. The one
 * rule behind a scenario's `systemId: "auto"` (model/build) and the editor's accelerator change
 * (model/scenario/edits.ts).
 * @param systems - the catalog's systems, in catalog order
 * @param acceleratorId - accelerator catalog id
 * @param liquidCooled - whether the facility cools direct-to-chip with liquid
 */
export function platformSystem(
  systems: readonly CatalogSystem[],
  acceleratorId: string,
  liquidCooled: boolean,
): CatalogSystem | null {
  let first: CatalogSystem | null = null;
  for (const sys of systems) {
    if (sys.acceleratorId !== acceleratorId) continue;
    if (first === null) first = sys;
    if ((sys.cooling === 'liquid') === liquidCooled) return sys;
  }
  return first;
}
