import { Form } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";

/*
 * The parts of an application's page that move it: the stage to move to
 * (which opens the move page with its email), and the rejection waiting to
 * happen, with the button that cancels it.
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
