// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { IDENTITY_KNOBS } from '../../../model/analysis';
import { parseScenarioOrThrow } from '../../../model/scenario';
import { resetRanges } from '../../../renderer/features/analysis/rangesStore';
import { UncertaintyEditor } from '../../../renderer/features/analysis/UncertaintyEditor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Air-cooled example: PUE 1.56 (catalog "air"), utilisation 0.8, not drawn by default.
const scenario = parseScenarioOrThrow(
  JSON.parse(readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8')),
);

let root: Root | null = null;
let host: HTMLElement;

function render(): void {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<UncertaintyEditor scenario={scenario} knobs={IDENTITY_KNOBS} />));
}

function byLabel<T extends HTMLElement>(name: string): T {
  const aria = host.querySelector<T>(`[aria-label="${name}"]`);
  if (aria) return aria;
  const label = Array.from(host.querySelectorAll('label')).find((l) => l.textContent === name);
  const el = label?.htmlFor ? (document.getElementById(label.htmlFor) as T | null) : null;
  if (!el) throw new Error(`no control named "${name}"`);
  return el;
}

function row(id: string): HTMLElement {
  const r = host.querySelector<HTMLElement>(`[data-testid="mc-edit-${id}"]`);
  if (!r) throw new Error(`no row ${id}`);
  return r;
}

/** Type into a text input as a person would (React's value tracker needs the native setter). */
function type(input: HTMLInputElement, text: string): void {
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  act(() => resetRanges());
});

describe('UncertaintyEditor (native controls)', () => {
  it('a checkbox per input, named for the input, draws it with the user range', () => {
    render();
    const box = byLabel<HTMLInputElement>('Draw Utilisation');
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    act(() => box.click());
    expect(byLabel<HTMLInputElement>('Draw Utilisation').checked).toBe(true);
    expect(row('utilization').textContent).toContain('your range');
  });

  it('the shape is a native select with the four shapes', () => {
    render();
    const select = byLabel<HTMLSelectElement>('Shape of PUE');
    expect(select.tagName).toBe('SELECT');
    expect(Array.from(select.options).map((o) => o.value)).toEqual([
      'triangular',
      'uniform',
      'normal',
      'lognormal',
    ]);
    act(() => {
      select.value = 'uniform';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(byLabel<HTMLSelectElement>('Shape of PUE').value).toBe('uniform');
    expect(row('pue').textContent).toContain('your range');
  });

  it('low and high are number fields committed on Enter and clamped to the input bounds', () => {
    render();
    type(byLabel<HTMLInputElement>('High end of PUE'), '2.5');
    expect(byLabel<HTMLInputElement>('High end of PUE').value).toBe('2.5');
    expect(row('pue').textContent).toContain('your range');
    // PUE is at most 3 (model/analysis/inputs.ts): 7 is clamped.
    type(byLabel<HTMLInputElement>('High end of PUE'), '7');
    expect(byLabel<HTMLInputElement>('High end of PUE').value).toBe('3');
    // Text that is not a number commits nothing and says so.
    type(byLabel<HTMLInputElement>('Low end of PUE'), 'abc');
    expect(row('pue').querySelector('.field-error')?.textContent).toBe('Enter a number');
  });
});
