import { useId } from "react";
import { Form } from "react-router";
import { FieldError, inputClass } from "#app/features/forms/field.tsx";
import { useStaffTimeZone } from "#app/features/staff/staff-time.tsx";
import { secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";

/**
 * "Publish at" a date and time ahead, read in the staff member's own time
 * zone (the one every staff time is shown in), which the field names; the
 * zone goes with the form, so the time is read as it was shown.
 */
export function ScheduleForm({
  value,
  error,
  intent = "schedule",
  label = "Publish at",
  result = "The insight appears by itself at that time.",
}: {
  value: string;
  error?: string;
  /** What the form asks of the page's action: an insight's "schedule", or "schedule-changes" for saved changes. */
  intent?: string;
  label?: string;
  /** What happens at that time, after the time zone in the hint. */
  result?: string;
}) {
  const id = useId();
  const timeZone = useStaffTimeZone();
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <Form method="post" className="grid justify-items-start gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="timeZone" value={timeZone} />
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {label}
        </label>
        <input
          id={id}
          name="publishAt"
          type="datetime-local"
          required
          defaultValue={value}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          className={`${inputClass} w-auto`}
        />
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          Time zone: {timeZone}. {result}
        </p>
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <button type="submit" className={secondaryButtonClass}>
        Schedule
      </button>
    </Form>
  );
}
