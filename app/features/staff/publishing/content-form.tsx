import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { buttonClass } from "#app/features/staff/staff-ui.tsx";
import { useUnsavedChanges } from "#app/features/staff/unsaved-changes.ts";

/**
 * The frame of a staff form that writes published content (a job, an
 * insight): the save intent and the revision it was opened at, the guard
 * against losing an unsaved edit, and, after a refused post, the values as
 * typed with the server's sentence beside each field.
 */
export function ContentForm<Values extends Record<string, string>>({
  values,
  revision,
  answer,
  submitLabel,
  multipart = false,
  children,
}: {
  values: Values;
  revision?: number;
  answer?: FormAnswer | null;
  submitLabel: string;
  /** For a form that carries a file. */
  multipart?: boolean;
  children: (shown: Values, errors: Record<string, string> | undefined) => ReactNode;
}) {
  const unsaved = useUnsavedChanges(answer);
  const errors = answer?.status === "error" ? answer.fields : undefined;
  const saving = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  // After a refused post without JavaScript, the page shows what was typed.
  const shown = answer?.status === "error" && answer.values ? { ...values, ...answer.values } : values;
  const key = answer?.status === "error" ? JSON.stringify(answer.values ?? {}) : String(revision ?? "new");

  return (
    // Without JavaScript the browser checks the required fields; with it the server's sentences show beside each field.
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...unsaved}
      key={key}
      className="grid gap-5 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-2"
      noValidate={hydrated}
    >
      <input type="hidden" name="intent" value="save" />
      {revision === undefined ? null : <input type="hidden" name="revision" value={revision} />}
      {children(shown, errors)}
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass} disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
