import { useSyncExternalStore } from 'react';

/**
 * The user's tornado ranges by input id, relative to the scenario's value (so they apply alike
 * to every scenario), kept for the app session. Absent: the input's default range.
 */
export type TornadoRelRange = { readonly lowRel: number; readonly highRel: number };

let ranges: Readonly<Record<string, TornadoRelRange>> = {};
const listeners = new Set<() => void>();

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

function publish(next: Readonly<Record<string, TornadoRelRange>>): void {
  ranges = next;
  for (const l of listeners) l();
}

/** The user's tornado ranges. */
export function useTornadoRanges(): Readonly<Record<string, TornadoRelRange>> {
  return useSyncExternalStore(subscribe, () => ranges);
}

/** Set one input's range (relative to the scenario's value). */
export function setTornadoRange(id: string, r: TornadoRelRange): void {
  publish({ ...ranges, [id]: r });
}

/** Back to the default ranges. */
export function resetTornadoRanges(): void {
  publish({});
}
