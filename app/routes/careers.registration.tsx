import { Link, useLocation } from "react-router";
import type { Route } from "./+types/careers.registration";
import { site } from "#app/content/site.ts";
import { ApplicationForm } from "#app/features/careers/application-form.tsx";
import { handleApplicationPost } from "#app/features/careers/submit-application.server.ts";
import { decodePosition } from "#app/features/careers/position.ts";
import { findOpenJobByTitle } from "#app/features/careers/jobs.server.ts";
import { questionSetKey } from "#app/features/careers/job-questions.ts";
import { checkQueryValue, readQueryParameter, type QueryParameter } from "#app/features/forms/query-params.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { servicesOf } from "#app/services-context.server.ts";

// Base64 of a title of at most 200 UTF-16 units, at most three UTF-8 bytes each.
const POSITION: QueryParameter = { name: "pos", label: "job title", maxLength: 800 };

export async function loader({ request, context }: Route.LoaderArgs) {
  // A missing or undecodable ?pos= is a general application. A title with a control
  // character is refused here, so the form never carries it on to the database.
  const decoded = decodePosition(readQueryParameter(new URL(request.url).searchParams, POSITION));
  const position = decoded === null ? null : checkQueryValue(decoded, POSITION);
  // The open job of that title asks its own questions, if it has any.
  const job = position === null ? null : await findOpenJobByTitle((await servicesOf(context)).db, position);
  const questions = job?.questions ?? [];
  return { position, questions, questionSet: questionSetKey(questions) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleApplicationPost(request, context, await servicesOf(context));
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    title: data?.position ? `Apply for ${data.position}` : "Apply",
    description: `Apply for a role at ${site.name}, or send a general application. We read every application and reply within a week.`,
    path: "/careers/registration",
    siteUrl: siteUrlFrom(matches),
  });

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  const { position, questions, questionSet } = loaderData;
  const location = useLocation();
  const failed = actionData?.status === "error";
  return (
    <section className="container-page py-12 sm:py-16">
      <Link to="/careers#open-roles" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
        Back to All Jobs
      </Link>
      <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase">Careers</p>
      <h1 id="application-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {position ? `Apply for ${position}` : "General application"}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        {position
          ? "Tell us about yourself and attach your resume. We read every application and reply within a week."
          : "No role that fits yet? Send us your resume and we will get in touch when one does. We read every application and reply within a week."}
      </p>
      <div className="mt-10 max-w-3xl">
        <ApplicationForm
          action={`/careers/registration${location.search}`}
          labelledBy="application-heading"
          result={actionData}
          // After a failure the page keeps what was typed; the position otherwise comes from ?pos=.
          defaultValues={failed ? actionData.values : { position: position ?? "" }}
          key={actionData?.status === "success" ? actionData.reference : "form"}
          questions={questions}
          questionSet={questionSet}
        />
      </div>
    </section>
  );
}
