/** Model accuracy page (being built: this placeholder is replaced by the page itself). */
export function AccuracyPage() {
  return (
    <section className="panel" aria-labelledby="AccuracyPage-title">
      <h2 id="AccuracyPage-title">Model accuracy</h2>
    </section>
  );
}
