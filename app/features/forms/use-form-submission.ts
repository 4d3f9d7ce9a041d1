import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { dismissToast, dismissToasts, showToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { toFormAnswer, type FormAnswer } from "#app/features/forms/form-answer.ts";

/** A problem found in the browser before posting: the sentence and the fields it marks. */
export type ClientProblem<Field extends string> = { message: string; fields: Partial<Record<Field, string>> };

type Options<Field extends string, Success extends object> = {
  /** The answer the server drew this page with, after a post made without JavaScript. */
  serverAnswer?: FormAnswer<Success>;
  /** What an answer that is not one of ours reads as. */
  fallbackMessage: string;
  /** Fields in the order the form shows them: the first invalid one gets focus. */
  fieldOrder: readonly Field[];
  /** Checks before posting; a problem stops the post. The server checks again whatever happens here. */
  check(data: FormData): ClientProblem<Field> | null;
  /** Announce answers as toasts (spec §2), not only on the page. */
  toasts: boolean;
  /** After a success, instead of returning focus to the submit button. */
  onSuccess?(): void;
};

/**
 * The life of a form posted through a fetcher, the same for every form:
 * a busy guard against double posts, the check before posting, the server's
 * answer (field errors, toasts, the reset after success, stale error toasts
 * dismissed), and focus on the first invalid field. An error toast that names
 * fields closes once all of them are filled, and a success closes the form's
 * error toasts: neither waits out its 5 s.
 */
export function useFormSubmission<Field extends string, Success extends object = object>(options: Options<Field, Success>) {
  const { serverAnswer, fallbackMessage, fieldOrder, check, toasts, onSuccess } = options;
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [answer, setAnswer] = useState<FormAnswer<Success> | undefined>(serverAnswer);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(fieldErrorsOf(serverAnswer));
  const busy = fetcher.state !== "idle";
  const toastSource = useId();
  // The form's error toast still up, the fields it names, and which of them were edited since it showed.
  const errorToast = useRef<{ id: number; fields: string[]; edited: Set<string> } | null>(null);

  /** One error toast per form: a new problem replaces the last one. */
  const showErrorToast = useCallback(
    (text: string, fields: Partial<Record<string, string>> | undefined) => {
      if (errorToast.current) dismissToast(errorToast.current.id);
      errorToast.current = { id: showToast({ kind: "error", text, source: toastSource }), fields: Object.keys(fields ?? {}), edited: new Set() };
    },
    [toastSource],
  );

  // A new answer from the server: adjust state during render (no effect round trip).
  const [seenData, setSeenData] = useState<unknown>(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== seenData) {
    setSeenData(fetcher.data);
    const next = toFormAnswer<Success>(fetcher.data, fallbackMessage);
    setAnswer(next);
    setErrors(fieldErrorsOf(next));
  }

  // Its side effects, once: toasts, the reset, focus.
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const next = toFormAnswer<Success>(fetcher.data, fallbackMessage);
    const form = formRef.current;
    if (next.status === "success") {
      form?.reset();
      dismissToasts("error", toastSource);
      errorToast.current = null;
      if (toasts) {
        for (const text of next.messages) showToast({ kind: "success", text, source: toastSource });
        for (const text of next.warnings ?? []) showToast({ kind: "error", text, source: toastSource });
      }
      if (onSuccess) return onSuccess();
    } else {
      if (toasts) showErrorToast(next.message, next.fields);
      const first = fieldOrder.find((field) => next.fields?.[field]);
      if (first) return focusField(form, first);
    }
    // The button was disabled while sending, which drops focus; give it back.
    if (document.activeElement === document.body || document.activeElement === null) submitRef.current?.focus();
  }, [fetcher.state, fetcher.data, fallbackMessage, fieldOrder, toasts, onSuccess, toastSource, showErrorToast]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const problem = check(new FormData(event.currentTarget));
    if (problem) {
      event.preventDefault();
      setErrors(problem.fields);
      setAnswer({ status: "error", message: problem.message, fields: problem.fields as Record<string, string> });
      if (toasts) showErrorToast(problem.message, problem.fields);
      const first = fieldOrder.find((field) => problem.fields[field]);
      if (first) focusField(event.currentTarget, first);
      return;
    }
    setErrors({});
    setAnswer(undefined);
    // Not prevented: fetcher.Form posts the form, files included.
  }

  const clearError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as Field];
      return next;
    });
  }, []);

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as unknown;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) clearError(target.name);
    // Edited and filled, not only filled: "Please enter a valid email address." names a field that was never empty.
    const shown = errorToast.current;
    const form = event.currentTarget;
    if (shown && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement))
      shown.edited.add(target.name);
    if (shown && shown.fields.length > 0 && shown.fields.every((name) => shown.edited.has(name) && isFilled(form, name))) {
      dismissToast(shown.id);
      errorToast.current = null;
    }
  }

  return {
    fetcher,
    hydrated,
    busy,
    answer,
    errors,
    setErrors,
    clearError,
    submitRef,
    /** Spread on the fetcher's form. */
    formProps: { ref: formRef, method: "post", noValidate: hydrated, "aria-busy": busy || undefined, onSubmit, onChange } as const,
  };
}

function fieldErrorsOf<Field extends string>(answer: FormAnswer<object> | undefined): Partial<Record<Field, string>> {
  return answer?.status === "error" ? ((answer.fields ?? {}) as Partial<Record<Field, string>>) : {};
}

/** Moves focus to the named control of a form, if there is one. */
function focusField(form: HTMLFormElement | null | undefined, name: string) {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}

/** Whether the named control holds something: text that is not blank, a ticked box, a chosen file. */
function isFilled(form: HTMLFormElement, name: string): boolean {
  const item = form.elements.namedItem(name);
  const controls = item instanceof RadioNodeList ? [...item] : item ? [item] : [];
  return controls.some((control) => {
    if (control instanceof HTMLInputElement) {
      if (control.type === "checkbox" || control.type === "radio") return control.checked;
      if (control.type === "file") return (control.files?.length ?? 0) > 0;
      return control.value.trim() !== "";
    }
    return (control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) && control.value.trim() !== "";
  });
}
