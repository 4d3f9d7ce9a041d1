import { Link } from "react-router";
import type { Route } from "./+types/careers.registration";
import { site } from "#app/content/site.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { decodePosition } from "#app/features/careers/position.ts";

export function loader({ url }: Route.LoaderArgs) {
  return { position: decodePosition(url.searchParams.get("pos")) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Apply",
    description: `Apply for a role at ${site.name}, or send a general application. We read every application and reply within a week.`,
    path: "/careers/registration",
    siteUrl: siteUrlFrom(matches),
  });

export default function Registration({ loaderData }: Route.ComponentProps) {
  const { position } = loaderData;
  return (
    <section className="container-page py-16">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Careers</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {position ? `Apply for ${position}` : "General application"}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Send your resume and a few lines about yourself to{" "}
        <a className="font-semibold text-brand-700 underline underline-offset-4" href={`mailto:${site.emails.general}`}>
          {site.emails.general}
        </a>
        {position ? `, with "${position}" in the subject` : ""}. We read every application and reply within a week.
      </p>
      <Link to="/careers" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to Careers
      </Link>
    </section>
  );
}
