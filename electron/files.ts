/**
 * File writing and reading for the desktop shell.
 *
 * Saves are atomic: write a temporary file in the target's own directory with the target's
 * permissions, fsync it, rename it over the target, fsync the directory. A symlinked target is
 * written through to the file it points to (the link stays a link). The previous version is
 * kept as `.bak` (scenario files and the shell's own files; not exports): hard-linked, or copied
 * and fsynced, under a temporary name and renamed into place, so a kill at any point leaves a
 * complete `.bak` or the previous one. Keeping the `.bak` is best-effort: a `.bak` that cannot be
 * replaced never blocks the save. Temporary files a killed save left behind (their process is
 * gone) are removed by the next save of the same file. Saves to one file are serialised, and
 * saves through one path keep their call order.
 *
 * The directory fsync is best-effort where the platform refuses it (Windows answers EPERM: a
 * directory cannot be opened for writing there, and NTFS journals the rename itself), so a
 * written file is never reported as a failed save.
 */
import { constants } from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  open,
  readdir,
  readlink,
  realpath,
  rename,
  stat,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { MAX_SCENARIO_FILE_BYTES, sizeText } from '../model/files/limits';

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

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/**
 * Errors of a directory fsync that mean "this platform or file system does not do that"
 * (Windows: EPERM or EISDIR; some network and FUSE file systems: EINVAL, ENOTSUP), not "the
 * data was not written".
 */
export const DIRECTORY_SYNC_UNSUPPORTED: readonly string[] = [
  'EPERM',
  'EISDIR',
  'EINVAL',
  'ENOTSUP',
  'EOPNOTSUPP',
  'EBADF',
  'EACCES',
];

