import { Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { handleNewsletterPost } from "#app/features/newsletter/subscribe.server.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { site } from "#app/content/site.ts";

export async function action({ request, context }: Route.ActionArgs) {
  return handleNewsletterPost(request, context, await servicesOf(context));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Newsletter",
    description: `Subscribe to the ${site.name} newsletter: practical notes on software delivery, cloud, data and AI for business leaders.`,
    path: "/newsletter",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

/** The newsletter on a page of its own: where the footer form lands when JavaScript is off. */
export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Newsletter</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Practical notes on building and running business software, about once a month. Unsubscribe at any time.
      </p>
      <div className="mt-8 max-w-xl rounded-2xl bg-brand-900 p-6 text-white">
        <NewsletterForm result={actionData} defaultEmail={actionData?.status === "error" ? actionData.values?.email : undefined} />
      </div>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to the home page
      </Link>
    </section>
  );
}
