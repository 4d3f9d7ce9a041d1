import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import type { Route } from "./+types/staff.jobs.$id.board.move";
import { IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { boardMoveDraft, moveFromBoard, readBoardQuery } from "#app/features/staff/board/board.server.ts";
import { REPLY_BODY_MAX_BYTES, REPLY_SUBJECT_MAX_LENGTH } from "#app/features/staff/replies/reply-rules.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { StageMoveForm } from "#app/features/staff/stage-emails/stage-email-ui.tsx";
import { typedMoveEmail } from "#app/features/staff/stage-emails/stage-emails.server.ts";
import { BackLink, FormNotice, PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * Moving the applications chosen on a job's board: which ones, and the
 * stage's email to edit or skip (placeholders filled in for each candidate),
 * now or, for a rejection, later. A page of its own, reached by a GET form
 * from the board or by a card dragged there, so it works without JavaScript.
 */

const NOT_FOUND = "There is no job with this number; it may have been deleted.";

/** The board's filters carried through the move, read as the board reads them so nothing else rides along. */
function boardFilters(raw: string | null | undefined): string {
  return readBoardQuery(new Request(`http://board.invalid/?${raw ?? ""}`)).filters.toString();
}

function jobIdOf(params: { id?: string }): number {
  const id = parseRecordId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  return id;
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  requireStaff(context, request, "applications");
  const jobId = jobIdOf(params);
  const { db } = await servicesOf(context);
  const move = await boardMoveDraft(db, jobId, url.searchParams.getAll("application"), url.searchParams.get("to") ?? "");
  return {
    jobId,
    move,
    board: boardFilters(url.searchParams.get("board")),
    idempotencyKey: randomUUID(),
    subjectMaxLength: REPLY_SUBJECT_MAX_LENGTH,
    bodyMaxBytes: REPLY_BODY_MAX_BYTES,
  };
}

const labels = {
  applications: "Applications",
  to: "Stage",
  email: "Email",
  when: "When",
  subject: "Subject",
  body: "Message",
  board: "Board filters",
  [IDEMPOTENCY_FIELD]: "One-time key",
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, "applications");
  const jobId = jobIdOf(params);
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-board-move",
      fields: Object.keys(labels),
      labels,
      multiline: ["body"],
      maxBytes: REPLY_BODY_MAX_BYTES * 3 + 32 * 1024,
    });
    const posted = { ...values, applications: (values.applications ?? "").split(","), idempotencyKey: values[IDEMPOTENCY_FIELD] ?? "" };
    const result = await moveFromBoard(services, jobId, posted, user, clientAddressOf(context));
    if (!result.ok) return formError(result.status, result.message, { [result.field]: result.message }, typedMoveEmail(values));
    if (result.outboxIds.length > 0) services.outbox.nudge();
    if (result.refused.length > 0) {
      const names = result.refused.map((r) => `${r.fullName} (${r.reference}): ${r.message}`).join(" ");
      return formError(
        409,
        `${result.moved === 1 ? "1 application was" : `${result.moved} applications were`} moved; these were not. ${names}`,
        undefined,
        typedMoveEmail(values),
      );
    }
    const back = new URLSearchParams(boardFilters(values.board));
    back.set("moved", String(result.moved));
    // "stage", not "to": the board reads "to" as the last applied date of its filter.
    back.set("stage", values.to ?? "");
    if (result.outboxIds.length > 0) back.set("emailed", String(result.outboxIds.length));
    if (result.scheduled > 0) back.set("scheduled", String(result.scheduled));
    return redirect(`/staff/jobs/${jobId}/board?${back}`, { status: 303 });
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  staffMeta(loaderData?.move.ok ? `Move to ${applicationStatusLabels[loaderData.move.to]}` : "Move applications");

export default function BoardMove({ loaderData, actionData }: Route.ComponentProps) {
  const { jobId, move } = loaderData;
  const back = `/staff/jobs/${jobId}/board${loaderData.board ? `?${loaderData.board}` : ""}`;
  const backLink = <BackLink to={back}>Back to the board</BackLink>;
  if (!move.ok || move.moving.length === 0) {
    return (
      <>
        {backLink}
        <PageHeading title="Move applications">
          {move.ok ? `The chosen applications are already at “${applicationStatusLabels[move.to]}”.` : move.message}
        </PageHeading>
      </>
    );
  }
  const stage = applicationStatusLabels[move.to];
  const several = move.moving.length > 1;
  const only = move.moving[0]!;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  return (
    <>
      {backLink}
      <PageHeading title={several ? `Move ${move.moving.length} applications to ${stage}` : `Move ${only.fullName} to ${stage}`}>
        {several ? null : (
          <>
            Application <span className="font-mono">{only.reference}</span>, now at “{applicationStatusLabels[only.status]}”.
          </>
        )}
        {move.alreadyThere > 0
          ? ` ${move.alreadyThere === 1 ? "One chosen application is" : `${move.alreadyThere} chosen applications are`} there already.`
          : null}
      </PageHeading>
      <FormNotice answer={actionData} />
      {several ? (
        <ul className="mb-6 max-w-3xl list-disc space-y-1 pl-6" aria-label="Applications to move">
          {move.moving.map((a) => (
            <li key={a.id}>
              {a.fullName} <span className="font-mono text-sm">{a.reference}</span>, now at “{applicationStatusLabels[a.status]}”
            </li>
          ))}
        </ul>
      ) : null}
      <StageMoveForm
        stage={move.to}
        draft={move.draft}
        offersEmail={move.offersEmail}
        recipient={several ? `each of the ${move.moving.length} candidates` : only.email}
        perCandidate={several}
        scheduledAt={move.scheduledAt}
        typed={typed}
        answer={actionData}
        subjectMaxLength={loaderData.subjectMaxLength}
        bodyMaxBytes={loaderData.bodyMaxBytes}
        idempotencyKey={loaderData.idempotencyKey}
        back={back}
      >
        <input type="hidden" name="applications" value={move.moving.map((a) => `${a.id}:${a.status}`).join(",")} />
        <input type="hidden" name="to" value={move.to} />
        <input type="hidden" name="board" value={loaderData.board} />
      </StageMoveForm>
    </>
  );
}
