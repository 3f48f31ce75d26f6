/**
 * Parse untrusted JSON text (a file the user opens) into plain data, refusing what could hurt
 * later code: text over a size cap, nesting deeper than a limit, the keys `__proto__`,
 * `constructor` and `prototype` (prototype pollution when data is later merged or spread), and
 * numbers that overflowed to ±Infinity. Never throws: the result says what is wrong and where,
 * so the caller can show one clear message and leave what is open unchanged.
 * Practice: OWASP "Prototype Pollution Prevention Cheat Sheet" (reject the three keys at the
 * boundary) and "Deserialization Cheat Sheet" (cap size and depth before use).
 */

/** Limits for {@link parseJsonSafely}. */
export type SafeJsonLimits = {
  /** Largest accepted text, UTF-16 code units (≈ bytes for ASCII JSON). */
  readonly maxChars: number;
  /** Deepest accepted nesting of objects and arrays (the top level is depth 1). */
  readonly maxDepth: number;
};

/** Defaults: 20 MB of text (the shell's file cap) and 64 levels (scenario files use < 12). */
export const DEFAULT_JSON_LIMITS: SafeJsonLimits = { maxChars: 20 * 1024 * 1024, maxDepth: 64 };

export type SafeJsonResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function formatPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(top level)';
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

/**
 * Nesting depth of JSON text measured on the raw characters (brackets outside strings), so a
 * hostile file of a million `[` is refused before JSON.parse recurses into it.
 */
function exceedsDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Walk parsed data without recursion; the first problem found, or null. */
function findProblem(root: unknown): string | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${formatPath(path)}: number is too large`;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], path: [...path, i] });
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(key)) return `${formatPath(path)}: the key "${key}" is not allowed`;
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * Parse untrusted JSON text.
 * @param text - the file's contents
 * @param limits - size and depth caps (defaults: 20 MB, 64 levels)
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
      error: `The file is too large (${text.length} characters; the limit is ${limits.maxChars}).`,
    };
  }
  if (exceedsDepth(text, limits.maxDepth)) {
    return { ok: false, error: `The file is nested deeper than ${limits.maxDepth} levels.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, error: `The file is not valid JSON (${detail}).` };
  }
  const problem = findProblem(value);
  if (problem !== null) return { ok: false, error: `The file is refused: ${problem}.` };
  return { ok: true, value };
}
