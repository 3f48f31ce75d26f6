/** Charts page (being built: this placeholder is replaced by the page itself). */
export function ChartsPage() {
  return (
    <section className="panel" aria-labelledby="ChartsPage-title">
      <h2 id="ChartsPage-title">Charts</h2>
    </section>
  );
}
