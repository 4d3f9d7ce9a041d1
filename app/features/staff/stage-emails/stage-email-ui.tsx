import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { REJECTION_DELAY_BUSINESS_DAYS, stagePlaceholderHelp } from "#app/features/careers/stage-email-rules.ts";
import { Field } from "#app/features/forms/field.tsx";
import { IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import type { ApplicationStatus } from "#app/platform/db/schema.server.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { buttonClass, inputClass, linkClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";

/*
 * The parts of the staff area that move an application: the stage to move
 * to (which opens the move page with its email), the email and its timing on
 * that page (and on the board's move of several), and the rejection waiting
 * to happen, with the button that cancels it.
 */

/** Picks the stage; the move page that follows shows the email it sends. A GET form, so it needs no JavaScript. */
export function MoveToStageForm({ applicationId, current }: { applicationId: number; current: string }) {
  return (
    <Form method="get" action={`/staff/applications/${applicationId}/move`} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="seen" value={current} />
      <div>
        <label htmlFor="move-to" className="mb-1.5 block text-sm font-semibold">
          Move to stage
        </label>
        <select id="move-to" name="to" defaultValue={current} className={inputClass}>
          {Object.entries(applicationStatusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass}>
        Continue
      </button>
    </Form>
  );
}

export type PendingRejectionView = { dueAt: string; withEmail: boolean; by: string };

/** The rejection scheduled for this application: when it happens, and a way to call it off. */
export function PendingRejectionNotice({ pending, answer, cancellable = true }: { pending: PendingRejectionView; answer?: FormAnswer; cancellable?: boolean }) {
  const error = answer?.status === "error" ? answer.fields?.cancel : undefined;
  return (
    <div className="rounded-lg border border-amber-600 bg-amber-50 p-4" data-testid="pending-rejection">
      <p className="font-semibold text-ink">
        Rejection scheduled for <LocalTime value={pending.dueAt} />
      </p>
      <p className="mt-1 text-sm text-slate-800">
        {pending.by} scheduled it. {pending.withEmail ? "The candidate is emailed when it happens." : "No email goes with it."} Until then the candidate's stage
        does not change.
      </p>
      {cancellable ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cancel-rejection" />
          <button type="submit" className={secondaryButtonClass} aria-describedby={error ? "cancel-rejection-error" : undefined}>
            Cancel the rejection
          </button>
          {error ? (
            <p id="cancel-rejection-error" className="mt-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </Form>
      ) : null}
    </div>
  );
}

const fieldError = (answer: FormAnswer | undefined, field: string) => (answer?.status === "error" ? answer.fields?.[field] : undefined);

const radioClass = "size-5 accent-brand-700";

/**
 * The move's questions: whether to send the stage's email, its words to edit,
 * and for a rejection, now or in two business days. `recipient` names who gets
 * it ("asha@example.com", "each of the 3 candidates"); with `perCandidate` the
 * words keep their placeholders, filled in for each candidate as it goes.
 */
type StageEmailChoiceProps = {
  stage: ApplicationStatus;
  draft: { subject: string; body: string } | null;
  offersEmail: boolean;
  recipient: string;
  perCandidate?: boolean;
  scheduledAt: string | null;
  typed?: Record<string, string>;
  answer?: FormAnswer;
  subjectMaxLength: number;
  bodyMaxBytes: number;
};

/** The move's form: what it moves (`children`, hidden fields), its one-time key, the email and timing questions, and the button. */
export function StageMoveForm({
  children,
  idempotencyKey,
  back,
  ...choice
}: StageEmailChoiceProps & { children: ReactNode; idempotencyKey: string; back: string }) {
  return (
    <Form method="post" className="max-w-3xl space-y-6">
      {children}
      <IdempotencyKeyField serverValue={idempotencyKey} renewOn={choice.answer} />
      <StageEmailChoice {...choice} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={buttonClass}>
          Move to {applicationStatusLabels[choice.stage]}
        </button>
        <Link to={back} className={`${linkClass} inline-block py-2`}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function StageEmailChoice({
  stage,
  draft,
  offersEmail,
  recipient,
  perCandidate = false,
  scheduledAt,
  typed,
  answer,
  subjectMaxLength,
  bodyMaxBytes,
}: StageEmailChoiceProps) {
  const name = applicationStatusLabels[stage];
  const sendChoice = typed?.email ?? (offersEmail && draft ? "send" : "skip");
  return (
    <>
      {draft ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-300 bg-white p-5">
          <legend className="px-1 text-lg font-bold text-ink">Email to the {perCandidate ? "candidates" : "candidate"}</legend>
          {offersEmail ? null : <p className="text-slate-700">The {name} stage sends no email unless you choose to here.</p>}
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Send it?</legend>
            <label className="flex items-center gap-3 py-1">
              <input type="radio" name="email" value="send" defaultChecked={sendChoice === "send"} className={radioClass} />
              Send this email to {recipient}
            </label>
            <label className="flex items-center gap-3 py-1">
              <input type="radio" name="email" value="skip" defaultChecked={sendChoice !== "send"} className={radioClass} />
              Move without an email
            </label>
          </fieldset>
          <Field name="subject" label="Subject" error={fieldError(answer, "subject")}>
            {(props) => <input {...props} type="text" maxLength={subjectMaxLength} defaultValue={typed?.subject ?? draft.subject} />}
          </Field>
          <Field
            name="body"
            label="Message"
            hint={`${perCandidate ? `${stagePlaceholderHelp} ` : ""}Plain text, at most ${formatBytes(bodyMaxBytes)}. It goes from the careers team's address, in the thread of the candidate's confirmation.`}
            error={fieldError(answer, "body")}
          >
            {(props) => <textarea {...props} rows={14} defaultValue={typed?.body ?? draft.body} />}
          </Field>
        </fieldset>
      ) : (
        <input type="hidden" name="email" value="skip" />
      )}
      {scheduledAt ? (
        <fieldset className="space-y-2 rounded-xl border border-slate-300 bg-white p-5">
          <legend className="px-1 text-lg font-bold text-ink">When</legend>
          <label className="flex items-center gap-3 py-1">
            <input type="radio" name="when" value="now" defaultChecked className={radioClass} />
            Reject now
          </label>
          <label className="flex items-center gap-3 py-1">
            <input type="radio" name="when" value="scheduled" className={radioClass} />
            <span>
              In {REJECTION_DELAY_BUSINESS_DAYS} business days: <LocalTime value={scheduledAt} /> (until then you can cancel it, and the candidate sees no
              change)
            </span>
          </label>
          {fieldError(answer, "when") ? <p className="text-sm text-red-800">{fieldError(answer, "when")}</p> : null}
        </fieldset>
      ) : (
        <input type="hidden" name="when" value="now" />
      )}
    </>
  );
}
