import { Slice } from "@tiptap/pm/model";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import type { ControlProps } from "#app/features/forms/field.tsx";
import { prepareHtml } from "#app/features/staff/rich-text/clipboard-html.ts";
import { clampToAllowList, fieldValueOf, richTextExtensions } from "#app/features/staff/rich-text/editor-extensions.ts";
import { EditorToolbar, toggleClass, type ToolbarPanel } from "#app/features/staff/rich-text/editor-toolbar.tsx";

export type RichTextEditorProps = {
  /** The form's text area: the editor starts from its value and writes its HTML back into it. */
  source: RefObject<HTMLTextAreaElement | null>;
  control: ControlProps;
  label: string;
  /** True while the editor is shown; false while the HTML is edited in the text area. */
  active: boolean;
  onActiveChange: (active: boolean) => void;
  imageUploadUrl?: string;
};

const EXTENSIONS = richTextExtensions();
const EDITING_AREA = { role: "textbox", "aria-multiline": "true", class: "rich-text min-h-36 px-3.5 py-3 break-words whitespace-pre-wrap" };

/**
 * Copies the editor's HTML into the form's text area and tells the form, as
 * typing there would (the unsaved-changes guard listens for `input`).
 */
function writeToField(editor: Editor, field: HTMLTextAreaElement | null) {
  const value = editor.isEmpty ? "" : fieldValueOf(editor.getHTML());
  if (!field || field.value === value) return;
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The rich-text editor (Tiptap) over a form's HTML text area, loaded only
 * in the staff area and only in the browser. The editing area carries the
 * public pages' `rich-text` style, so it looks as the page will.
 */
export function RichTextEditor({ source, control, label, active, onActiveChange, imageUploadUrl }: RichTextEditorProps) {
  // The text area as it was when its HTML was last handed to the editor: an unchanged one is not rewritten.
  const handedOver = useRef("");
  const [panel, setPanel] = useState<ToolbarPanel>(null);
  // The field's <label for> cannot name a contenteditable, and Field gives the label no id: the editor names it and points at it.
  const labelId = `${control.id}-label`;
  useEffect(() => {
    const fieldLabel = document.querySelector(`label[for="${CSS.escape(control.id)}"]`);
    if (fieldLabel && !fieldLabel.id) fieldLabel.id = labelId;
  }, [control.id, labelId]);
  // The field's label, hint and error belong to whichever of the editor and the text area is shown.
  const labelling = active
    ? {
        "aria-labelledby": labelId,
        ...(control["aria-describedby"] ? { "aria-describedby": control["aria-describedby"] } : {}),
        ...(control["aria-invalid"] ? { "aria-invalid": "true" } : {}),
      }
    : {};
  const editor = useEditor({
    extensions: EXTENSIONS,
    shouldRerenderOnTransaction: false,
    editorProps: {
      // useEditor passes changed options on to the editor at each render.
      attributes: { ...EDITING_AREA, ...labelling },
      handleKeyDown: (_view, event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "k") return false;
        setPanel("link");
        return true;
      },
      transformPastedHTML: prepareHtml,
      transformPasted: (slice, view) => Slice.fromJSON(view.state.schema, clampToAllowList(slice.toJSON() ?? {})),
    },
    onUpdate: ({ editor: updated }) => writeToField(updated, source.current),
  });

  // Tab leaves the editor, even inside a list (whose own keys would indent): caught before ProseMirror sees it.
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrapper = area.current;
    const letTabMoveFocus = (event: KeyboardEvent) => {
      if (event.key === "Tab" && !event.ctrlKey && !event.metaKey && !event.altKey) event.stopPropagation();
    };
    wrapper?.addEventListener("keydown", letTabMoveFocus, true);
    return () => wrapper?.removeEventListener("keydown", letTabMoveFocus, true);
  }, []);

  useEffect(() => {
    // The text area's value once it is on the page, not at render: whatever was typed there while the editor loaded is kept.
    handedOver.current = source.current?.value ?? "";
    editor
      .chain()
      .command(({ tr }) => {
        tr.setMeta("addToHistory", false);
        return true;
      })
      .setContent(prepareHtml(handedOver.current), { emitUpdate: false })
      .run();
    // Someone typing in the text area while the editor loaded carries on in the editor.
    const typing = document.activeElement === source.current;
    onActiveChange(true);
    if (typing) editor.commands.focus("end");
  }, [editor, onActiveChange, source]);

  function toggleHtml() {
    const field = source.current;
    if (active) {
      handedOver.current = field?.value ?? "";
      onActiveChange(false);
      return;
    }
    if (field && field.value !== handedOver.current) {
      editor.commands.setContent(prepareHtml(field.value), { emitUpdate: false });
      writeToField(editor, field);
    }
    onActiveChange(true);
  }

  return (
    <div className="mb-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {active ? <EditorToolbar editor={editor} label={label} imageUploadUrl={imageUploadUrl} panel={panel} onPanelChange={setPanel} /> : <span />}
        <button type="button" aria-pressed={!active} onClick={toggleHtml} className={toggleClass}>
          Edit HTML
        </button>
      </div>
      <div
        ref={area}
        hidden={!active}
        className={`mt-2 rounded-lg border bg-white shadow-xs ${control["aria-invalid"] ? "border-red-600" : "border-slate-500"}`}
      >
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
