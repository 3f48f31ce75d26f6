import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CHANNELS } from '../../electron/contract';
import {
  guardHandler,
  IpcRejectedError,
  registerValidatedHandlers,
  senderRejection,
  type InvokeEventLike,
} from '../../electron/ipc';

const appFrame: InvokeEventLike = {
  senderFrame: { url: 'app://clusterplan/index.html', parent: null },
};

describe('senderRejection', () => {
  it('accepts the app main frame', () => {
    expect(senderRejection(appFrame)).toBeNull();
  });
  it('rejects a foreign origin, a subframe and a destroyed frame', () => {
    expect(
      senderRejection({ senderFrame: { url: 'https://evil.example/', parent: null } }),
    ).toMatch(/origin not allowed: https:\/\/evil.example/);
    expect(
      senderRejection({ senderFrame: { url: 'app://clusterplan/index.html', parent: {} } }),
    ).toMatch(/not the main frame/);
    expect(senderRejection({ senderFrame: null })).toMatch(/gone/);
  });
});

describe('guardHandler', () => {
  const schema = z.object({ n: z.number().int().positive() }).strict();

  it('runs the handler with the parsed payload for the app frame', async () => {
    const fn = vi.fn((p: { n: number }) => p.n * 2);
    const h = guardHandler('clusterplan:double', schema, fn);
    await expect(h(appFrame, { n: 21 })).resolves.toBe(42);
    // The event goes along, so operations act on the window that called.
    expect(fn).toHaveBeenCalledWith({ n: 21 }, appFrame);
  });

  it('rejects a foreign sender before touching the handler', async () => {
    const fn = vi.fn();
    const log = vi.fn();
    const h = guardHandler('clusterplan:double', schema, fn, log);
    const foreign = { senderFrame: { url: 'https://evil.example/x', parent: null } };
    await expect(h(foreign, { n: 1 })).rejects.toBeInstanceOf(IpcRejectedError);
    expect(fn).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('origin not allowed'));
  });

  it.each([
    [undefined, 'payload'],
    [null, 'payload'],
    [{ n: -1 }, 'n'],
    [{ n: '3' }, 'n'],
    [{ n: 1, extra: true }, 'payload'],
    [{ __proto__: { n: 1 } }, 'payload'],
  ])('rejects malformed payload %j naming %s', async (payload, where) => {
    const fn = vi.fn();
    const h = guardHandler('clusterplan:double', schema, fn);
    await expect(h(appFrame, payload)).rejects.toThrow(new RegExp(`invalid ${where}`));
    expect(fn).not.toHaveBeenCalled();
  });

  it('refuses channels without the app prefix', () => {
    expect(() => guardHandler('double', schema, () => 1)).toThrow(/must start with/);
  });

  it('validates the real save payload: no path separators in the suggested name', async () => {
    const fn = vi.fn();
    const h = guardHandler(CHANNELS.saveTextFile.channel, CHANNELS.saveTextFile.schema, fn);
    await expect(
      h(appFrame, { suggestedName: '../../.bashrc', kind: 'scenario', contents: 'x' }),
    ).rejects.toThrow(/invalid suggestedName/);
    await expect(
      h(appFrame, { suggestedName: 'a.json', kind: 'exe', contents: 'x' }),
    ).rejects.toThrow(/invalid kind/);
    await h(appFrame, { suggestedName: 'a.json', kind: 'scenario', contents: '{}' });
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('registerValidatedHandlers', () => {
  it('registers each channel once and refuses unprefixed channels', () => {
    const handle = vi.fn();
    const h = guardHandler('clusterplan:x', z.object({}), () => 1);
    registerValidatedHandlers({ handle }, { 'clusterplan:x': h });
    expect(handle).toHaveBeenCalledWith('clusterplan:x', h);
    expect(() => registerValidatedHandlers({ handle }, { other: h })).toThrow(/must start with/);
  });
});
