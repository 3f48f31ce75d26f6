import { describe, expect, it, vi } from 'vitest';
import {
  closeChoice,
  closePromptOptions,
  crashChoice,
  crashPromptOptions,
  createCloseController,
  windowTitle,
} from '../../electron/document';

function controller(response: number) {
  const deps = {
    appName: 'ClusterPlan',
    showPrompt: vi.fn(() => Promise.resolve(response)),
    requestSaveThenClose: vi.fn(),
    clearRecovery: vi.fn(() => Promise.resolve()),
    closeWindow: vi.fn(),
  };
  return { deps, c: createCloseController(deps) };
}

describe('document state in the shell', () => {
  it('titles the window with the file name and an unsaved marker', () => {
    expect(windowTitle('ClusterPlan', { fileName: null, dirty: false })).toBe(
      'Untitled — ClusterPlan',
    );
    expect(windowTitle('ClusterPlan', { fileName: 'a.json', dirty: true })).toBe(
      '• a.json — ClusterPlan',
    );
  });

  it('asks Save / Don’t Save / Cancel, Cancel on Esc', () => {
    const o = closePromptOptions('ClusterPlan', { fileName: 'a.json', dirty: true });
    expect(o.buttons).toEqual(['Save', "Don't Save", 'Cancel']);
    expect(o.cancelId).toBe(2);
    expect(o.message).toContain('a.json');
    expect([0, 1, 2, 7, -1].map(closeChoice)).toEqual([
      'save',
      'discard',
      'cancel',
      'cancel',
      'cancel',
    ]);
  });

  it('closes at once without unsaved changes', () => {
    const { c, deps } = controller(0);
    const prevent = vi.fn();
    c.onClose(prevent);
    expect(prevent).not.toHaveBeenCalled();
    expect(deps.showPrompt).not.toHaveBeenCalled();
  });

  it('Save: the renderer saves, and the window closes only when it confirms', async () => {
    const { c, deps } = controller(0);
    c.setDocument({ fileName: 'a.json', dirty: true });
    const prevent = vi.fn();
    c.onClose(prevent);
    c.onClose(prevent); // a second close while asking shows no second prompt
    await c.settled();
    expect(prevent).toHaveBeenCalledTimes(2);
    expect(deps.showPrompt).toHaveBeenCalledTimes(1);
    expect(deps.requestSaveThenClose).toHaveBeenCalledTimes(1);
    expect(deps.closeWindow).not.toHaveBeenCalled();
    c.confirmClose();
    expect(deps.closeWindow).toHaveBeenCalledTimes(1);
    const again = vi.fn();
    c.onClose(again);
    expect(again).not.toHaveBeenCalled();
  });

  it("Don't Save: deletes the recovery copy, then closes", async () => {
    const { c, deps } = controller(1);
    c.setDocument({ fileName: null, dirty: true });
    c.onClose(vi.fn());
    await c.settled();
    expect(deps.clearRecovery).toHaveBeenCalledTimes(1);
    expect(deps.closeWindow).toHaveBeenCalledTimes(1);
    const prevent = vi.fn();
    c.onClose(prevent);
    expect(prevent).not.toHaveBeenCalled();
  });

  it('Cancel: stays open, asks again next time', async () => {
    const { c, deps } = controller(2);
    c.setDocument({ fileName: 'a.json', dirty: true });
    c.onClose(vi.fn());
    await c.settled();
    expect(deps.closeWindow).not.toHaveBeenCalled();
    expect(deps.clearRecovery).not.toHaveBeenCalled();
    c.onClose(vi.fn());
    await c.settled();
    expect(deps.showPrompt).toHaveBeenCalledTimes(2);
  });
});

describe('renderer gone (crash, killed, out of memory)', () => {
  it('closing asks nothing and keeps the recovery copy (the only copy of the work)', () => {
    const { c, deps } = controller(1);
    c.setDocument({ fileName: 'a.json', dirty: true });
    c.rendererGone();
    const prevent = vi.fn();
    c.onClose(prevent);
    expect(prevent).not.toHaveBeenCalled();
    expect(deps.showPrompt).not.toHaveBeenCalled();
    expect(deps.clearRecovery).not.toHaveBeenCalled();
    expect(deps.requestSaveThenClose).not.toHaveBeenCalled();
  });

  it('an answer to a prompt open when the page died neither saves to it nor deletes the copy', async () => {
    for (const response of [0, 1]) {
      let answer: (n: number) => void = () => undefined;
      const deps = {
        appName: 'ClusterPlan',
        showPrompt: vi.fn(() => new Promise<number>((r) => (answer = r))),
        requestSaveThenClose: vi.fn(),
        clearRecovery: vi.fn(() => Promise.resolve()),
        closeWindow: vi.fn(),
      };
      const c = createCloseController(deps);
      c.setDocument({ fileName: 'a.json', dirty: true });
      c.onClose(vi.fn());
      c.rendererGone();
      answer(response);
      await c.settled();
      expect(deps.requestSaveThenClose).not.toHaveBeenCalled();
      expect(deps.clearRecovery).not.toHaveBeenCalled();
    }
  });

  it('a reload starts clean; the page reports its document again', () => {
    const { c } = controller(2);
    c.setDocument({ fileName: 'a.json', dirty: true });
    c.rendererGone();
    c.setDocument({ fileName: 'b.json', dirty: false }); // a late message from the dead page
    expect(c.document()).toEqual({ fileName: 'a.json', dirty: true });
    c.rendererReloaded();
    expect(c.isRendererGone()).toBe(false);
    expect(c.document()).toEqual({ fileName: null, dirty: false });
  });

  it('offers Reload (default) or Close Window, saying the unsaved work is kept', () => {
    const o = crashPromptOptions('ClusterPlan', { fileName: 'a.json', dirty: true }, 'crashed');
    expect(o.buttons).toEqual(['Reload', 'Close Window']);
    expect(o.message).toContain('crashed');
    expect(o.detail).toContain('recovery copy');
    expect([0, 1, 5, -1].map(crashChoice)).toEqual(['reload', 'close', 'reload', 'reload']);
  });
});
