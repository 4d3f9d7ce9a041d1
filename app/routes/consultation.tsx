import type { Route } from "./+types/consultation";
import { Island } from "#app/islands/island.tsx";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { ConsultationPanel } from "#app/layout/consultation-panel.tsx";
import { handleConsultationPost } from "#app/features/consultation/submit-consultation.server.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { site } from "#app/content/site.ts";

export async function action({ request, context }: Route.ActionArgs) {
  return handleConsultationPost(request, context, await servicesOf(context));
}

// A title over the consultation form, its one client part: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Consultation request",
    description: `Tell ${site.name} about your project and book a free consultation. ${site.responsePromise}`,
    path: "/consultation",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

/**
 * Where the panel's form lands when JavaScript is off: the answer as text and
 * the panel again, keeping what the visitor typed after a failure.
 */
export default function ConsultationPage({ actionData }: Route.ComponentProps) {
  const panelProps = { result: actionData, defaultValues: actionData?.status === "error" ? actionData.values : undefined };
  return (
    <>
      <section className="container-page py-12">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Consultation request</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">
          {actionData ? "See the answer to your request below." : `Tell us about your project. ${site.responsePromise}`}
        </p>
      </section>
      {/* The answer to the post travels to the island as its props, so the form hydrates showing it. */}
      <Island name="consultation" props={panelProps}>
        <ConsultationPanel {...panelProps} />
      </Island>
    </>
  );
}
