import { useSyncExternalStore } from 'react';

/**
 * View state of the comparison: row order and hidden rows. Not saved, not undoable, kept for
 * the session (a tiny external store, so it survives switching screens).
 */
export type CompareView = {
  readonly order: readonly string[];
  readonly hidden: ReadonlySet<string>;
  /** Show the per-row hide / move controls. */
  readonly customising: boolean;
  /** Leave out the rows that read the same in every scenario. */
  readonly hideUnchanged: boolean;
};

export const INITIAL_VIEW: CompareView = {
  order: [],
  hidden: new Set(),
  customising: false,
  hideUnchanged: false,
};

let view: CompareView = INITIAL_VIEW;
const listeners = new Set<() => void>();

export function getCompareView(): CompareView {
  return view;
}

export function setCompareView(update: (v: CompareView) => CompareView): void {
  view = update(view);
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useCompareView(): CompareView {
  return useSyncExternalStore(subscribe, getCompareView, getCompareView);
}

/** Hide or show one row. */
export function toggleHidden(v: CompareView, id: string): CompareView {
  const hidden = new Set(v.hidden);
  if (hidden.has(id)) hidden.delete(id);
  else hidden.add(id);
  return { ...v, hidden };
}
