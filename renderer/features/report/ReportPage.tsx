import { useEffect, useMemo, useRef, useState } from 'react';
import {
  buildDecision,
  buildReport,
  comparisonCsv,
  getReportObjectiveOptions,
  reportProperties,
  reportSheets,
} from '../../../model/report';
import type { AccuracyRow, ReportContent, ReportScenario } from '../../../model/report';
import { useValidationRun, type ValidationRun } from '../accuracy/useValidationReport';
import { Button, RadioGroup, SelectField } from '../../components/ui';
import { useDesktopApi } from '../../platform/desktopApi';
import { useAppStore } from '../../store';
import { evaluateDrafts, type ScenarioEvaluation } from '../../workspace/evaluations';
import { useBaselineId, useEvaluations } from '../../workspace/useEvaluations';
import { readHandoff, type ReportHandoff } from './handoff';
import { inUserWords } from '../scenarios/issueText';
import { PAPERS, REPORT_HANDOFF_EVENT, isPaper, type Paper } from '../../../model/report';
import { ReportDocument } from './ReportDocument';
import { useReportAnalysis } from './useReportAnalysis';
import './report.css';

/**
 * Report & export: the print view of the open scenarios (or of scenarios handed over by the
 * CLI), with Export PDF (the shell prints this view: printToPDF in the desktop app, the app's
 * local server or the print dialog's "Save as PDF" in a browser), Export XLSX (the shell writes
 * the workbook this page builds) and Export CSV, and the paper size.
 */

/** The accuracy page's validation run (a Web Worker, once per session) as report rows. */
function accuracyRows(run: ValidationRun): readonly AccuracyRow[] {
  return run.sets
    .filter((s) => s !== undefined)
    .map((s) => ({
      file: s.file,
      label: s.label,
      cases: s.summary.n,
      failed: s.summary.failed,
      medianAbsErrorPct: s.summary.medianAbsErrorPct,
      maxAbsErrorPct: s.summary.maxAbsErrorPct,
      withinTolerancePct: s.summary.withinTolerancePct,
    }));
}

/** Today's date as YYYY-MM-DD in local time. */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

