import { data, redirect, type RouterContextProvider } from "react-router";
import {
  addNote,
  changeStatus,
  deliveriesOf,
  markRead,
  NOTE_MAX_LENGTH,
  readNote,
  recordExists,
  timelineOf,
  type InboxSubject,
  type StatusChange,
} from "#app/features/staff/inbox.server.ts";
import { logCall, replyFormOf, sendReply } from "#app/features/staff/replies/replies.server.ts";
import { REPLY_BODY_MAX_BYTES } from "#app/features/staff/replies/reply-rules.ts";
import type { StaffArea } from "#app/features/staff/roles.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff, type StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The loader and the action of a consultation's or an application's page:
 * the part every inbox record's page shares, around the record's own fields.
 */

type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string }; url: URL };

/** Which inbox a record's page belongs to, and how its own fields are read. */
export type InboxKind<Fields extends object> = {
  type: InboxSubject["type"];
  /** The staff area whose roles may open it. */
  area: StaffArea;
  /** The sentence of the 404 for an address that names no record. */
  notFound: string;
  /** Its statuses: the ones a post may choose, with the names staff read. */
  statusLabels: Readonly<Record<string, string>>;
  /** The sentence when a unique rule refuses a status (two registrations of one kind for one address). */
  duplicateStatus?: string;
  /** The record's own fields for its page; null when there is no such record. */
  read: (db: Database, id: number) => Promise<Fields | null>;
  /** A change of the record's own beside status and note (a consultation's owner), posted with this intent. */
  ownChange?: OwnChange;
  /**
   * Statuses that are not only a label: choosing one in the status list runs
   * this instead (an event place, with its capacity check and e-mail), and the
   * page then says `done`.
   */
  statusPaths?: Readonly<Record<string, StatusPath>>;
  /** Its page answers the lead: writes replies and logs calls. */
  replies?: true;
};

export type StatusPath = {
  done: string;
  run: (
    services: Pick<Services, "db" | "outbox" | "env">,
    id: number,
    from: string,
    user: StaffUser,
    ipAddress: string,
  ) => Promise<{ ok: true } | { ok: false; status: number; message: string }>;
};

export type OwnChange = {
  intent: string;
  /** The form's fields besides the intent, with their labels. */
  labels: Readonly<Record<string, string>>;
  /** The sentence the page shows after it. */
  done: string;
  run: (
    services: Pick<Services, "db" | "outbox" | "env">,
    id: number,
    values: Record<string, string>,
    user: StaffUser,
    ipAddress: string,
  ) => Promise<{ ok: true } | { ok: false; status: number; message: string; field: string }>;
};

/**
 * The loader: the record's own fields, then its history, its emails and the
 * sentence after a successful post. Opening the page counts as reading the
 * record (it is no longer unread for whoever opened it).
 */
export async function loadInboxRecord<Fields extends object>({ request, context, params, url }: PageArgs, kind: InboxKind<Fields>) {
  const user = requireStaff(context, request, kind.area);
  const id = parseRecordId(params.id);
  if (id === null) throw data(kind.notFound, { status: 404 });
  const { db } = await servicesOf(context);
  const fields = await kind.read(db, id);
  if (!fields) throw data(kind.notFound, { status: 404 });
  const subject: InboxSubject = { type: kind.type, id };
  await markRead(db, subject, user.id);
  return {
    ...fields,
    timeline: await timelineOf(db, subject),
    deliveries: await deliveriesOf(db, subject),
    done: doneMessage(url, kind),
    noteMaxLength: NOTE_MAX_LENGTH,
    // `?template=` picks the reply's starting point: a plain GET form, so it works without JavaScript.
    reply: kind.replies ? await replyFormOf(db, subject, url.searchParams.get("template"), user) : null,
  };
}

/** A reply's body may be 64 KB of text, which form encoding can triple (non-ASCII), with room for the other fields. */
const INBOX_FORM_MAX_BYTES = REPLY_BODY_MAX_BYTES * 3 + 16 * 1024;

/**
 * The action: change the record's status (from the one shown) or add a note.
 * A post to a record that does not exist is "not found" rather than a failed
 * write. Success returns to the page, so a reload does not post again; a
 * conflict or bad input answers with a sentence.
 */
