/**
 * File writing for the desktop shell. Saves are atomic: write a temporary file in the same
 * directory, fsync it, rename over the target, fsync the directory; the previous file is kept
 * as `.bak`. Saves to one path are serialised.
 */
import { open, rename, copyFile, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { MAX_FILE_CHARS } from './contract';

const queues = new Map<string, Promise<unknown>>();

/** Run `task` after every earlier task queued for the same key has settled. */
function serialise<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  const tracked = next.catch(() => undefined);
  queues.set(key, tracked);
  void tracked.then(() => {
    if (queues.get(key) === tracked) queues.delete(key);
  });
  return next;
}

async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Atomically replace `target` with `contents` (UTF-8), keeping the old file as `target.bak`. */
export function writeFileAtomic(target: string, contents: string): Promise<void> {
  const absolute = path.resolve(target);
  return serialise(absolute, async () => {
    const dir = path.dirname(absolute);
    const temp = path.join(dir, `.${path.basename(absolute)}.${process.pid}.${Date.now()}.tmp`);
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(contents, 'utf8');
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await handle.close();
    const existed = await stat(absolute).then(
      () => true,
      () => false,
    );
    if (existed) await copyFile(absolute, `${absolute}.bak`);
    await rename(temp, absolute);
    await fsyncDirectory(dir);
  });
}

/** Read a text file, refusing files larger than the app's cap. */
export async function readTextFileCapped(file: string): Promise<string> {
  const info = await stat(file);
  if (info.size > MAX_FILE_CHARS) {
    throw new Error(`${path.basename(file)} is ${info.size} bytes; the limit is ${MAX_FILE_CHARS}`);
  }
  return readFile(file, 'utf8');
}
