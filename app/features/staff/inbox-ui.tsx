import { Fragment, type ReactNode } from "react";
import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { NO_SOURCE_LABEL, touchLabels, type Attribution, type Touch } from "#app/features/attribution/attribution.ts";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { buttonClass, inputClass } from "#app/features/staff/staff-ui.tsx";

/*
 * The parts of an inbox record's page (a consultation, an application, an event registration): status form,
 * note form, history and email deliveries. Data comes from inbox.server.ts
 * through inbox-page.server.ts.
 */

type Labels = Readonly<Record<string, string>>;
type Timeline = (
  | { kind: "note" | "call"; at: string; who: string; body: string }
  | { kind: "status"; at: string; who: string; from: string; to: string }
  | { kind: "reply"; at: string; who: string; subject: string; body: string; delivery: { status: string; attempts: number; lastError: string | null } | null }
)[];
type Deliveries = { template: string; to: string; status: string; attempts: number; lastError: string | null; sentAt: string | null }[];

const fieldError = (answer: FormAnswer | undefined, field: string) => (answer?.status === "error" ? answer.fields?.[field] : undefined);

/** The status as a word with a border, never colour alone. */
export function StatusBadge({ status, labels }: { status: string; labels: Labels }) {
  return (
    <span className="inline-block rounded-full border border-slate-500 bg-white px-2.5 py-0.5 text-sm font-semibold text-ink">{labels[status] ?? status}</span>
  );
}

/** "Unread" for a record the viewer has not opened (a consultation), or nobody has (an application). */
export function UnreadMark({ readAt }: { readAt: string | null }) {
  return readAt ? null : <span className="ml-2 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white uppercase">Unread</span>;
}

/** Changes the status from the one shown; the server refuses if it changed meanwhile. */
export function StatusForm({ current, labels, answer }: { current: string; labels: Labels; answer?: FormAnswer }) {
  const error = fieldError(answer, "status");
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="expected" value={current} />
      <div>
        <label htmlFor="status" className="mb-1.5 block text-sm font-semibold">
          Status
        </label>
        <select id="status" name="status" defaultValue={current} aria-invalid={error ? true : undefined} className={inputClass}>
          {Object.entries(labels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass}>
        Change status
      </button>
    </Form>
  );
}

/**
 * Adds an internal note (staff only; the visitor never sees it), or, with
 * `intent` "call", logs a phone call with what was said.
 */
export function NoteForm({
  answer,
  maxLength,
  intent = "note",
  field = "note",
  label = "Internal note",
  button = "Add note",
}: {
  answer?: FormAnswer;
  maxLength: number;
  intent?: string;
  field?: string;
  label?: string;
  button?: string;
}) {
  const error = fieldError(answer, field);
  const typed = answer?.status === "error" ? answer.values?.[field] : undefined;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={field} className="mb-1.5 block text-sm font-semibold">
          {label}
        </label>
        <textarea
          id={field}
          name={field}
          rows={4}
          maxLength={maxLength}
          required
          defaultValue={typed}
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
      </div>
      <button type="submit" className={buttonClass}>
        {button}
      </button>
    </Form>
  );
}

/** Notes, calls, replies and status changes, oldest first, each with who and when. */
function TimelineList({ entries, labels }: { entries: Timeline; labels: Labels }) {
  if (entries.length === 0) return <p className="text-slate-700">No notes or status changes yet.</p>;
  return (
    <ol className="space-y-3">
      {entries.map((entry, index) => (
        <li key={index} className="rounded-lg border border-slate-300 bg-white p-3">
          <p className="text-sm text-slate-700">
            <strong className="text-ink">{entry.who}</strong> · <LocalTime value={entry.at} />
          </p>
          <TimelineEntryBody entry={entry} labels={labels} />
        </li>
      ))}
    </ol>
  );
}

const deliveryLabels: Record<string, string> = { pending: "Waiting to be sent", sending: "Sending", sent: "Sent", failed: "Failed" };

/** What one history entry says under its author and time. */
function TimelineEntryBody({ entry, labels }: { entry: Timeline[number]; labels: Labels }) {
  switch (entry.kind) {
    case "note":
      return <p className="mt-1 whitespace-pre-wrap">{entry.body}</p>;
    case "call":
      return (
        <>
          <p className="mt-1 font-semibold">Logged a call</p>
          <p className="mt-1 whitespace-pre-wrap">{entry.body}</p>
        </>
      );
    case "reply":
      return (
        <>
          <p className="mt-1">
            <span className="font-semibold">Sent a reply:</span> <span className="break-words">{entry.subject}</span>
          </p>
          <p className="mt-1 text-sm">
            Email: {entry.delivery ? (deliveryLabels[entry.delivery.status] ?? entry.delivery.status) : "No longer in the outbox"}
            {entry.delivery && entry.delivery.attempts > 1 ? `, after ${entry.delivery.attempts} attempts` : null}
          </p>
          {entry.delivery?.lastError && entry.delivery.status !== "sent" ? (
            <p className="mt-1 text-sm text-red-800">Last error: {entry.delivery.lastError}</p>
          ) : null}
          <details className="mt-1">
            <summary className="cursor-pointer py-1 text-sm font-semibold text-brand-700">Show the message</summary>
            <p className="mt-1 break-words whitespace-pre-wrap">{entry.body}</p>
          </details>
        </>
      );
    case "status":
      return (
        <p className="mt-1">
          Changed the status from “{labels[entry.from] ?? entry.from}” to “{labels[entry.to] ?? entry.to}”.
        </p>
      );
  }
}

