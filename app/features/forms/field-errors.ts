import { useCallback, useState } from "react";

/**
 * Inline errors of a form's fields: set them all at once after a check,
 * clear one as soon as the visitor edits that field.
 */
export function useFieldErrors<Field extends string>(initial: Partial<Record<Field, string>> = {}) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(initial);
  const clearError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as Field];
      return next;
    });
  }, []);
  return { errors, setErrors, clearError };
}

/** Moves focus to the named control of a form, if there is one. */
export function focusField(form: HTMLFormElement | null | undefined, name: string) {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}
