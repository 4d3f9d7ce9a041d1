import { Link, isRouteErrorResponse, useLocation } from "react-router";

/** The error view of every route: not found for 404, the loader's sentence for 400, a plain apology otherwise. */
export function RouteErrorView({ error }: { error: unknown }) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  // Our loaders answer 400 with a sentence for the visitor; React Router's own 400s carry an Error, which stays hidden.
  if (isRouteErrorResponse(error) && error.status === 400 && typeof error.data === "string") {
    return (
      <ErrorPanel title="This address cannot be used" body={error.data}>
        <Link to={location.pathname} className="font-semibold text-brand-700 underline underline-offset-4">
          Start over on this page
        </Link>
        <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
          Go to the home page
        </Link>
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel
      title="Something went wrong"
      body="We could not show this page. Please try again in a moment; if it keeps happening, contact us and we will look into it."
    >
      <a href={location.pathname + location.search} className="font-semibold text-brand-700 underline underline-offset-4">
        Try again
      </a>
      <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        Go to the home page
      </Link>
    </ErrorPanel>
  );
}

export function NotFoundView() {
  return (
    <ErrorPanel title="Page not found" body="The page you were looking for does not exist or has moved.">
      <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        Go to the home page
      </Link>
      <Link to="/our-solutions" className="font-semibold text-brand-700 underline underline-offset-4">
        Explore our solutions
      </Link>
      <Link to="/contact-us" className="font-semibold text-brand-700 underline underline-offset-4">
        Contact us
      </Link>
    </ErrorPanel>
  );
}

function ErrorPanel({ title, body, children }: { title: string; body: string; children: React.ReactNode }) {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">{body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-6">{children}</div>
    </section>
  );
}