export async function inboxRecordAction({ request, context, params, url }: PageArgs, kind: InboxKind<object>) {
  const user = requireStaff(context, request, kind.area);
  const id = parseRecordId(params.id);
  const services = await servicesOf(context);
  const subject: InboxSubject | null = id === null ? null : { type: kind.type, id };
  if (!subject || !(await recordExists(services.db, subject))) throw data(kind.notFound, { status: 404 });
  try {
    const own = kind.ownChange;
    const fieldLabels = {
      intent: "Action",
      status: "Status",
      expected: "Status shown",
      note: "Note",
      callNote: "What was said",
      subject: "Subject",
      body: "Message",
      ...own?.labels,
    };
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-inbox",
      fields: [...Object.keys(fieldLabels), IDEMPOTENCY_FIELD],
      multiline: ["note", "callNote", "body"],
      labels: fieldLabels,
      maxBytes: INBOX_FORM_MAX_BYTES,
    });
    const page = url.pathname;
    const ipAddress = clientAddressOf(context);
    if (own && values.intent === own.intent) {
      const result = await own.run(services, subject.id, values, user, ipAddress);
      if (!result.ok) return formError(result.status, result.message, { [result.field]: result.message });
      return redirect(`${page}?done=${own.intent}`, { status: 303 });
    }
    if (values.intent === "note") {
      const note = readNote(values);
      if (!note.ok) return formError(400, note.message, { note: note.message }, { note: (values.note ?? "").slice(0, NOTE_MAX_LENGTH + 100) });
      await addNote(services.db, subject, note.body, user, ipAddress);
      return redirect(`${page}?done=note`, { status: 303 });
    }
    if (kind.replies && values.intent === "reply") {
      const sent = await sendReply(
        services,
        subject,
        { subject: values.subject, body: values.body, idempotencyKey: values[IDEMPOTENCY_FIELD] ?? "" },
        user,
        ipAddress,
      );
      if (!sent.ok) {
        const typed = { subject: (values.subject ?? "").slice(0, 1_000), body: (values.body ?? "").slice(0, REPLY_BODY_MAX_BYTES + 1_000) };
        return formError(400, sent.message, { [sent.field]: sent.message }, typed);
      }
      // A short wait, so the page can usually say the reply went; a slow mail server leaves it to the outbox.
      const attempt = sent.outboxId === null ? null : await services.outbox.attemptNow(sent.outboxId, REPLY_WAIT_MS);
      return redirect(`${page}?done=${attempt?.status === "sent" ? "reply-sent" : "reply-queued"}`, { status: 303 });
    }
    if (kind.replies && values.intent === "call") {
      const note = readNote({ note: values.callNote ?? "" });
      if (!note.ok) return formError(400, note.message, { callNote: note.message }, { callNote: (values.callNote ?? "").slice(0, NOTE_MAX_LENGTH + 100) });
      await logCall(services.db, subject, note.body, user, ipAddress);
      return redirect(`${page}?done=call`, { status: 303 });
    }
    if (values.intent === "status") {
      const labels = kind.statusLabels;
      const to = values.status ?? "";
      const from = values.expected ?? "";
      if (!(to in labels) || !(from in labels)) return formError(400, "Choose one of the listed statuses.", { status: "Choose one of the listed statuses." });
      if (to === from) return formError(400, `It is already “${labels[to]}”.`, { status: `It is already “${labels[to]}”.` });
      const path = kind.statusPaths?.[to];
      if (path) {
        const result = await path.run(services, subject.id, from, user, ipAddress);
        if (!result.ok) return formError(result.status, result.message, { status: result.message });
        return redirect(`${page}?done=status-${to}`, { status: 303 });
      }
      const result = await changeStatus(services.db, subject, { from, to }, user, ipAddress);
      if (!result.ok) {
        const message = statusRefusal(result, kind);
        return formError(409, message, { status: message });
      }
      return redirect(`${page}?done=status`, { status: 303 });
    }
    return formError(400, "This form's action was not understood. Reload the page and try again.");
  } catch (error) {
    return answerRejection(error);
  }
}

/** Why a status change was refused: the one sentence every inbox gives for a stale page. */
export function statusRefusal(refusal: Exclude<StatusChange, { ok: true }>, kind: Pick<InboxKind<object>, "statusLabels" | "duplicateStatus">): string {
  if ("duplicate" in refusal) return kind.duplicateStatus ?? "Nothing was changed: another record already has this status.";
  if (refusal.current === null) return "This record no longer exists.";
  const now = kind.statusLabels[refusal.current] ?? refusal.current;
  return `Someone changed the status to “${now}” while you were looking. Nothing was changed; the page now shows their change.`;
}

/** How long sending a reply waits for the mail server before leaving the message to the outbox. */
const REPLY_WAIT_MS = 3_000;

const doneMessages: Record<string, string> = {
  note: "Your note was added.",
  status: "The status was changed.",
  call: "The call was logged.",
  "reply-sent": "Your reply was sent.",
  "reply-queued": "Your reply is in the outbox and will be sent shortly; the history shows when it goes.",
  "stage-email-sent": "The stage was changed and the email was sent to the candidate.",
  "stage-email-queued": "The stage was changed; the email is in the outbox and will be sent shortly (the history shows when it goes).",
  "candidate-erased": "The candidate was erased: their personal data and resumes are gone; the stage, dates, job and source remain.",
  "rejection-scheduled": "The rejection is scheduled: at the time shown, the application moves to Rejected and its email goes, unless you cancel it first.",
};

/** The sentence a page shows after returning from a successful post. */
function doneMessage(url: URL, kind: InboxKind<object>): string | null {
  const done = url.searchParams.get("done");
  if (kind.ownChange && done === kind.ownChange.intent) return kind.ownChange.done;
  const path = done?.startsWith("status-") ? kind.statusPaths?.[done.slice("status-".length)] : undefined;
  if (path) return path.done;
  return done && Object.hasOwn(doneMessages, done) ? doneMessages[done]! : null;
}
