/**
 * A compact, lossless form of the bundled validation files for the renderer's bundle (written at
 * build time by vite.trim-validation.ts, read back when the engine worker loads them). A case is
 * flattened to its leaf fields in its own key order; the dotted paths of those leaves (its shape)
 * are stored once for all files, and the case becomes `[shape index, ...leaf values]`. The keys
 * that every case repeats (`"model":{"params_b":…,"layers":…}`) are then written once per shape
 * instead of once per case: about 4 KB less gzipped over the nine files.
 * `decodeValidationFile(shapes, encoded)` gives back the file as parsed, key order included
 * (tested for every bundled file).
 */

/** One case shape: the dotted paths of its leaf fields, in the case's key order. */
export type CaseShape = readonly string[];

/** A file's keys other than `cases` (unchanged), and each case as shape index and leaf values. */
export type EncodedValidationFile = {
  readonly head: Readonly<Record<string, unknown>>;
  readonly rows: readonly (readonly unknown[])[];
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A case's leaves: a non-empty plain object is descended into, anything else is a leaf. */
function leaves(v: unknown, path: string, out: [string, unknown][]): void {
  if (isRecord(v) && Object.keys(v).length > 0) {
    for (const [k, x] of Object.entries(v)) leaves(x, path === '' ? k : `${path}.${k}`, out);
  } else out.push([path, v]);
}

/** Whether a case can be stored by shape: a plain object with no key containing a dot. */
function encodable(v: unknown): boolean {
  if (!isRecord(v)) return true;
  return Object.entries(v).every(([k, x]) => k !== '' && !k.includes('.') && encodable(x));
}

/**
 * Encode several parsed validation files with one shape table. A file is encoded when it is an
 * object whose `cases` (its last key) is a list of non-empty plain objects whose keys hold no
 * dot; any other file is returned as it is (`null` in `encoded`, the caller ships it whole).
 */
export function encodeValidationFiles(files: readonly unknown[]): {
  readonly shapes: readonly CaseShape[];
  readonly encoded: readonly (EncodedValidationFile | null)[];
} {
  const shapeIndex = new Map<string, number>();
  const shapes: CaseShape[] = [];
  const encoded = files.map((data): EncodedValidationFile | null => {
    if (!isRecord(data)) return null;
    const keys = Object.keys(data);
    const cases = data['cases'];
    if (keys[keys.length - 1] !== 'cases' || !Array.isArray(cases)) return null;
    if (!cases.every((c) => isRecord(c) && Object.keys(c).length > 0 && encodable(c))) return null;
    const head: Record<string, unknown> = { ...data };
    delete head['cases'];
    const rows = cases.map((c: unknown) => {
      const flat: [string, unknown][] = [];
      leaves(c, '', flat);
      const shape = flat.map(([p]) => p);
      const key = JSON.stringify(shape);
      let s = shapeIndex.get(key);
      if (s === undefined) {
        s = shapes.length;
        shapeIndex.set(key, s);
        shapes.push(shape);
      }
      return [s, ...flat.map(([, v]) => v)];
    });
    return { head, rows };
  });
  return { shapes, encoded };
}

/** The parsed validation file an encoded one was made from. */
export function decodeValidationFile(
  shapes: readonly CaseShape[],
  file: EncodedValidationFile,
): unknown {
  const cases = file.rows.map(([s, ...values]) => {
    const c: Record<string, unknown> = {};
    (shapes[s as number] ?? []).forEach((path, i) => {
      const keys = path.split('.');
      const last = keys.pop() as string;
      let o = c;
      for (const k of keys) {
        if (!isRecord(o[k])) o[k] = {};
        o = o[k] as Record<string, unknown>;
      }
      o[last] = values[i];
    });
    return c;
  });
  return { ...file.head, cases };
}
