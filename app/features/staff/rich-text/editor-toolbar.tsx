import { useEditorState, type Editor } from "@tiptap/react";
import { useId, useState, type FocusEvent, type KeyboardEvent } from "react";
import { HEADING_LEVELS } from "#app/features/staff/rich-text/editor-extensions.ts";
import { selectedImage } from "#app/features/staff/rich-text/image-node.ts";
import { ImagePanel, type EditedImage } from "#app/features/staff/rich-text/image-panel.tsx";
import { LinkPanel } from "#app/features/staff/rich-text/link-panel.tsx";

/**
 * A toolbar button: 36 px high and wider than that with its word, its state
 * (pressed, unavailable) shown by more than colour. The site has one
 * stylesheet, so every class here is a few bytes for visitors too: few new ones.
 */
export const toggleClass =
  "inline-flex min-h-9 items-center justify-center rounded-md border border-slate-400 bg-white px-2.5 text-sm font-semibold text-ink hover:bg-slate-100 aria-pressed:bg-brand-100 aria-pressed:shadow-[inset_0_-3px_0_var(--color-brand-700)] aria-disabled:opacity-50";

type Tool = {
  label: string;
  run: () => void;
  pressed?: boolean;
  disabled?: boolean;
  shortcut?: string;
  className?: string;
  controls?: { id: string; expanded: boolean };
};

/**
 * The ARIA toolbar pattern: one Tab stop (the button last used), arrow keys,
 * Home and End move between the buttons.
 */
function useRovingFocus(count: number) {
  const [current, setCurrent] = useState(0);
  const buttons = (toolbar: HTMLElement) => [...toolbar.querySelectorAll<HTMLButtonElement>(":scope > button")];
  return {
    tabIndexOf: (index: number) => (index === Math.min(current, count - 1) ? 0 : -1),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const index = buttons(event.currentTarget).indexOf(event.target as HTMLButtonElement);
      if (index >= 0) setCurrent(index);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const all = buttons(event.currentTarget);
      const at = all.indexOf(event.target as HTMLButtonElement);
      const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key];
      if (at < 0 || next === undefined) return;
      event.preventDefault();
      all[(next + all.length) % all.length]?.focus();
    },
  };
}

/** Headings, bold, italic, lists, links, (images,) the selected image's alt text and caption, undo and redo for one editor. */
export type ToolbarPanel = "link" | "image" | "imageText" | null;

export function EditorToolbar({
  editor,
  label,
  imageUploadUrl,
  panel,
  onPanelChange: setPanel,
}: {
  editor: Editor;
  label: string;
  imageUploadUrl?: string;
  /** The link or image form open under the toolbar (Ctrl+K in the text opens the link one). */
  panel: ToolbarPanel;
  onPanelChange: (panel: ToolbarPanel) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading: HEADING_LEVELS.find((level) => current.isActive("heading", { level })),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
      image: selectedImage(current),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const panelId = useId();
  // The image whose text is being edited, as it was when the form opened: a click in the text meanwhile does not change it.
  const [edited, setEdited] = useState<EditedImage | null>(null);
  const chain = () => editor.chain().focus();
  const openOrClose = (which: Exclude<ToolbarPanel, null>) => () => setPanel(panel === which ? null : which);
  const closePanel = () => {
    setPanel(null);
    editor.commands.focus();
  };

  const tools: Tool[] = [
    ...HEADING_LEVELS.map((level) => ({ label: `Heading ${level}`, pressed: state.heading === level, run: () => chain().toggleHeading({ level }).run() })),
    { label: "Bold", pressed: state.bold, shortcut: "Control+B", className: "font-bold", run: () => chain().toggleBold().run() },
    { label: "Italic", pressed: state.italic, shortcut: "Control+I", className: "italic", run: () => chain().toggleItalic().run() },
    { label: "Bulleted list", pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { label: "Numbered list", pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { label: "Link", pressed: state.link, shortcut: "Control+K", controls: { id: panelId, expanded: panel === "link" }, run: openOrClose("link") },
    ...(imageUploadUrl ? [{ label: "Insert image", controls: { id: panelId, expanded: panel === "image" }, run: openOrClose("image") }] : []),
    {
      label: "Alt text and caption",
      disabled: !state.image && panel !== "imageText",
      controls: { id: panelId, expanded: panel === "imageText" },
      run: () => {
        setEdited(state.image);
        openOrClose("imageText")();
      },
    },
    { label: "Undo", disabled: !state.canUndo, shortcut: "Control+Z", run: () => chain().undo().run() },
    { label: "Redo", disabled: !state.canRedo, shortcut: "Control+Shift+Z", run: () => chain().redo().run() },
  ];
  const roving = useRovingFocus(tools.length);

  return (
    <div className="min-w-0 flex-1">
      <div role="toolbar" aria-label={`Format ${label.toLowerCase()}`} className="flex flex-wrap gap-1" onFocus={roving.onFocus} onKeyDown={roving.onKeyDown}>
        {tools.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            tabIndex={roving.tabIndexOf(index)}
            aria-pressed={tool.pressed}
            aria-disabled={tool.disabled || undefined}
            aria-keyshortcuts={tool.shortcut}
            aria-controls={tool.controls?.expanded ? tool.controls.id : undefined}
            aria-expanded={tool.controls?.expanded}
            className={`${toggleClass} ${tool.className ?? ""}`}
            onClick={() => (tool.disabled ? undefined : tool.run())}
          >
            {tool.label}
          </button>
        ))}
      </div>
      {panel === "link" ? <LinkPanel id={panelId} editor={editor} onClose={closePanel} /> : null}
      {panel === "image" && imageUploadUrl ? <ImagePanel id={panelId} editor={editor} uploadUrl={imageUploadUrl} onClose={closePanel} /> : null}
      {panel === "imageText" && edited ? <ImagePanel key={edited.pos} id={panelId} editor={editor} edited={edited} onClose={closePanel} /> : null}
    </div>
  );
}
