import { redirect, type RouterContextProvider } from "react-router";
import { addNote, changeStatus, readNote, type InboxSubject, NOTE_MAX_LENGTH } from "#app/features/staff/inbox.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/**
 * The post of a consultation's or an application's page: change its status
 * (from the one shown) or add a note. Success returns to the page, so a
 * reload does not post again; a conflict or bad input answers with a sentence.
 */
export async function inboxAction(
  { request, context, url }: { request: Request; context: Readonly<RouterContextProvider>; url: URL },
  user: StaffUser,
  subject: InboxSubject,
  statusLabels: Readonly<Record<string, string>>,
) {
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-inbox",
      fields: ["intent", "status", "expected", "note"],
      multiline: ["note"],
      labels: { intent: "Action", status: "Status", expected: "Status shown", note: "Note" },
    });
    const page = url.pathname;
    if (values.intent === "note") {
      const note = readNote(values);
      if (!note.ok) return formError(400, note.message, { note: note.message }, { note: (values.note ?? "").slice(0, NOTE_MAX_LENGTH + 100) });
      await addNote(services.db, subject, note.body, user, clientAddressOf(context));
      return redirect(`${page}?done=note`, { status: 303 });
    }
    if (values.intent === "status") {
      const to = values.status ?? "";
      const from = values.expected ?? "";
      if (!(to in statusLabels) || !(from in statusLabels))
        return formError(400, "Choose one of the listed statuses.", { status: "Choose one of the listed statuses." });
      if (to === from) return formError(400, `It is already “${statusLabels[to]}”.`, { status: `It is already “${statusLabels[to]}”.` });
      const result = await changeStatus(services.db, subject, { from, to }, user, clientAddressOf(context));
      if (!result.ok) {
        const message = result.current
          ? `Someone changed the status to “${statusLabels[result.current] ?? result.current}” while you were looking. Nothing was changed; the page now shows their change.`
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
export function doneMessage(url: URL): string | null {
  const done = url.searchParams.get("done");
  return done === "note" ? "Your note was added." : done === "status" ? "The status was changed." : null;
}
