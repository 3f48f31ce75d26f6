/**
 * The only place IPC handlers are registered (lint forbids `ipcMain.handle` elsewhere).
 * Every call is checked before its handler runs: the channel has the app prefix, the sender is
 * the app's own main frame (not a subframe, not another origin), and the payload parses with
 * the operation's zod schema. Refusals throw (the renderer's promise rejects) and are logged.
 * Modelled on VS Code's validatedIpcMain.
 */
import type { z } from 'zod';
import { CHANNEL_PREFIX } from './channels';
import { isAppUrl } from './security';

/** The parts of Electron's IpcMainInvokeEvent the guard reads (structural, for tests). */
export type InvokeEventLike = {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
  /** The WebContents that called (main finds the caller's own window from it). */
  readonly sender?: unknown;
};

/** The part of Electron's ipcMain used here. */
export type IpcMainLike = {
  handle(channel: string, listener: (event: InvokeEventLike, payload: unknown) => unknown): void;
};

export type GuardedHandler = (event: InvokeEventLike, payload: unknown) => Promise<unknown>;

export class IpcRejectedError extends Error {
  override readonly name = 'IpcRejectedError';
}

/** Why a sender may not call IPC, or `null` when it may. */
export function senderRejection(event: InvokeEventLike): string | null {
  const frame = event.senderFrame;
  if (frame === null) return 'sender frame is gone';
  if (frame.parent !== null) return 'sender is not the main frame';
  if (!isAppUrl(frame.url)) return `sender origin not allowed: ${safeOrigin(frame.url)}`;
  return null;
}

/** Objects must be plain (no custom prototype), so nothing is read through a prototype chain. */
function isPlainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid url)';
  }
}

/**
 * Wrap an operation so it only runs for the app's main frame with a payload that parses.
 * @param channel - must start with `clusterplan:`
 * @param schema - zod schema of the payload
 * @param handler - the operation, called with the parsed payload and the event (whose `sender`
 *   names the calling window: operations act on that window, never on whichever has focus)
 */
export function guardHandler<S extends z.ZodType>(
  channel: string,
  schema: S,
  handler: (payload: z.infer<S>, event: InvokeEventLike) => Promise<unknown> | unknown,
  log: (message: string) => void = () => undefined,
): GuardedHandler {
  if (!channel.startsWith(CHANNEL_PREFIX)) {
    throw new Error(`IPC channel "${channel}" must start with "${CHANNEL_PREFIX}"`);
  }
  return async (event, payload) => {
    const rejection = senderRejection(event);
    if (rejection !== null) {
      log(`IPC ${channel} rejected: ${rejection}`);
      throw new IpcRejectedError(`${channel}: ${rejection}`);
    }
    if (!isPlainData(payload)) {
      log(`IPC ${channel} rejected: payload is not plain data`);
      throw new IpcRejectedError(`${channel}: invalid payload: not plain data`);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first && first.path.length > 0 ? first.path.join('.') : 'payload';
      const message = `${channel}: invalid ${where}: ${first?.message ?? 'malformed payload'}`;
      log(`IPC rejected: ${message}`);
      throw new IpcRejectedError(message);
    }
    return handler(parsed.data, event);
  };
}

export type HandlerTable = Record<string, GuardedHandler>;

/** Register every guarded handler on ipcMain. The only call site of `ipcMain.handle`. */
export function registerValidatedHandlers(ipcMain: IpcMainLike, table: HandlerTable): void {
  for (const [channel, handler] of Object.entries(table)) {
    if (!channel.startsWith(CHANNEL_PREFIX)) {
      throw new Error(`IPC channel "${channel}" must start with "${CHANNEL_PREFIX}"`);
    }
    ipcMain.handle(channel, handler);
  }
}
