export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>
        There is nothing at this address. <a href="/">Go to the store’s home page</a>.
      </p>
    </section>
  );
}
