import { Link } from "react-router";
import type { Route } from "./+types/careers";
import { Sections } from "#app/components/sections/sections.tsx";
import { careersPage } from "#app/content/careers.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { cachePageFor } from "#app/platform/page-cache.ts";

// The same for every visitor: rendered once, then served from memory.
export const headers = cachePageFor(300);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: careersPage.title, description: careersPage.description, path: "/careers", siteUrl: siteUrlFrom(matches) });

export default function Careers() {
  return (
    <>
      <Sections sections={careersPage.sections} />
      <section id="open-roles" className="container-page py-14 sm:py-16">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Open roles</h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          There are no open roles listed right now. We still want to hear from good people:{" "}
          <Link to="/careers/registration" className="font-semibold text-brand-700 underline underline-offset-4">
            send a general application
          </Link>{" "}
          and we will get in touch when a role fits.
        </p>
      </section>
    </>
  );
}