/** The record's emails: to whom, and whether they went. */
function DeliveryList({ deliveries, names }: { deliveries: Deliveries; names: Labels }) {
  if (deliveries.length === 0) return <p className="text-slate-700">No emails were recorded for it.</p>;
  return (
    <ul className="space-y-2">
      {deliveries.map((delivery, index) => (
        <li key={index} className="rounded-lg border border-slate-300 bg-white p-3 text-sm">
          <p>
            <strong>{names[delivery.template] ?? delivery.template}</strong> to {delivery.to}: {deliveryLabels[delivery.status] ?? delivery.status}
            {delivery.sentAt ? (
              <>
                {" "}
                (<LocalTime value={delivery.sentAt} />)
              </>
            ) : null}
            {delivery.attempts > 1 ? `, after ${delivery.attempts} attempts` : null}
          </p>
          {delivery.lastError && delivery.status !== "sent" ? <p className="mt-1 text-red-800">Last error: {delivery.lastError}</p> : null}
        </li>
      ))}
    </ul>
  );
}

export const cardClass = "rounded-xl border border-slate-300 bg-white p-5";

/** A titled part of a record's page. */
export function InboxSection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A term of a record's "Details" list. */
export const detailTermClass = "text-sm font-semibold text-slate-700";

/** The record's facts as a list of terms (`<dt className={detailTermClass}>`) and values, under "Details"; `after` follows the list. */
export function InboxDetails({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <InboxSection id="details" title="Details" className={cardClass}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">{children}</dl>
      {after}
    </InboxSection>
  );
}

/** The record's notes and status changes, under "History". */
export function InboxHistory({ entries, labels, className }: { entries: Timeline; labels: Labels; className?: string }) {
  return (
    <InboxSection id="history" title="History" className={className}>
      <TimelineList entries={entries} labels={labels} />
    </InboxSection>
  );
}

const sourceTermClass = "text-sm font-semibold text-slate-700";

/**
 * Where the visitor came from, under "Source": the source, medium and
 * campaign the record is counted under, the form's page, then each touch.
 * Every value is text the visitor's browser sent, shown as text, never as a link.
 */
export function InboxSource({ attribution }: { attribution: Attribution | null }) {
  return (
    <InboxSection id="source" title="Source">
      {attribution === null ? (
        <p className="text-slate-700">Not recorded: this arrived before the site kept where leads come from.</p>
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <dt className={sourceTermClass}>Source</dt>
            <dd className="break-all">{attribution.source ?? NO_SOURCE_LABEL}</dd>
            <dt className={sourceTermClass}>Medium</dt>
            <dd className="break-all">{attribution.medium ?? "None"}</dd>
            <dt className={sourceTermClass}>Campaign</dt>
            <dd className="break-all">{attribution.campaign ?? "None"}</dd>
            <dt className={sourceTermClass}>Sent from page</dt>
            <dd className="break-all">{attribution.formPage ?? "Not known"}</dd>
          </dl>
          <TouchDetails title="This visit (last touch)" touch={attribution.lastTouch} />
          <TouchDetails title="First touch" touch={attribution.firstTouch} />
        </>
      )}
    </InboxSection>
  );
}

function TouchDetails({ title, touch }: { title: string; touch: Touch | undefined }) {
  const shown = touchLabels.filter(([key]) => touch?.[key]);
  return (
    <>
      <h3 className="mt-5 mb-2 text-base font-bold text-ink">{title}</h3>
      {touch === undefined || shown.length === 0 ? (
        <p className="text-slate-700">Not recorded (no campaign, no other site, or the browser ran no script).</p>
      ) : (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {shown.map(([key, label]) => (
            <Fragment key={key}>
              <dt className={sourceTermClass}>{label}</dt>
              <dd className="break-all">{key === "at" ? <LocalTime value={touch[key]!} /> : touch[key]}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </>
  );
}

/** The record's emails and where each stands, under "Emails". */
export function InboxEmails({ deliveries, names, className }: { deliveries: Deliveries; names: Labels; className?: string }) {
  return (
    <InboxSection id="emails" title="Emails" className={className}>
      <DeliveryList deliveries={deliveries} names={names} />
    </InboxSection>
  );
}

/**
 * The status and note forms of a record's page. Keyed by the status, so after
 * a change (or a refused one) the choice starts from what it is now; and by the
 * history's length, so an added note leaves an empty box behind.
 */
export function InboxForms({
  status,
  labels,
  answer,
  historyLength,
  noteMaxLength,
  statusForm,
}: {
  status: string;
  labels: Labels;
  answer?: FormAnswer;
  historyLength: number;
  noteMaxLength: number;
  /** A record whose moves take a step of their own (an application's email) draws its own form. */
  statusForm?: ReactNode;
}) {
  return (
    <>
      <InboxSection id="status" title="Status" className={cardClass}>
        {statusForm ?? <StatusForm key={status} current={status} labels={labels} answer={answer} />}
      </InboxSection>
      <InboxSection id="note" title="Add a note" className={cardClass}>
        <NoteForm key={historyLength} answer={answer} maxLength={noteMaxLength} />
      </InboxSection>
    </>
  );
}

/**
 * A record page's `shouldRevalidate`: after a refused status change (409) the
 * page reads the record again, so it shows the status as it is now, as the
 * conflict's sentence promises.
 */
export function revalidateAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}