type Built =
  | {
      readonly ok: true;
      readonly content: ReportContent;
      readonly scenarios: readonly ReportScenario[];
      readonly evaluations: readonly ScenarioEvaluation[];
      readonly excluded: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

/** The report's content from evaluated scenarios; scenarios without a result are left out. */
export function reportFromEvaluations(
  evals: readonly ScenarioEvaluation[],
  options: {
    readonly date: string;
    readonly baselineId: string | null;
    readonly appVersion: string;
    readonly accuracy: readonly AccuracyRow[];
  },
): Built {
  const usable = evals.filter((e) => e.result !== null && e.scenario !== null);
  const excluded = evals
    .filter((e) => e.result === null || e.scenario === null)
    .map((e) => e.name || e.id);
  if (usable.length === 0) {
    return {
      ok: false,
      message:
        evals.length === 0
          ? 'No scenario is open. Add one on the Scenarios screen.'
          : 'No open scenario has a result yet: fix the fields the Scenarios screen marks.',
    };
  }
  const scenarios: ReportScenario[] = usable.map((e) => ({
    id: e.id,
    name: e.name.trim() === '' ? e.id : e.name,
    doc: e.draft.doc,
    scenario: e.scenario as NonNullable<ScenarioEvaluation['scenario']>,
    result: e.result as NonNullable<ScenarioEvaluation['result']>,
  }));
  const baselineId = usable.some((e) => e.id === options.baselineId) ? options.baselineId : null;
  try {
    const content = buildReport(scenarios, {
      date: options.date,
      appVersion: options.appVersion,
      baselineId,
      accuracy: options.accuracy,
      describeWarning: inUserWords,
    });
    return { ok: true, content, scenarios, evaluations: usable, excluded };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

function fileStem(content: ReportContent): string {
  return `clusterplan-report-${content.cover.date.replace(/[^0-9A-Za-z-]/g, '')}`;
}

function handoffOrError(): ReportHandoff | null | Error {
  try {
    return readHandoff();
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

export function ReportPage() {
  const [handoff, setHandoff] = useState<ReportHandoff | null | Error>(handoffOrError);
  const workspace = useEvaluations();
  const workspaceBaseline = useBaselineId();
  const api = useDesktopApi();
  const showNotice = useAppStore((s) => s.showNotice);
  const [paper, setPaper] = useState<Paper>(
    handoff && !(handoff instanceof Error) ? handoff.paper : 'a4',
  );
  const [objective, setObjective] = useState<string | null>(
    handoff && !(handoff instanceof Error) ? handoff.objective : null,
  );
  const [busy, setBusy] = useState<string | null>(null);
  // A loaded print view takes further hand-offs without reloading (the CLI's warm exports).
  useEffect(() => {
    const onHandoff = () => {
      const next = handoffOrError();
      setHandoff(next);
      if (next && !(next instanceof Error)) {
        setPaper(next.paper);
        setObjective(next.objective);
      }
    };
    window.addEventListener(REPORT_HANDOFF_EVENT, onHandoff);
    return () => window.removeEventListener(REPORT_HANDOFF_EVENT, onHandoff);
  }, []);
  const fromHandoff = handoff !== null && !(handoff instanceof Error);
  const evals = useMemo(
    () => (fromHandoff ? evaluateDrafts(handoff.scenarios) : workspace),
    [fromHandoff, handoff, workspace],
  );
  const date = fromHandoff ? handoff.date : today();
  const baselineId = fromHandoff ? handoff.baselineId : workspaceBaseline;
  const validation = useValidationRun();
  const accuracy = useMemo(() => accuracyRows(validation), [validation]);
  const built = useMemo(
    () => reportFromEvaluations(evals, { date, baselineId, appVersion: __APP_VERSION__, accuracy }),
    [evals, date, baselineId, accuracy],
  );

  async function run(what: string, task: () => Promise<{ saved: boolean; fileName?: string }>) {
    setBusy(what);
    try {
      const r = await task();
      if (r.saved) showNotice({ kind: 'info', text: `Saved ${r.fileName ?? what}.` });
    } catch (e) {
      showNotice({
        kind: 'error',
        text: `Could not export the ${what}: ${e instanceof Error ? e.message : String(e)}`,
      });
    } finally {
      setBusy(null);
    }
  }

  const content = built.ok ? built.content : null;
  const reportScenarios = built.ok ? built.scenarios : null;
  const { analysis, pending: analysisPending } = useReportAnalysis(reportScenarios, objective);
  const decision = useMemo(
    () => (reportScenarios ? buildDecision(reportScenarios, objective, analysis) : null),
    [reportScenarios, objective, analysis],
  );
  const exports: Record<'pdf' | 'xlsx' | 'csv', () => void> = {
    pdf: () =>
      content &&
      void run('PDF', () =>
        api.saveBinaryFile({
          suggestedName: `${fileStem(content)}.pdf`,
          kind: 'pdf',
          printView: {
            paper,
            // The document itself, for a shell that renders it elsewhere (a browser asks the
            // app's local server, which prints it as the CLI does).
            report: {
              scenarios: evals
                .filter((e) => built.ok && built.evaluations.includes(e))
                .map((e) => ({ id: e.id, doc: e.draft.doc })),
              date,
              baselineId: built.ok
                ? (built.content.scenarios[built.content.baselineIndex]?.id ?? null)
                : null,
              objective,
            },
          },
        }),
      ),
    xlsx: () =>
      content &&
      // The workbook as data; the shell writes the bytes (main in the desktop app, the app's
      // local server in a browser), so the XLSX writer stays out of this bundle.
      void run('XLSX', () =>
        api.saveXlsxFile({
          suggestedName: `${fileStem(content)}.xlsx`,
          workbook: { sheets: reportSheets(content), properties: reportProperties(content) },
        }),
      ),
    csv: () =>
      content &&
      void run('CSV', () =>
        api.saveTextFile({
          suggestedName: `${fileStem(content)}.csv`,
          kind: 'csv',
          contents: comparisonCsv(content),
        }),
      ),
  };
  // File ▸ Export in the desktop menu: the request waits in the store until this screen has
  // loaded, then runs once.
  const exportsRef = useRef(exports);
  exportsRef.current = exports;
  const pendingExport = useAppStore((s) => s.pendingExport);
  const requestExport = useAppStore((s) => s.requestExport);
  useEffect(() => {
    if (pendingExport === null) return;
    requestExport(null);
    exportsRef.current[pendingExport]();
  }, [pendingExport, requestExport]);
  return (
    <section className="panel report-page" aria-labelledby="report-title">
      <div className="report-toolbar">
        <h2 id="report-title">Report &amp; export</h2>
        <RadioGroup
          className="report-paper"
          orientation="horizontal"
          label="Paper"
          value={paper}
          options={PAPERS}
          onChange={(v) => isPaper(v) && setPaper(v)}
          data-testid="report-paper"
        />
        <SelectField
          className="report-objective"
          label="Objective"
          value={objective ?? ''}
          options={getReportObjectiveOptions()}
          onChange={(v) => setObjective(v === '' ? null : v)}
          data-testid="report-objective"
        />
        <div className="toolbar" role="group" aria-label="Export">
          <Button className="btn" isDisabled={!content || busy !== null} onPress={exports.pdf}>
            Export PDF
          </Button>
          <Button className="btn" isDisabled={!content || busy !== null} onPress={exports.xlsx}>
            Export XLSX
          </Button>
          <Button className="btn" isDisabled={!content || busy !== null} onPress={exports.csv}>
            Export CSV
          </Button>
        </div>
        {busy ? (
          <p className="report-busy" role="status">
            Exporting {busy}…
          </p>
        ) : null}
      </div>
      {handoff instanceof Error ? (
        <p className="report-error" role="alert">
          {handoff.message}
        </p>
      ) : null}
      {built.ok && analysisPending ? (
        // One layout of the document, with its analyses (not one before and one after).
        <p className="report-busy" role="status" data-testid="report-preparing">
          Preparing the report: running the sensitivity and uncertainty analyses…
        </p>
      ) : built.ok && decision ? (
        <ReportDocument
          decision={decision}
          analysis={analysis}
          analysisPending={analysisPending}
          content={built.content}
          evaluations={built.evaluations}
          paper={paper}
          excluded={built.excluded}
          accuracyPending={!validation.done}
          requestId={fromHandoff ? handoff.requestId : ''}
          accuracyError={validation.error}
        />
      ) : (
        <p className="report-empty" role="status">
          {built.ok ? 'Preparing the report…' : built.message}
        </p>
      )}
    </section>
  );
}
