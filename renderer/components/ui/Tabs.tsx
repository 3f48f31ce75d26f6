import { type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = { readonly id: string; readonly label: ReactNode };

/** The ids that tie a tab to its panel (`aria-controls` / `aria-labelledby`). */
export function tabIds(prefix: string, id: string): { tabId: string; panelId: string } {
  return { tabId: `${prefix}-tab-${id}`, panelId: `${prefix}-panel-${id}` };
}

/**
 * An ARIA tab list (WAI-ARIA APG "Tabs with automatic activation"): one tab stop (roving
 * tabindex), Left/Right (or Up/Down when vertical), Home and End move focus and select.
 * Render each panel with `TabPanel` and the same `idPrefix`.
 */
export function TabList(props: {
  idPrefix: string;
  items: readonly TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  'aria-label': string;
  className?: string;
  tabClassName?: string;
  orientation?: 'horizontal' | 'vertical';
  /** Test id per tab, if wanted. */
  tabTestId?: (id: string) => string;
}) {
  const vertical = props.orientation === 'vertical';
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const ids = props.items.map((t) => t.id);
    const at = ids.indexOf(props.selectedId);
    const prev = vertical ? 'ArrowUp' : 'ArrowLeft';
    const next = vertical ? 'ArrowDown' : 'ArrowRight';
    let to = -1;
    if (e.key === next) to = (at + 1) % ids.length;
    else if (e.key === prev) to = (at - 1 + ids.length) % ids.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = ids.length - 1;
    if (to < 0 || ids.length === 0) return;
    e.preventDefault();
    const id = ids[to] as string;
    props.onSelect(id);
    document.getElementById(tabIds(props.idPrefix, id).tabId)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={props['aria-label']}
      aria-orientation={vertical ? 'vertical' : undefined}
      className={props.className}
      onKeyDown={onKeyDown}
    >
      {props.items.map((t) => {
        const { tabId, panelId } = tabIds(props.idPrefix, t.id);
        const selected = t.id === props.selectedId;
        return (
          <button
            key={t.id}
            id={tabId}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            data-selected={selected || undefined}
            className={props.tabClassName}
            data-testid={props.tabTestId?.(t.id)}
            onClick={() => props.onSelect(t.id)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of one tab; focusable so keyboard users reach content without focusable parts. */
export function TabPanel(props: {
  idPrefix: string;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  const { tabId, panelId } = tabIds(props.idPrefix, props.id);
  return (
    <div
      id={panelId}
      role="tabpanel"
      aria-labelledby={tabId}
      tabIndex={0}
      className={props.className}
    >
      {props.children}
    </div>
  );
}
