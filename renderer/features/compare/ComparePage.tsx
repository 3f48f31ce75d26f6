/** Comparison page (being built: this placeholder is replaced by the page itself). */
export function ComparePage() {
  return (
    <section className="panel" aria-labelledby="ComparePage-title">
      <h2 id="ComparePage-title">Comparison</h2>
    </section>
  );
}
