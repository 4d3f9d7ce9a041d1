import type { Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState } from "react";
import { hrefFrom } from "#app/features/staff/rich-text/link-address.ts";
import { inputClass, panelButtonClass, ToolPanel } from "#app/features/staff/rich-text/tool-panel.tsx";

/** Adds, changes or removes the link at the selection; Enter applies, Escape goes back to the text. */
export function LinkPanel({ id, editor, onClose }: { id: string; editor: Editor; onClose: () => void }) {
  const inputId = useId();
  const existing = editor.isActive("link") ? String(editor.getAttributes("link").href ?? "") : "";
  const [typed, setTyped] = useState(existing);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  function apply() {
    const href = hrefFrom(typed);
    if (!href) {
      setError("Enter a web address (https://…), an email address or a path on this site (/careers).");
      input.current?.focus();
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link"))
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: typed.trim(), marks: [{ type: "link", attrs: { href } }] })
        .run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  return (
    <ToolPanel
      id={id}
      title="Link"
      error={error}
      errorId={`${inputId}-error`}
      actions={
        <>
          <button type="button" className={panelButtonClass} onClick={apply}>
            Apply link
          </button>
          {existing ? (
            <button type="button" className={panelButtonClass} onClick={remove}>
              Remove link
            </button>
          ) : null}
          <button type="button" className={panelButtonClass} onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        Link address
      </label>
      <input
        ref={input}
        id={inputId}
        type="text"
        inputMode="url"
        autoComplete="off"
        value={typed}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
        className={inputClass}
        onChange={(event) => {
          setTyped(event.target.value);
          setError("");
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply();
          } else if (event.key === "Escape") {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <p id={`${inputId}-hint`} className="text-sm text-slate-600">
        A web address (https://…), an email address, or a path on this site such as /careers.
      </p>
    </ToolPanel>
  );
}
