/**
 * What the app's renderer keeps of a validation file: everything the harness and the accuracy
 * screen read, and nothing else. The files record every figure their sources reported beside
 * the observed value (`observed.reported`: log paths, timer names, runs read); the harness reads
 * only `num_requests` there (serving cases) and the screen only `source_note` and
 * `verification`. The rest is kept in the repository's files (and the CLI reads those whole)
 * but not shipped in the renderer's bundle (about 11 KB gzipped of the 500 KB budget).
 */

/** The `observed.reported` fields the harness or the accuracy screen reads. */
export const REPORTED_FIELDS_READ = ['num_requests', 'source_note', 'verification'] as const;

/**
 * Case fields neither the harness nor the accuracy screen reads: `extensions_source`, the
 * citation of where a copy's ClusterPlan extensions were read (CASE_COPY_EXTENSIONS in
 * ../training.ts; the bundled-copy check reads it from the repository's files).
 */
export const CASE_FIELDS_NOT_READ = ['extensions_source'] as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A copy of a validation file with each case's `observed.reported` cut down to
 * `REPORTED_FIELDS_READ` and its `CASE_FIELDS_NOT_READ` left out. Anything not shaped like a
 * validation file is returned unchanged.
 */
export function trimValidationFile(data: unknown): unknown {
  if (!isRecord(data) || !Array.isArray(data['cases'])) return data;
  const cases = data['cases'].map((c: unknown) => {
    if (!isRecord(c)) return c;
    const out: Record<string, unknown> = { ...c };
    for (const k of CASE_FIELDS_NOT_READ) delete out[k];
    const observed = c['observed'];
    const reported = isRecord(observed) ? observed['reported'] : undefined;
    if (!isRecord(observed) || !isRecord(reported)) return out;
    const kept: Record<string, unknown> = {};
    for (const k of REPORTED_FIELDS_READ) if (k in reported) kept[k] = reported[k];
    out['observed'] = { ...observed, reported: kept };
    return out;
  });
  return { ...data, cases };
}
