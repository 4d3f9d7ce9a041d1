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
} from "#app/features/staff/inbox.server.ts";
import type { StaffArea } from "#app/features/staff/roles.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff, type StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
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
  /** The record's own fields for its page; null when there is no such record. */
  read: (db: Database, id: number) => Promise<Fields | null>;
  /** A change of the record's own beside status and note (a consultation's owner), posted with this intent. */
  ownChange?: OwnChange;
};

export type OwnChange = {
  intent: string;
  /** The form's fields besides the intent, with their labels. */
  labels: Readonly<Record<string, string>>;
  /** The sentence the page shows after it. */
  done: string;
  run: (
    db: Database,
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
  };
}

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
    const fieldLabels = { intent: "Action", status: "Status", expected: "Status shown", note: "Note", ...own?.labels };
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-inbox",
      fields: Object.keys(fieldLabels),
      multiline: ["note"],
      labels: fieldLabels,
    });
    const page = url.pathname;
    const ipAddress = clientAddressOf(context);
    if (own && values.intent === own.intent) {
      const result = await own.run(services.db, subject.id, values, user, ipAddress);
      if (!result.ok) return formError(result.status, result.message, { [result.field]: result.message });
      return redirect(`${page}?done=${own.intent}`, { status: 303 });
    }
    if (values.intent === "note") {
      const note = readNote(values);
      if (!note.ok) return formError(400, note.message, { note: note.message }, { note: (values.note ?? "").slice(0, NOTE_MAX_LENGTH + 100) });
      await addNote(services.db, subject, note.body, user, ipAddress);
      return redirect(`${page}?done=note`, { status: 303 });
    }
    if (values.intent === "status") {
      const labels = kind.statusLabels;
      const to = values.status ?? "";
      const from = values.expected ?? "";
      if (!(to in labels) || !(from in labels)) return formError(400, "Choose one of the listed statuses.", { status: "Choose one of the listed statuses." });
      if (to === from) return formError(400, `It is already “${labels[to]}”.`, { status: `It is already “${labels[to]}”.` });
      const result = await changeStatus(services.db, subject, { from, to }, user, ipAddress);
      if (!result.ok) {
        const message = result.current
          ? `Someone changed the status to “${labels[result.current] ?? result.current}” while you were looking. Nothing was changed; the page now shows their change.`
          : "This record no longer exists.";
        return formError(409, message, { status: message });
      }
      return redirect(`${page}?done=status`, { status: 303 });
    }
    return formError(400, "This form's action was not understood. Reload the page and try again.");
  } catch (error) {
    return answerRejection(error);
  }
}

/** The sentence a page shows after returning from a successful post. */
function doneMessage(url: URL, kind: InboxKind<object>): string | null {
  const done = url.searchParams.get("done");
  if (kind.ownChange && done === kind.ownChange.intent) return kind.ownChange.done;
  return done === "note" ? "Your note was added." : done === "status" ? "The status was changed." : null;
}
