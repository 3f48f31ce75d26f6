/** Design search (placeholder: being built). */
export function SearchPage() {
  return <h2>Design search</h2>;
}
