import { useSyncExternalStore } from 'react';
import type { RelativeRange } from '../../../model/analysis';

/**
 * The user's uncertainty ranges (relative to each scenario's value, so one edit applies alike
 * to every open scenario), kept for the app session.
 */
let ranges: readonly RelativeRange[] = [];
const listeners = new Set<() => void>();

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The user's ranges (empty: the defaults). */
export function useRanges(): readonly RelativeRange[] {
  return useSyncExternalStore(subscribe, () => ranges);
}

/** Set (or replace) the range of one input. */
export function setRange(r: RelativeRange): void {
  ranges = [...ranges.filter((x) => x.id !== r.id), r];
  for (const l of listeners) l();
}

/** Back to the default uncertainty. */
export function resetRanges(): void {
  ranges = [];
  for (const l of listeners) l();
}
