import { useMemo, type ComponentProps, type ReactNode } from "react";
import { Hero } from "#app/components/sections/hero.tsx";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import type { Action, HeroSection, PageContent } from "#app/content/page-types.ts";
import { EventAgenda, EventFacts, EventRecap, EventSpeakers } from "#app/features/events/event-details.tsx";
import type { EventFormResult } from "#app/features/events/event-rules.ts";
import type { EventView } from "#app/features/events/events.server.ts";
import { Island } from "#app/islands/island.tsx";
import { anchoredPart, lazyPageBody } from "#app/layout/deferred-part.tsx";

/** What an edition's page is drawn from: the series' standing copy, the edition (none yet: the copy alone) and its structured data. */
export type EventPageData = { page: PageContent; event: EventView | null; jsonLd: unknown };

/** The hero's buttons lead to what the event's state offers: registering, the agenda, the recap. */
function heroActions(event: EventView | null): Pick<HeroSection, "primary" | "secondary"> {
  const agenda: Action = { label: "See the agenda", href: "#agenda" };
  if (!event) return {};
  if (event.status === "upcoming" && event.registration === "open")
    return { primary: { label: event.full ? "Join the waiting list" : "Register", href: "#register" }, secondary: agenda };
  if (event.status !== "past") return { primary: agenda };
  return { primary: { label: "Hear about the next edition", href: "#next-edition" }, secondary: { label: "How the day went", href: "#recap" } };
}

// The themes, audience and format are text and links: fetched and hydrated when the visitor reaches for them.
const PageBody = lazyPageBody(() => import("#app/components/sections/sections.tsx").then((module) => module.Sections));

/**
 * The registration form (or the next edition's sign-up: a page has one of them), with its
 * checks, is fetched when the visitor reaches for it; until then the server's form posts
 * without scripts.
 */
const EventForm = anchoredPart("event-form-part", () => import("#app/features/events/event-form.tsx").then((module) => module.EventForm));

/**
 * The page's form: on an islands page an island of its own, the answer to a post without
 * JavaScript among its props; in the full app the part fetched when reached for.
 */
function RegistrationForm(props: ComponentProps<typeof EventForm>) {
  return (
    <Island name="eventForm" props={props}>
      <EventForm {...props} />
    </Island>
  );
}

/**
 * An edition's page: its facts from the database (date, venue, agenda,
 * speakers, places), with registration while it is upcoming and open (before
 * it opens, when it opens; after it closes, closed) and, once it is over, the
 * recap and a sign-up for the next edition; then the series' standing copy.
 * `path` is where the page's forms post.
 */
export function EventPage({ data, result, path }: { data: EventPageData; result: EventFormResult | undefined; path: string }) {
  const { page, event, jsonLd } = data;
  const [first] = page.sections;
  // The same array while the page stays: a new one would make the deferred body load at once.
  const rest = useMemo(() => page.sections.slice(1), [page.sections]);
  const hero = { ...(first as HeroSection), ...(event ? { title: event.title } : {}), ...heroActions(event) };
  return (
    <>
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <Hero {...hero} />
      {event ? (
        <>
          <EventFacts event={event} />
          {event.status === "past" ? <EventRecap event={event} /> : null}
          {event.status === "upcoming" ? <RegistrationPanel event={event} path={path} result={result} /> : null}
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
          <RegistrationForm action={path} intent="next-edition" labelledBy="next-edition-title" submitLabel="Notify me" result={result} />
        </FormPanel>
      ) : null}
    </>
  );
}

function RegistrationPanel({ event, path, result }: { event: EventView; path: string; result: EventFormResult | undefined }) {
  if (event.registration === "not-yet")
    return (
      <FormPanel
        id="register"
        title={`Register for ${event.title}`}
        intro={`Registration opens on ${event.registrationOpensText}. Come back then: places are free and limited.`}
      />
    );
  if (event.registration === "closed")
    return <FormPanel id="register" title={`Register for ${event.title}`} intro={`Registration for ${event.title} has closed.`} />;
  return (
    <FormPanel
      id="register"
      title={event.full ? "Join the waiting list" : `Register for ${event.title}`}
      intro={
        event.full
          ? "Every place is taken. Leave your details and we will email you if one opens."
          : "Attendance is free and places are limited. Your confirmation email carries a calendar invitation."
      }
    >
      <RegistrationForm
        action={path}
        intent="register"
        labelledBy="register-title"
        submitLabel={event.full ? "Join the waiting list" : "Register"}
        result={result}
      />
    </FormPanel>
  );
}

function FormPanel({ id, title, intro, children }: { id: string; title: string; intro: string; children?: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 bg-brand-50">
      <div className="container-page grid gap-8 py-14 sm:py-16 lg:grid-cols-[2fr_3fr]">
        <div>
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {title}
          </h2>
          <p className="mt-3 text-lg text-slate-700" data-testid={`${id}-intro`}>
            {intro}
          </p>
        </div>
        {children ? <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div> : null}
      </div>
    </section>
  );
}
