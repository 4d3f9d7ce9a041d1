import type { Route } from "./+types/events.$slug";
import { EventPage } from "#app/features/events/event-page.tsx";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { eventPageAction, loadEventPage } from "#app/features/events/event-page.server.ts";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import { findEvent } from "#app/features/events/events.server.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";

/** Every published edition keeps a page of its own, past ones included; a draft or unknown slug is 404. */
export const loader = ({ context, params }: Route.LoaderArgs) => loadEventPage(context, (db) => findEvent(db, params.slug), { required: true });

export const action = ({ request, context, params }: Route.ActionArgs) => eventPageAction(request, context, (db) => findEvent(db, params.slug));

// Text and links around the registration form, its one client part: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.event
    ? pageMeta({
        title: loaderData.event.title,
        description: loaderData.event.summary,
        path: eventPagePath(loaderData.event.slug),
        siteUrl: siteUrlFrom(matches),
      })
    : [];

export default function EditionPage({ loaderData, actionData, params }: Route.ComponentProps) {
  return <EventPage data={loaderData} result={actionData} path={eventPagePath(params.slug)} />;
}
