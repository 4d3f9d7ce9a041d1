import { useCallback, useEffect, useState } from "react";
import { useBlocker } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";

export const UNSAVED_CHANGES_MESSAGE = "You have changes that are not saved. Leave this page and lose them?";

/**
 * Keeps an edit from being lost by accident: once the form changed, leaving
 * the page (a link, Back, closing the tab) asks first. Submitting the form is
 * not leaving; a save the server refused (`answer` with the typed values)
 * leaves the edit unsaved again. Spread `form` on the form; `markSaved` says
 * the edit was saved without leaving (an autosave).
 */
export function useUnsavedChanges(answer?: FormAnswer | null) {
  const [dirty, setDirty] = useState(false);
  // A new answer is noticed while rendering (React's pattern for state that follows a prop).
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer?.status === "error" && answer.values) setDirty(true);
  }

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  const markSaved = useCallback(() => setDirty(false), []);
  return {
    form: { onInput: () => setDirty(true), onChange: () => setDirty(true), onSubmit: () => setDirty(false) },
    markSaved,
  };
}
