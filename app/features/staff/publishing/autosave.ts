import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";

/** How long after the last change an open edit is saved by itself. */
export const AUTOSAVE_AFTER_MS = 3_000;

export type AutosaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: Date; message: string } | { kind: "stopped"; message: string };

/**
 * Saves an open edit by itself a few seconds after the last change, as a
 * draft (a public item's visitors see nothing until it is published), without
 * drawing the page again: the form stays as typed, and the revision it saves
 * at next follows each autosave. Files are left for the editor's own save.
 * A refused autosave (someone else saved) stops it, and says why.
 */
export function useAutosave(form: RefObject<HTMLFormElement | null>, revision: number | undefined, onSaved: () => void) {
  const fetcher = useFetcher<FormAnswer<{ revision?: number }>>();
  const [savedRevision, setSavedRevision] = useState(revision);
  // A save or a publishing action draws the page at a new revision: autosaves go on from there.
  const [pageRevision, setPageRevision] = useState(revision);
  if (revision !== pageRevision) {
    setPageRevision(revision);
    setSavedRevision(revision);
  }
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const edits = useRef(0);
  const editsSent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const enabled = revision !== undefined && state.kind !== "stopped";

  const busy = fetcher.state !== "idle";
  // Timers call the latest send, which reads the form as drawn now (its revision field included).
  const send = useRef(() => {});
  useEffect(() => {
    send.current = () => {
      const element = form.current;
      if (!element) return;
      if (busy) {
        timer.current = setTimeout(() => send.current(), AUTOSAVE_AFTER_MS);
        return;
      }
      const data = new FormData(element);
      for (const [name, value] of [...data.entries()]) if (value instanceof File) data.delete(name);
      data.set("intent", "autosave");
      editsSent.current = edits.current;
      setState({ kind: "saving" });
      void fetcher.submit(data, { method: "post" });
    };
  });

  const changed = useCallback(() => {
    edits.current += 1;
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send.current(), AUTOSAVE_AFTER_MS);
  }, [enabled]);

  // The editor's own save makes a pending autosave moot (and would make it stale).
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => cancel, [cancel]);

  // Each answer is taken once, while rendering (React's pattern for state that follows a value).
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== seen) {
    const answer = fetcher.data;
    setSeen(answer);
    if (answer?.status === "success") {
      if (answer.revision !== undefined) setSavedRevision(answer.revision);
      setState({ kind: "saved", at: new Date(), message: answer.messages[0] ?? "" });
    } else if (answer) {
      setState({ kind: "stopped", message: answer.message });
    }
  }

  // Nothing typed since the autosave was sent: leaving the page loses nothing.
  useEffect(() => {
    if (state.kind !== "saved") return;
    if (edits.current === editsSent.current) onSaved();
    else {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => send.current(), AUTOSAVE_AFTER_MS);
    }
  }, [state, onSaved]);

  return { revision: savedRevision, changed, cancel, state, busy };
}
