import { data, redirect } from "react-router";
import type { Route } from "./+types/staff.applications.$id.move";
import { IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { REPLY_BODY_MAX_BYTES, REPLY_SUBJECT_MAX_LENGTH } from "#app/features/staff/replies/reply-rules.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PendingRejectionNotice, StageMoveForm } from "#app/features/staff/stage-emails/stage-email-ui.tsx";
import { moveApplication, moveDraftFor, typedMoveEmail } from "#app/features/staff/stage-emails/stage-emails.server.ts";
import { BackLink, FormNotice, PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * Moving an application to a stage: the email that stage sends, filled in for
 * this candidate, to edit or skip; for a rejection, now or later. A page of
 * its own, so the step works the same without JavaScript.
 */

const NOT_FOUND = "There is no application with this number; it may have been erased.";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  requireStaff(context, request, "applications");
  const id = parseRecordId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const { db } = await servicesOf(context);
  const move = await moveDraftFor(db, id, url.searchParams.get("to") ?? "");
  if (!move) throw data(NOT_FOUND, { status: 404 });
  // The stage the application's page showed, so a move chosen on a stale page says what it is now.
  const seen = url.searchParams.get("seen");
  return {
    ...move,
    changedSince: seen !== null && seen !== move.application.status,
    subjectMaxLength: REPLY_SUBJECT_MAX_LENGTH,
    bodyMaxBytes: REPLY_BODY_MAX_BYTES,
  };
}

const labels = { from: "Stage shown", to: "Stage", email: "Email", when: "When", subject: "Subject", body: "Message", [IDEMPOTENCY_FIELD]: "One-time key" };

/** How long a move waits for the mail server before leaving the email to the outbox. */
const SEND_WAIT_MS = 3_000;

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, "applications");
  const id = parseRecordId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-application-move",
      fields: Object.keys(labels),
      labels,
      multiline: ["body"],
      maxBytes: REPLY_BODY_MAX_BYTES * 3 + 16 * 1024,
    });
    const result = await moveApplication(services, id, { ...values, idempotencyKey: values[IDEMPOTENCY_FIELD] ?? "" }, user, clientAddressOf(context));
    if (!result.ok) {
      if (result.status === 404) throw data(NOT_FOUND, { status: 404 });
      return formError(result.status, result.message, { [result.field]: result.message }, typedMoveEmail(values));
    }
    const page = `/staff/applications/${id}`;
    if (result.scheduledAt) return redirect(`${page}?done=rejection-scheduled`, { status: 303 });
    if (result.outboxId === null) return redirect(`${page}?done=status`, { status: 303 });
    const attempt = await services.outbox.attemptNow(result.outboxId, SEND_WAIT_MS);
    return redirect(`${page}?done=${attempt.status === "sent" ? "stage-email-sent" : "stage-email-queued"}`, { status: 303 });
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  staffMeta(loaderData?.to ? `Move ${loaderData.application.reference} to ${applicationStatusLabels[loaderData.to]}` : "Move an application");

export default function MoveApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a } = loaderData;
  const back = `/staff/applications/${a.id}`;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  if (!loaderData.to || loaderData.to === a.status) {
    return (
      <>
        <BackLink to={back}>Back to the application</BackLink>
        <PageHeading title={`Move ${a.fullName}`}>
          {loaderData.to
            ? `The application is already at “${applicationStatusLabels[a.status]}”.`
            : "Choose one of the listed stages on the application's page."}
        </PageHeading>
      </>
    );
  }
  const { to, draft, offersEmail, scheduledAt, pending } = loaderData;
  const stage = applicationStatusLabels[to];
  return (
    <>
      <BackLink to={back}>Back to the application</BackLink>
      <PageHeading title={`Move ${a.fullName} to ${stage}`}>
        Application <span className="font-mono">{a.reference}</span> for {a.appliedFor}, now at “{applicationStatusLabels[a.status]}”.
      </PageHeading>
      <FormNotice
        answer={
          actionData ??
          (loaderData.changedSince
            ? {
                status: "error",
                message: `Someone changed the stage to “${applicationStatusLabels[a.status]}” while you were looking. Check the move below before you confirm it.`,
              }
            : undefined)
        }
      />
      {pending ? (
        <div className="mb-6 max-w-3xl">
          <PendingRejectionNotice pending={pending} cancellable={false} />
        </div>
      ) : null}
      <StageMoveForm
        stage={to}
        draft={draft}
        offersEmail={offersEmail}
        recipient={a.email}
        scheduledAt={scheduledAt}
        typed={typed}
        answer={actionData}
        subjectMaxLength={loaderData.subjectMaxLength}
        bodyMaxBytes={loaderData.bodyMaxBytes}
        idempotencyKey={loaderData.idempotencyKey}
        back={back}
      >
        <input type="hidden" name="from" value={a.status} />
        <input type="hidden" name="to" value={to} />
      </StageMoveForm>
    </>
  );
}
