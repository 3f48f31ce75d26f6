// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MenuButton,
  Modal,
  NumberField,
  TabList,
  TabPanel,
  TooltipButton,
} from '../../../renderer/components/ui';

afterEach(cleanup);

function TabsHarness() {
  const [sel, setSel] = useState('a');
  const items = [
    { id: 'a', label: 'Alpha' },
    { id: 'b', label: 'Beta' },
    { id: 'c', label: 'Gamma' },
  ];
  return (
    <>
      <TabList idPrefix="t" items={items} selectedId={sel} onSelect={setSel} aria-label="Things" />
      <TabPanel idPrefix="t" id={sel}>
        panel {sel}
      </TabPanel>
    </>
  );
}

describe('TabList (APG tabs, automatic activation)', () => {
  it('has one tab stop, arrows/Home/End select and focus, the panel is labelled by its tab', () => {
    render(<TabsHarness />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    tabs[0]?.focus();
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Beta' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Beta' }));
    expect(screen.getByRole('tabpanel', { name: 'Beta' }).textContent).toBe('panel b');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gamma' }));
    // Wraps around.
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Alpha' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Gamma' }).tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');
  });
});

describe('MenuButton (APG menu button)', () => {
  function mount(onAction = vi.fn()) {
    render(
      <MenuButton
        label="File"
        sections={[
          {
            items: [
              { id: 'new', label: 'New' },
              { id: 'open', label: 'Open…', shortcut: 'Ctrl+O' },
            ],
          },
          { title: 'Recent', items: [{ id: 'none', label: 'None yet', isDisabled: true }] },
        ]}
        onAction={onAction}
      />,
    );
    return onAction;
  }

  it('opens on click with focus on the first item; arrows move; Enter runs and closes', () => {
    const onAction = mount();
    const button = screen.getByRole('button', { name: 'File' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'File' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('New');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Open…');
    // The disabled item is skipped: Down wraps to the first.
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('New');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Enter' });
    expect(onAction).toHaveBeenCalledWith('open');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes without running anything and gives focus back; disabled items do nothing', () => {
    const onAction = mount();
    const button = screen.getByRole('button', { name: 'File' });
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toContain('Open…');
    fireEvent.click(screen.getByRole('menuitem', { name: 'None yet' }));
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(onAction).not.toHaveBeenCalled();
  });
});

describe('NumberField (locale number input)', () => {
  function Harness(props: { onClear?: () => void; onSpy: (v: number) => void }) {
    const [v, setV] = useState<number | null>(1024);
    return (
      <NumberField
        label="GPUs"
        unit="GPUs"
        value={v}
        minValue={1}
        maxValue={100_000}
        step={8}
        maximumFractionDigits={0}
        onChange={(n) => {
          props.onSpy(n);
          setV(n);
        }}
        {...(props.onClear ? { onClear: () => (props.onClear?.(), setV(null)) } : {})}
      />
    );
  }

  it('shows the value in the locale, commits typed text on Enter, clamps, steps with arrows', () => {
    const spy = vi.fn();
    render(<Harness onSpy={spy} />);
    const input = screen.getByRole('textbox', { name: /GPUs/ }) as HTMLInputElement;
    expect(input.value).toBe((1024).toLocaleString());
    fireEvent.change(input, { target: { value: '2048' } });
    expect(spy).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(spy).toHaveBeenLastCalledWith(2048);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(spy).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(spy).toHaveBeenLastCalledWith(9);
  });

  it('refuses text that is not a number with an error, and Escape restores the value', () => {
    const spy = vi.fn();
    render(<Harness onSpy={spy} />);
    const input = screen.getByRole('textbox', { name: /GPUs/ }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'many' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(spy).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a number')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe((1024).toLocaleString());
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('emptying calls onClear when given, and otherwise restores the value', () => {
    const spy = vi.fn();
    const clear = vi.fn();
    const { unmount } = render(<Harness onSpy={spy} onClear={clear} />);
    let input = screen.getByRole('textbox', { name: /GPUs/ }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('');
    unmount();
    render(<Harness onSpy={spy} />);
    input = screen.getByRole('textbox', { name: /GPUs/ }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(input.value).toBe((1024).toLocaleString());
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('TooltipButton', () => {
  it('describes its button while shown; Escape hides it', () => {
    vi.useFakeTimers();
    render(<TooltipButton tooltip="Source: a datasheet">700 W</TooltipButton>);
    const button = screen.getByRole('button', { name: '700 W' });
    // Shown after a hover delay, not at once; leaving before it cancels.
    fireEvent.pointerEnter(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerLeave(button);
    act(() => void vi.advanceTimersByTime(400));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(button);
    act(() => void vi.advanceTimersByTime(400));
    vi.useRealTimers();
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Source: a datasheet');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('Modal', () => {
  it('renders only when open; Escape (cancel) closes unless disabled', () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <Modal isOpen={false} onOpenChange={onOpenChange} aria-label="Help">
        <button type="button">Close</button>
      </Modal>,
    );
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    rerender(
      <Modal isOpen onOpenChange={onOpenChange} aria-label="Help">
        <button type="button">Close</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();
    rerender(
      <Modal
        isOpen
        onOpenChange={onOpenChange}
        aria-label="Help"
        role="alertdialog"
        isKeyboardDismissDisabled
      >
        <button type="button">Close</button>
      </Modal>,
    );
    fireEvent(screen.getByRole('alertdialog'), new Event('cancel', { cancelable: true }));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
