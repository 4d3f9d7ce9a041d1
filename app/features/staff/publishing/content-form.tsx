import { useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { buttonClass, secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";
import { useUnsavedChanges } from "#app/features/staff/unsaved-changes.ts";
import { useAutosave, type AutosaveState } from "#app/features/staff/publishing/autosave.ts";
import { formatStaffTime, useStaffTimeZone } from "#app/features/staff/staff-time.tsx";

/**
 * The frame of a staff form that writes published content (a job, an
 * insight, an edition): its save buttons (publish the change, or keep it as
 * a draft), saving by itself as a draft while an item is edited, the
 * revision it was opened at, the guard
 * against losing an unsaved edit, and, after a refused post, the values as
 * typed with the server's sentence beside each field.
 */
export function ContentForm<Values extends Record<string, string>>({
  values,
  revision,
  answer,
  submitLabel,
  draftLabel,
  multipart = false,
  buttonsInside = false,
  children,
}: {
  values: Values;
  revision?: number;
  answer?: FormAnswer | null;
  submitLabel: string;
  /** A second button that keeps the changes as a draft, for an item visitors can see. */
  draftLabel?: string;
  /** For a form that carries a file. */
  multipart?: boolean;
  /** The fields hold buttons of their own (a page's block buttons), which would come before the save buttons. */
  buttonsInside?: boolean;
  children: (shown: Values, errors: Record<string, string> | undefined) => ReactNode;
}) {
  const unsaved = useUnsavedChanges(answer);
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useAutosave(formRef, revision, unsaved.markSaved);
  const errors = answer?.status === "error" ? answer.fields : undefined;
  // While an autosave is on its way, a save would be made at the revision it replaces.
  const saving = useNavigation().state === "submitting" || autosave.busy;
  const hydrated = useHydrated();
  // After a refused post without JavaScript, the page shows what was typed.
  const shown = answer?.status === "error" && answer.values ? { ...values, ...answer.values } : values;
  const key = answer?.status === "error" ? JSON.stringify(answer.values ?? {}) : String(revision ?? "new");

  return (
    // Without JavaScript the browser checks the required fields; with it the server's sentences show beside each field.
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      ref={formRef}
      onInput={() => {
        unsaved.form.onInput();
        autosave.changed();
      }}
      onChange={() => {
        unsaved.form.onChange();
        autosave.changed();
      }}
      onSubmit={() => {
        unsaved.form.onSubmit();
        autosave.cancel();
      }}
      key={key}
      className="grid gap-5 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-2"
      noValidate={hydrated}
    >
      {autosave.revision === undefined ? null : <input type="hidden" name="revision" value={autosave.revision} />}
      {buttonsInside ? (
        // Enter in a field presses the form's first button: this one, which keeps the changes, rather than a block's "Move up".
        <button type="submit" name="intent" value={draftLabel ? "save-draft" : "save"} tabIndex={-1} aria-hidden="true" className="sr-only" disabled={saving}>
          {draftLabel ?? submitLabel}
        </button>
      ) : null}
      {children(shown, errors)}
      {/* The first button is the one Enter in a field presses. */}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" name="intent" value="save" className={buttonClass} disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
        {draftLabel ? (
          <button type="submit" name="intent" value="save-draft" className={secondaryButtonClass} disabled={saving}>
            {draftLabel}
          </button>
        ) : null}
        <AutosaveStatus state={autosave.state} />
      </div>
    </Form>
  );
}

/** What the last autosave did, read out politely; a stopped autosave, at once. */
function AutosaveStatus({ state }: { state: AutosaveState }) {
  const timeZone = useStaffTimeZone();
  if (state.kind === "stopped")
    return (
      <p role="alert" className="text-sm font-semibold text-red-800">
        Saving by itself has stopped: {state.message}
      </p>
    );
  return (
    <p role="status" className="text-sm text-slate-700">
      {state.kind === "saving"
        ? "Saving…"
        : state.kind === "saved"
          ? `Saved by itself at ${formatStaffTime(state.at, timeZone).split(", ")[1]}. ${state.message}`
          : ""}
    </p>
  );
}
