// @vitest-environment jsdom
import '../../../renderer/zodConfig';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopApi } from '../../../electron/contract';
import { CatalogPage } from '../../../renderer/features/catalog/CatalogPage';
import { userEntriesOf } from '../../../renderer/features/catalog/catalogBrowse';
import { DesktopApiProvider } from '../../../renderer/platform/desktopApi';
import { useAppStore } from '../../../renderer/store';

// Every test starts from the store's initial state (two template scenarios, no history).
const initialState = useAppStore.getState();
beforeEach(() => useAppStore.setState(initialState, true));
afterEach(cleanup);

function mount() {
  const api = { openExternal: vi.fn(async () => undefined) } as unknown as DesktopApi;
  render(
    <DesktopApiProvider api={api}>
      <CatalogPage />
    </DesktopApiProvider>,
  );
}

function input(testId: string): HTMLInputElement {
  return within(screen.getByTestId(testId)).getByRole('textbox');
}

function search(text: string) {
  const box = within(screen.getByTestId('catalog-search')).getByRole('searchbox', {
    name: 'Search',
  });
  fireEvent.change(box, { target: { value: text } });
}

/** Type into a number field of the entry form and commit it (blur). */
function typeNumber(testId: string, text: string) {
  const el = input(testId);
  fireEvent.change(el, { target: { value: text } });
  fireEvent.blur(el);
}

function activeEntries() {
  const s = useAppStore.getState();
  const doc = s.history.present.scenarios.find((x) => x.id === s.activeId)?.doc ?? {};
  return userEntriesOf(doc);
}

describe('CatalogPage (native table, kit fields)', () => {
  it('a native table: search narrows it; the name button selects a row (aria-current) and shows its numbers', () => {
    mount();
    const table = screen.getByTestId('catalog-table');
    expect(table.tagName).toBe('TABLE');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Kind', 'Numbers', 'Origin']);
    search('qm9700');
    expect(screen.getByTestId('catalog-count').textContent).toMatch(/^1 of /);
    const pick = within(table).getByRole('button', { name: /QM9700/ });
    expect(pick.getAttribute('aria-current')).toBeNull();
    expect(screen.queryByTestId('catalog-detail')).toBeNull();
    fireEvent.click(pick);
    expect(pick.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('catalog-detail').textContent).toContain('Price');
    // Labels, not keys: the field's key is only its tooltip.
    expect(screen.getByTestId('catalog-detail').textContent).not.toContain('priceUsd');
    search('zzzz-no-such-entry');
    expect(within(table).getByText('No entry matches the search.')).toBeTruthy();
  });

  it('the kind filter is a native select (combobox) and narrows the rows to that kind', () => {
    mount();
    const kind = within(screen.getByTestId('catalog-kind')).getByRole('combobox', {
      name: 'Kind',
    });
    const all = screen.getByTestId('catalog-count').textContent ?? '';
    fireEvent.change(kind, { target: { value: 'switch' } });
    const narrowed = screen.getByTestId('catalog-count').textContent ?? '';
    expect(narrowed).not.toBe(all);
    const rows = within(screen.getByTestId('catalog-table')).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.textContent).toContain('Switch');
  });

  it('the entry form names the invalid field on the field itself, then saves an undoable override', () => {
    mount();
    search('qm9700');
    fireEvent.click(
      within(screen.getByTestId('catalog-table')).getByRole('button', { name: /QM9700/ }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Override with a user entry…' }));
    const form = screen.getByTestId('user-entry-form');
    expect(form.tagName).toBe('FORM');
    fireEvent.change(input('entry-date'), { target: { value: 'last week' } });
    typeNumber('entry-field-priceUsd', '25000');
    fireEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    // The message sits under the date field, is its description, and marks it invalid.
    const date = input('entry-date');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    const describedBy = date.getAttribute('aria-describedby') ?? '';
    expect(describedBy).not.toBe('');
    expect(document.getElementById(describedBy)?.textContent).toMatch(/YYYY-MM-DD/);
    expect(activeEntries()).toEqual([]);

    fireEvent.change(input('entry-date'), { target: { value: '2026-11-01' } });
    fireEvent.change(input('entry-source'), { target: { value: 'Quote 7' } });
    fireEvent.submit(form);
    expect(screen.queryByTestId('user-entry-form')).toBeNull();
    const saved = activeEntries();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ kind: 'switch', id: 'qm9700', source: 'Quote 7' });
    expect(JSON.stringify(saved[0]?.fields['priceUsd'])).toContain('25000');
    act(() => useAppStore.getState().undo());
    expect(activeEntries()).toEqual([]);
  });

  it('a number field rejects text, and emptying it drops the number from the entry', () => {
    mount();
    search('qm9700');
    fireEvent.click(
      within(screen.getByTestId('catalog-table')).getByRole('button', { name: /QM9700/ }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Override with a user entry…' }));
    typeNumber('entry-field-priceUsd', 'lots');
    const price = input('entry-field-priceUsd');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('entry-field-priceUsd').textContent).toContain('Enter a number');
    typeNumber('entry-field-priceUsd', '25000');
    typeNumber('entry-field-radix', '128');
    expect(input('entry-field-radix').value).toBe('128');
    // Emptied again: "keep the catalogued value".
    typeNumber('entry-field-priceUsd', '');
    expect(price.value).toBe('');
    fireEvent.change(input('entry-source'), { target: { value: 'Quote 8' } });
    fireEvent.submit(screen.getByTestId('user-entry-form'));
    const saved = activeEntries();
    expect(saved).toHaveLength(1);
    expect(Object.keys(saved[0]?.fields ?? {})).toEqual(['radix']);
  });
});
