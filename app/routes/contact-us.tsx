import type { Route } from "./+types/contact-us";
import { Sections } from "#app/components/sections/sections.tsx";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { sitePageAt } from "#app/features/site-pages/site-pages.server.ts";
import { Island } from "#app/islands/island.tsx";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { ConsultationPanel } from "#app/layout/consultation-panel.tsx";
import { staticPageBody } from "#app/layout/deferred-part.tsx";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";

const PATH = "/contact-us";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: (await sitePageAt(context, PATH))! };
}

// Text and links around the consultation form, its one client part: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

// The same for every visitor: rendered once, then served from memory.
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({ title: loaderData.page.title, description: loaderData.page.description, path: PATH, siteUrl: siteUrlFrom(matches) });

// The rest of the page is text and links: hydrated when the visitor reaches for it.
const PageBody = staticPageBody(Sections);

/**
 * The contact page: its title, then the consultation form with the phone,
 * WhatsApp and e-mail links beside it, then the rest of its copy. The layout
 * leaves out its own panel here, so the form appears once.
 */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const [hero, ...rest] = loaderData.page.sections;
  return (
    <>
      <Sections sections={[hero]} />
      <Island name="consultation">
        <ConsultationPanel />
      </Island>
      <PageBody sections={rest} />
    </>
  );
}
