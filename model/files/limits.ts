/**
 * The limits of what ClusterPlan opens, in one place: the reader (scenario files, recovery
 * copies), the workspace, the desktop shell and the CLI all read these constants.
 */

/**
 * Most scenarios open at once: the workspace's limit and the most a scenario file or recovery
 * copy may hold (one constant so the limit changes in one place).
 */
export const MAX_OPEN_SCENARIOS = 24;

/**
 * Largest scenario file (and recovery copy) opened, bytes; also the cap on its text in UTF-16
 * code units, which never exceed the UTF-8 bytes. 4 MiB: a scenario is 2–6 KB as saved, its
 * description at most 20,000 characters, so even 24 scenarios with a few hundred user catalog
 * entries each stay far below; a larger file is refused before it is read.
 */
export const MAX_SCENARIO_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_SCENARIO_FILE_CHARS = MAX_SCENARIO_FILE_BYTES;

/**
 * Most JSON values (objects, arrays, members, elements) in a file opened: a saved scenario holds
 * about 150, a user catalog entry about 20.
 */
export const MAX_FILE_JSON_VALUES = 250_000;

/** A byte or character count for messages: `812 bytes`, `37 KB`, `20.0 MB` (binary units). */
export function sizeText(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** Bytes of `s` as UTF-8 (lone surrogates count as the 3-byte replacement character). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
