import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="card narrow" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>There is no back-office page at this address.</p>
      <p>
        <Link to="/">Go to the dashboard</Link>
      </p>
    </section>
  );
}
