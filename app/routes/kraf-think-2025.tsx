import type { Route } from "./+types/kraf-think-2025";
import { EventPage } from "#app/features/events/event-page.tsx";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { eventPageAction, loadEventPage } from "#app/features/events/event-page.server.ts";
import { currentEdition } from "#app/features/events/events.server.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";

const PATH = "/kraf-think-2025";

/** The spec's address of the event: whichever edition is current (the next to happen, or the last one held). */
export const loader = ({ context }: Route.LoaderArgs) => loadEventPage(context, currentEdition, { required: false });

export const action = ({ request, context }: Route.ActionArgs) => eventPageAction(request, context, currentEdition);

// Text and links around the registration form, its one client part: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

// The same for everyone. The page changes when registration opens or closes and when the event starts or
// ends (the content watch knows the moments), when staff publish, and when its last place goes (each empties
// every process's page cache).
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

// From the loader's data: reading the page's copy here would ship every page's copy to the browser.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: loaderData.event?.title ?? loaderData.page.title, description: loaderData.page.description, path: PATH, siteUrl: siteUrlFrom(matches) })
    : [];

export default function CurrentEventPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EventPage data={loaderData} result={actionData} path={PATH} />;
}
