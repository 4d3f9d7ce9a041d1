import { useId, useSyncExternalStore } from "react";
import { Form } from "react-router";
import { FieldError, inputClass } from "#app/features/forms/field.tsx";
import { DEFAULT_TIME_ZONE } from "#app/features/staff/insights/insight-rules.ts";
import { secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";

const noChanges = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/**
 * "Publish at" a date and time ahead. The time is read in the staff member's
 * own time zone, which the browser names; without JavaScript it is UTC, and
 * the field says so.
 */
export function ScheduleForm({ value, error }: { value: string; error?: string }) {
  const id = useId();
  // The server (and a browser before hydration) says UTC; the browser then names its own zone.
  const timeZone = useSyncExternalStore(noChanges, browserTimeZone, () => DEFAULT_TIME_ZONE);
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <Form method="post" className="grid justify-items-start gap-3">
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="timeZone" value={timeZone} />
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          Publish at
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
          Time zone: {timeZone}. The insight appears by itself at that time.
        </p>
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <button type="submit" className={secondaryButtonClass}>
        Schedule
      </button>
    </Form>
  );
}
