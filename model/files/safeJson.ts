/**
 * Parse untrusted JSON text (a file the user opens) into plain data, refusing what could hurt
 * later code: text over a size cap, nesting deeper than a limit, more values than a limit, the
 * keys `__proto__`, `constructor` and `prototype` (prototype pollution when data is later
 * merged or spread), and numbers that overflowed to ±Infinity. A leading UTF-8 byte-order mark
 * is accepted (editors on Windows write one). Never throws: the result says what is wrong and
 * where, so the caller can show one clear message and leave what is open unchanged.
 *
 * The work is bounded before anything is allocated per value: one pass over the raw characters
 * measures nesting and counts values, so a hostile file (a million `[`, a 20 MB flat array) is
 * refused in one linear scan without `JSON.parse` building it. The check after parsing walks
 * the data iteratively (no recursion, no path copied per value).
 * Practice: OWASP "Prototype Pollution Prevention Cheat Sheet" (reject the three keys at the
 * boundary) and "Deserialization Cheat Sheet" (cap size, depth and count before use).
 */
import { MAX_FILE_JSON_VALUES, MAX_SCENARIO_FILE_CHARS, sizeText } from './limits';

/** Limits for {@link parseJsonSafely}. */
export type SafeJsonLimits = {
  /** Largest accepted text, UTF-16 code units (≈ bytes for ASCII JSON). */
  readonly maxChars: number;
  /** Deepest accepted nesting of objects and arrays (the top level is depth 1). */
  readonly maxDepth: number;
  /** Most values (objects, arrays, members and elements) accepted; absent: no count limit. */
  readonly maxValues?: number;
};

/** Defaults: the scenario-file cap (4 MiB), 64 levels (scenario files use < 12), 250,000 values. */
export const DEFAULT_JSON_LIMITS: SafeJsonLimits = {
  maxChars: MAX_SCENARIO_FILE_CHARS,
  maxDepth: 64,
  maxValues: MAX_FILE_JSON_VALUES,
};

export type SafeJsonResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** U+FEFF at the start of a file: a UTF-8 byte-order mark, not content. */
const BOM = 0xfeff;

function formatPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(top level)';
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

/**
 * One pass over the raw characters (brackets and commas outside strings): the first limit the
 * text exceeds, or null. Values are counted as containers plus separators, an upper bound of
 * the values `JSON.parse` would build.
 */
function scanText(text: string, start: number, limits: SafeJsonLimits): string | null {
  const maxValues = limits.maxValues ?? Infinity;
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      values++;
      if (depth > limits.maxDepth) {
        return `The file is nested deeper than ${limits.maxDepth} levels.`;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
    else if (c === 44 /* , */) values++;
    if (values > maxValues) {
      return `The file holds more than ${maxValues.toLocaleString('en-US')} values; a scenario file holds a few thousand.`;
    }
  }
  return null;
}

type Frame = {
  readonly value: unknown;
  readonly parent: Frame | null;
  readonly key: string | number | null;
};

function pathOf(frame: Frame): (string | number)[] {
  const out: (string | number)[] = [];
  for (let f: Frame | null = frame; f !== null && f.key !== null; f = f.parent) out.push(f.key);
  return out.reverse();
}

/** Walk parsed data without recursion; the first problem found, or null. */
function findProblem(root: unknown): string | null {
  const stack: Frame[] = [{ value: root, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const value = frame.value;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${formatPath(pathOf(frame))}: number is too large`;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'object' || typeof item === 'number') {
          stack.push({ value: item, parent: frame, key: i });
        }
      }
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(key)) {
          return `${formatPath(pathOf(frame))}: the key "${key}" is not allowed`;
        }
        const item = (value as Record<string, unknown>)[key];
        if (typeof item === 'object' || typeof item === 'number') {
          stack.push({ value: item, parent: frame, key });
        }
      }
    }
  }
  return null;
}

/**
 * Parse untrusted JSON text.
 * @param text - the file's contents (a leading byte-order mark is skipped)
 * @param limits - size, depth and count caps (defaults: 4 MiB, 64 levels, 250,000 values)
 * @returns `{ ok: true, value }` or `{ ok: false, error }` with a message naming the problem
 */
export function parseJsonSafely(
  text: string,
  limits: SafeJsonLimits = DEFAULT_JSON_LIMITS,
): SafeJsonResult {
  if (typeof text !== 'string') return { ok: false, error: 'The file is not text.' };
  if (text.length > limits.maxChars) {
    return {
      ok: false,
      error: `The file is too large (${sizeText(text.length)}; the limit is ${sizeText(limits.maxChars)}).`,
    };
  }
  const start = text.charCodeAt(0) === BOM ? 1 : 0;
  const tooMuch = scanText(text, start, limits);
  if (tooMuch !== null) return { ok: false, error: tooMuch };
  let value: unknown;
  try {
    value = JSON.parse(start === 0 ? text : text.slice(start));
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, error: `The file is not valid JSON (${detail}).` };
  }
  const problem = findProblem(value);
  if (problem !== null) return { ok: false, error: `The file is refused: ${problem}.` };
  return { ok: true, value };
}
