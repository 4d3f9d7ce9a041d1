import { eventCalendarPath } from "#app/features/events/event-paths.ts";
import type { EventView } from "#app/features/events/events.server.ts";

const STATUS_TEXT: Record<EventView["status"], (event: EventView) => string> = {
  upcoming: (event) =>
    event.registration === "not-yet"
      ? `Registration opens on ${event.registrationOpensText}.`
      : event.registration === "closed"
        ? "Registration has closed."
        : event.full
          ? "Every place is taken: registering now joins the waiting list."
          : "Registration is open. Places are free and limited.",
  live: () => "Happening now. Registration has closed.",
  past: () => "This edition has taken place.",
};

/** When, where and whether one can still come: the facts a visitor looks for first. */
export function EventFacts({ event }: { event: EventView }) {
  const { venue } = event;
  return (
    <section aria-labelledby="event-facts" className="border-b border-slate-200 bg-white">
      <div className="container-page py-10">
        <h2 id="event-facts" className="sr-only">
          Date and venue
        </h2>
        <dl className="grid gap-6 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wider text-brand-700">When</dt>
            <dd className="mt-1 text-lg font-semibold text-ink">
              <time dateTime={event.startsAt}>{event.dateText}</time>
            </dd>
            <dd className="text-slate-700">{event.timeText}</dd>
            {event.status === "past" ? null : (
              <dd className="mt-1">
                <a href={eventCalendarPath(event.slug)} download className="font-semibold text-brand-800 underline underline-offset-4">
                  Add to your calendar<span className="sr-only"> (downloads an .ics file)</span>
                </a>
              </dd>
            )}
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wider text-brand-700">Where</dt>
            <dd className="mt-1 text-lg font-semibold text-ink">{venue.name}</dd>
            <dd className="text-slate-700">
              {venue.streetAddress}, {venue.locality} {venue.postalCode}
            </dd>
            <dd className="mt-1">
              <a href={venue.mapUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-800 underline underline-offset-4">
                Open in a map<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wider text-brand-700">Status</dt>
            <dd className="mt-1 text-slate-800" data-testid="event-status">
              {STATUS_TEXT[event.status](event)}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

export function EventRecap({ event }: { event: EventView }) {
  if (event.recap.length === 0 && event.recapPhotos.length === 0) return null;
  return (
    <section id="recap" aria-labelledby="recap-title" className="container-page py-14 sm:py-16">
      <h2 id="recap-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        How the day went
      </h2>
      <div className="mt-4 max-w-3xl space-y-4 text-lg text-slate-700">
        {event.recap.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {event.recapPhotos.length > 0 ? (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {event.recapPhotos.map((photo) => (
            <li key={photo.src}>
              <img
                src={photo.src}
                alt={photo.alt}
                width={480}
                height={320}
                loading="lazy"
                className="aspect-[3/2] w-full rounded-xl bg-slate-100 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function EventAgenda({ event }: { event: EventView }) {
  if (event.agenda.length === 0) return null;
  return (
    <section id="agenda" aria-labelledby="agenda-title" className="bg-slate-50">
      <div className="container-page py-14 sm:py-16">
        <h2 id="agenda-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Agenda
        </h2>
        <p className="mt-3 text-slate-700">Times are {event.timeText.split(" ").at(-1)}, the venue's local time.</p>
        <ol className="mt-8 divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
          {event.agenda.map((item) => (
            <li key={`${item.starts}-${item.title}`} className="grid gap-1 p-5 sm:grid-cols-[9rem_1fr] sm:gap-6">
              <p className="font-semibold text-brand-800 tabular-nums">
                {item.starts}–{item.ends}
              </p>
              <div>
                <p className="font-semibold text-ink">{item.title}</p>
                {item.speaker ? <p className="text-slate-700">{item.speaker}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function EventSpeakers({ event }: { event: EventView }) {
  if (event.speakers.length === 0) return null;
  return (
    <section aria-labelledby="speakers-title" className="container-page py-14 sm:py-16">
      <h2 id="speakers-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Speakers
      </h2>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {event.speakers.map((speaker) => (
          <li key={speaker.name} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            {speaker.photo ? (
              <img src={speaker.photo} alt="" width={96} height={96} loading="lazy" className="mb-4 size-24 rounded-full bg-slate-100 object-cover" />
            ) : null}
            <h3 className="text-lg font-semibold text-brand-900">{speaker.name}</h3>
            <p className="text-sm font-medium text-slate-700">{[speaker.role, speaker.organisation].filter(Boolean).join(", ")}</p>
            <p className="mt-3 text-slate-700">{speaker.bio}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