/** fsync a directory so a rename in it is durable; best-effort where the platform refuses. */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (!DIRECTORY_SYNC_UNSUPPORTED.includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

let tempCounter = 0;

function tempName(dir: string, base: string, kind: 'tmp' | 'bak'): string {
  tempCounter += 1;
  const infix = kind === 'bak' ? '.bak' : '';
  return path.join(dir, `.${base}${infix}.${process.pid}.${tempCounter}.tmp`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when a process with this id is running (EPERM: running, owned by someone else). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** A temp file older than this is an orphan whatever its process id says (ids are reused). */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * True when the process that wrote a temp file (`pid`, last written at `mtimeMs`) may still be
 * writing it. A running process with that id only counts when it started before the file was
 * written: process ids are reused, and on Linux /proc/<pid> dates the running process's start.
 */
async function ownerMayBeWriting(pid: number, mtimeMs: number): Promise<boolean> {
  if (!processAlive(pid)) return false;
  if (Date.now() - mtimeMs > ORPHAN_AGE_MS) return false;
  const started = await stat(`/proc/${pid}`).catch(() => null);
  // 1 s of slack: /proc times and file times may round differently.
  return started === null || started.ctimeMs <= mtimeMs + 1000;
}

/**
 * Remove the temporary files earlier saves of `base` left in `dir` when their process died
 * mid-save (`.<base>.<pid>.<n>.tmp`, `.<base>.bak.<pid>.<n>.tmp`). Files of a process still
 * writing are left alone (its id is running and started before the file was written, and the
 * file is less than a day old); this process's own are not in flight (saves to one file are
 * serialised).
 * @returns the names removed
 */
export async function removeOrphanTemps(dir: string, base: string): Promise<string[]> {
  const pattern = new RegExp(`^\\.${escapeRegExp(base)}(?:\\.bak)?\\.(\\d+)\\.\\d+\\.tmp$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    const file = path.join(dir, name);
    if (pid !== process.pid) {
      const info = await stat(file).catch(() => null);
      if (info === null || (await ownerMayBeWriting(pid, info.mtimeMs))) continue;
    }
    try {
      await unlink(file);
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove: nothing to clean.
    }
  }
  return removed;
}

/**
 * The file a save to `target` writes: the target itself, or, when it is a symlink, the file
 * the link points to (followed to the end, even when that file does not exist yet).
 */
export async function resolveSaveTarget(target: string): Promise<string> {
  let current = path.resolve(target);
  for (let hops = 0; hops < 40; hops++) {
    let info;
    try {
      info = await lstat(current);
    } catch {
      // Does not exist yet: write here (its directory may itself be reached through links).
      try {
        return path.join(await realpath(path.dirname(current)), path.basename(current));
      } catch {
        return current;
      }
    }
    if (!info.isSymbolicLink()) return realpath(current);
    current = path.resolve(path.dirname(current), await readlink(current));
  }
  throw new Error(`${path.basename(target)}: too many levels of symbolic links`);
}

/** Keep the current `file` as `file.bak`, complete: hard link, else copy + fsync; then rename. */
async function keepBackup(file: string, dir: string, base: string): Promise<void> {
  const temp = tempName(dir, base, 'bak');
  try {
    try {
      await link(file, temp);
    } catch {
      // No hard links here (FAT, some network shares): a copy, durable before it is renamed.
      await copyFile(file, temp, constants.COPYFILE_EXCL);
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    await rename(temp, `${file}.bak`);
    // When a killed save left `.bak` as a link to the file itself, the rename above is a no-op
    // that leaves the temp name in place (POSIX rename of two links to one file): drop it.
    await unlink(temp).catch(() => undefined);
  } catch {
    // Best-effort: the .bak could not be replaced (a folder in its place, read-only, ...).
    // The save itself goes on; the previous .bak, if any, stays as it was.
    await unlink(temp).catch(() => undefined);
  }
}

export type WriteFileAtomicOptions = {
  /** Keep the previous version as `<file>.bak` (default true; exports pass false). */
  readonly backup?: boolean;
};

/**
 * Atomically replace `target` with `contents` (a string is written as UTF-8).
 * @param target - the file to write; a symlink is written through to the file it points to
 * @param contents - text or bytes
 * @param options - `backup: false` keeps no `.bak` (exports)
 */
export async function writeFileAtomic(
  target: string,
  contents: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  // Saves through one path are queued in call order before the (asynchronous) lookup of the
  // file it names, so a later save never overtakes an earlier one; saves reaching one file
  // through different links are then serialised by the file itself.
  return serialise(`path:${path.resolve(target)}`, async () => {
    const file = await resolveSaveTarget(target);
    return serialise(file, () => writeResolved(file, contents, options));
  });
}

async function writeResolved(
  file: string,
  contents: string | Uint8Array,
  options: WriteFileAtomicOptions,
): Promise<void> {
  const dir = path.dirname(file);
  const base = path.basename(file);
  await removeOrphanTemps(dir, base);
  const existing = await stat(file).catch(() => null);
  if (existing !== null && !existing.isFile()) {
    throw new Error(`${base} is not a regular file`);
  }
  // Keep the file's permissions (a 0600 file stays 0600); new files get 0666 less the umask.
  const mode = existing !== null ? existing.mode & 0o7777 : 0o666;
  const temp = tempName(dir, base, 'tmp');
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(contents);
    if (existing !== null) await handle.chmod(mode);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  if (existing !== null && options.backup !== false) await keepBackup(file, dir, base);
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await fsyncDirectory(dir);
}

/**
 * Read a text file (UTF-8), refusing anything but a regular file and files larger than `limit`
 * bytes before reading them.
 * @param limit - bytes (default: the scenario-file cap, 4 MiB)
 */
export async function readTextFileCapped(
  file: string,
  limit: number = MAX_SCENARIO_FILE_BYTES,
): Promise<string> {
  const name = path.basename(file);
  const tooLarge = (size: number) =>
    new Error(
      `${name} is too large (${sizeText(size)}); ClusterPlan opens files up to ${sizeText(limit)}`,
    );
  // Checked before opening: opening a FIFO or device would block or never end.
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`${name} is not a regular file`);
  if (info.size > limit) throw tooLarge(info.size);
  const handle = await open(file, 'r');
  try {
    // Read in chunks and stop past the limit: a file growing after the check is still refused.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > limit) throw tooLarge(length);
    }
    return Buffer.concat(chunks, length).toString('utf8');
  } finally {
    await handle.close();
  }
}
