/** Report and export (placeholder: being built). */
export function ReportPage() {
  return <h2>Report and export</h2>;
}
