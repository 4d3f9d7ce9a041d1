import type { ReactNode } from "react";
import { data } from "react-router";
import type { Route } from "./+types/kraf-think-2025";
import { Sections } from "#app/components/sections/sections.tsx";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import type { Action, HeroSection } from "#app/content/page-types.ts";
import { contentPageAt } from "#app/content/pages/index.ts";
import { EventAgenda, EventFacts, EventRecap, EventSpeakers } from "#app/features/events/event-details.tsx";
import { EventForm } from "#app/features/events/event-form.tsx";
import { eventJsonLd } from "#app/features/events/event-json-ld.ts";
import type { EventFormResult } from "#app/features/events/event-rules.ts";
import { findEvent, registeredCount, toEventView, type EventView } from "#app/features/events/events.server.ts";
import { handleEventPost } from "#app/features/events/register.server.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { staticPageBody } from "#app/layout/deferred-part.tsx";
import { logger } from "#app/platform/logger.server.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

const PATH = "/kraf-think-2025";
const SLUG = "kraf-think-2025";
const LOAD_FAILED = "The event's details could not be loaded just now. Please try again in a few minutes.";

export async function loader({ context }: Route.LoaderArgs) {
  const services = await servicesOf(context);
  const page = contentPageAt(PATH)!;
  try {
    const row = await findEvent(services.db, SLUG);
    if (!row) return { page, event: null, jsonLd: null };
    const event = toEventView(row, await registeredCount(services.db, row.id));
    return { page, event, jsonLd: eventJsonLd(event, services.env.SITE_URL) };
  } catch (error) {
    logger.error({ err: error, event: SLUG }, "Could not load the event");
    throw data({ message: LOAD_FAILED }, { status: 503 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = await servicesOf(context);
  const row = await findEvent(services.db, SLUG);
  if (!row) return data<EventFormResult>({ status: "error", message: "There is no event to register for." }, { status: 404 });
  return handleEventPost(request, context, services, row);
}

// The same for everyone. The page changes when the event starts or ends (the content watch knows
// the moments) and when its last place goes (registering it empties every process's page cache).
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

// From the loader's data: reading the page's copy here would ship every page's copy to the browser.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: loaderData.event?.title ?? loaderData.page.title, description: loaderData.page.description, path: PATH, siteUrl: siteUrlFrom(matches) })
    : [];

/** The hero's buttons lead to what the event's state offers: registering, the agenda, the recap. */
function heroActions(event: EventView | null): Pick<HeroSection, "primary" | "secondary"> {
  const agenda: Action = { label: "See the agenda", href: "#agenda" };
  if (!event) return {};
  if (event.status === "upcoming") return { primary: { label: event.full ? "Join the waiting list" : "Register", href: "#register" }, secondary: agenda };
  if (event.status === "live") return { primary: agenda };
  return { primary: { label: "Hear about the next edition", href: "#next-edition" }, secondary: { label: "How the day went", href: "#recap" } };
}

// The themes, audience and format are text and links: hydrated when the visitor reaches for them.
const PageBody = staticPageBody(Sections);

/**
 * The event page: its facts from the database (date, venue, agenda, speakers,
 * places), with registration while it is upcoming and, once it is over, the
 * recap and a sign-up for the next edition; then its standing copy.
 */
export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, event, jsonLd } = loaderData;
  const [first, ...rest] = page.sections;
  const hero = { ...(first as HeroSection), ...(event ? { title: event.title } : {}), ...heroActions(event) };
  return (
    <>
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <Sections sections={[hero]} />
      {event ? (
        <>
          <EventFacts event={event} />
          {event.status === "past" ? <EventRecap event={event} /> : null}
          {event.status === "upcoming" ? (
            <FormPanel
              id="register"
              title={event.full ? "Join the waiting list" : `Register for ${event.title}`}
              intro={
                event.full
                  ? "Every place is taken. Leave your details and we will email you if one opens."
                  : "Attendance is free and places are limited. Your confirmation email carries a calendar invitation."
              }
            >
              <EventForm
                action={PATH}
                intent="register"
                labelledBy="register-title"
                submitLabel={event.full ? "Join the waiting list" : "Register"}
                result={actionData}
              />
            </FormPanel>
          ) : null}
          <EventAgenda event={event} />
          <EventSpeakers event={event} />
        </>
      ) : null}
      <PageBody sections={rest} />
      {event?.status === "past" ? (
        <FormPanel
          id="next-edition"
          title="Hear about the next edition"
          intro="Leave your name and email address: we will send you one email when the next edition's dates are announced."
        >
          <EventForm action={PATH} intent="next-edition" labelledBy="next-edition-title" submitLabel="Notify me" result={actionData} />
        </FormPanel>
      ) : null}
    </>
  );
}

function FormPanel({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 bg-brand-50">
      <div className="container-page grid gap-8 py-14 sm:py-16 lg:grid-cols-[2fr_3fr]">
        <div>
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {title}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{intro}</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
      </div>
    </section>
  );
}
