/** Sensitivity and uncertainty (placeholder: being built). */
export function AnalysisPage() {
  return <h2>Sensitivity and uncertainty</h2>;
}
