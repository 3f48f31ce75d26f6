/**
 * Report content (pure): what the PDF report, the XLSX workbook and the CSV export contain,
 * built from scenarios and their evaluation results. See README.md.
 */
export {
  buildReport,
  comparisonCsv,
  deltaOf,
  SUMMARY_METRIC_IDS,
  type Delta,
  type MetricRow,
  type ReportContent,
  type ReportCover,
  type ReportOptions,
  type ReportScenario,
  type ScenarioAppendix,
} from './content';
export {
  catalogAssumptions,
  inputAssumptions,
  unitOfField,
  type AssumptionScenario,
  type AssumptionValue,
  type CatalogAssumption,
  type InputAssumption,
} from './assumptions';
export { catalogVersion } from './catalogVersion';
export { reportFinance, type BuildFinance } from './finance';
export {
  DANGEROUS_LEADING_CHARS,
  isDangerousText,
  neutraliseCell,
  csvFile,
  toCsv,
  UTF8_BOM,
  type CsvCell,
} from './csv';
export {
  accuracyTable,
  METHOD_FORMULAS,
  type AccuracyRow,
  type MethodFormula,
} from './methodology';
export {
  buildSheetNames,
  cashFlowSheet,
  DELTA_PCT_FORMAT,
  metricFormat,
  numberFormat,
  reportProperties,
  reportSheets,
  reportWorkbook,
  sheetName,
} from './xlsx';
export type { MetricFormat, XlsxCell, XlsxProperties, XlsxSheet, XlsxWriter } from './xlsx';
export {
  appXml,
  cachedFormulaValues,
  coreXml,
  withCachedValues,
  writeExcelFileSheets,
  xlsxBytes,
  xlsxFeature,
  type WriteExcelFile,
  type XlsxFeature,
} from './xlsxFeatures';
// xlsxSchema.ts is imported directly by those that check a workbook (electron/contract.ts,
// cli/report/workbook.ts), not re-exported here: its module-level zod schemas would otherwise
// ship in the renderer's bundle, which only builds workbooks.
export type { XlsxWorkbook } from './xlsxSchema';
export * from './pdfOptions';
export {
  analysisMetricId,
  analysisScenario,
  buildAnalysis,
  buildDecision,
  buildTornadoes,
  cashFlowOf,
  decisiveMetricIds,
  getReportObjectiveOptions,
  isReportObjective,
  objectiveText,
  recommend,
  REPORT_DRAWS,
  reportMonteCarlo,
  REPORT_OBJECTIVE_IDS,
  REPORT_SEED,
  TORNADO_BARS,
  unitCostMetricId,
  type Band,
  type BuildAnalysis,
  type BuildRisk,
  type CashFlowYear,
  type Decision,
  type DecisionFigure,
  type RankPlace,
  type Ranking,
  type Recommendation,
  type ReportAnalysis,
  type ReportMonteCarlo,
  type ReportTornado,
} from './decision';
