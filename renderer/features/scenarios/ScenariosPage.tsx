/** Scenarios page (being built: this placeholder is replaced by the page itself). */
export function ScenariosPage() {
  return (
    <section className="panel" aria-labelledby="ScenariosPage-title">
      <h2 id="ScenariosPage-title">Scenarios</h2>
    </section>
  );
}
