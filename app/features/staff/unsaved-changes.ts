import { useEffect, useState, type RefObject } from "react";
import { useBlocker } from "react-router";

export const UNSAVED_CHANGES_MESSAGE = "You have changes that are not saved. Leave this page and lose them?";

/**
 * Keeps an edit from being lost by accident: once the form changed, leaving
 * the page (a link, Back, closing the tab) asks first. Submitting the form
 * itself is not leaving.
 */
export function useUnsavedChanges(form: RefObject<HTMLFormElement | null>) {
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const changed = () => setDirty(true);
    const submitted = () => setDirty(false);
    element.addEventListener("input", changed);
    element.addEventListener("change", changed);
    element.addEventListener("submit", submitted);
    return () => {
      element.removeEventListener("input", changed);
      element.removeEventListener("change", changed);
      element.removeEventListener("submit", submitted);
    };
  }, [form]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  /** After a refused save the form is still unsaved: mark it so again. */
  return { markDirty: () => setDirty(true) };
}
