import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundView } from "#app/layout/route-error.tsx";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";

// Any unknown path: the not-found page with HTTP 404.
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Page not found",
    description: "The page you were looking for does not exist or has moved.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundView />;
}
