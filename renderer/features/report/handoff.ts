import type { ScenarioDraft } from '../../workspace/workspace';
import {
  isPaper,
  isReportObjective,
  REPORT_HANDOFF_GLOBAL,
  type Paper,
} from '../../../model/report';

/**
 * Scenarios handed to the print view from outside (the CLI's headless Chromium sets a global
 * before the app loads, `page.addInitScript`), instead of the open workspace.
 */
export type ReportHandoff = {
  readonly scenarios: readonly ScenarioDraft[];
  readonly date: string;
  readonly paper: Paper;
  readonly baselineId: string | null;
  /** The stated objective (a report objective's metric id), or null: a neutral ranking. */
  readonly objective: string | null;
  /** Set by the caller to tell this request's ready marker from the previous one's. */
  readonly requestId: string;
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Read and check a hand-off value. Returns null when absent; throws naming the field when it
 * is malformed.
 */
export function parseHandoff(raw: unknown): ReportHandoff | null {
  if (raw === undefined || raw === null) return null;
  if (!isRecord(raw)) throw new Error(`${REPORT_HANDOFF_GLOBAL}: must be an object`);
  const { scenarios, date, paper, baselineId, requestId, objective } = raw;
  if (!Array.isArray(scenarios) || scenarios.length === 0) {
    throw new Error(`${REPORT_HANDOFF_GLOBAL}.scenarios: must be a non-empty array`);
  }
  const drafts = scenarios.map((s: unknown, i): ScenarioDraft => {
    if (!isRecord(s) || typeof s['id'] !== 'string' || !isRecord(s['doc'])) {
      throw new Error(`${REPORT_HANDOFF_GLOBAL}.scenarios[${i}]: must be { id, doc }`);
    }
    return { id: s['id'], doc: s['doc'] };
  });
  if (typeof date !== 'string' || date.trim() === '') {
    throw new Error(`${REPORT_HANDOFF_GLOBAL}.date: must be a non-empty string`);
  }
  return {
    scenarios: drafts,
    date,
    paper: isPaper(paper) ? paper : 'a4',
    baselineId: typeof baselineId === 'string' ? baselineId : null,
    objective: isReportObjective(objective) ? objective : null,
    requestId: typeof requestId === 'string' ? requestId : '',
  };
}

/** The hand-off of this page, if any (read once per page load). */
export function readHandoff(): ReportHandoff | null {
  const raw = (globalThis as Record<string, unknown>)[REPORT_HANDOFF_GLOBAL];
  return parseHandoff(raw);
}
