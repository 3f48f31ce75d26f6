/** Catalog page (being built: this placeholder is replaced by the page itself). */
export function CatalogPage() {
  return (
    <section className="panel" aria-labelledby="CatalogPage-title">
      <h2 id="CatalogPage-title">Catalog</h2>
    </section>
  );
}
