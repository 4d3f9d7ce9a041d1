import { Link } from "react-router";
import type { Route } from "./+types/consultation";
import { ConsultationForm } from "#app/features/consultation/consultation-form.tsx";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { handleConsultationPost } from "#app/features/consultation/submit-consultation.server.ts";
import { servicesOf } from "#app/platform/services-context.server.ts";
import { site } from "#app/content/site.ts";

export async function action({ request, context }: Route.ActionArgs) {
  return handleConsultationPost(request, context, await servicesOf(context));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Book a Free Consultation",
    description: `Tell ${site.name} about your project and book a free consultation. ${site.responsePromise}`,
    path: "/consultation",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

/**
 * The consultation form on a page of its own: where the panel's form lands
 * when JavaScript is off, showing the answer and, after a failure, what the
 * visitor typed. The panel itself is not repeated on this page.
 */
export default function ConsultationPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page py-16">
      <h1 id="consultation-page-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        Book a Free Consultation
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Tell us about your project. {site.responsePromise}
      </p>
      <div className="mt-8 max-w-3xl">
        <ConsultationForm
          labelledBy="consultation-page-title"
          result={actionData}
          defaultValues={actionData?.status === "error" ? actionData.values : undefined}
        />
      </div>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to the home page
      </Link>
    </section>
  );
}
