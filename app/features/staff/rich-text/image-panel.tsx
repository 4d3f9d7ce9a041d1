import type { Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { IMAGE_TEXT_MAX_LENGTH, insertImage, updateImageText, type ImageText } from "#app/features/staff/rich-text/image-node.ts";
import { inputClass, panelButtonClass, ToolPanel } from "#app/features/staff/rich-text/tool-panel.tsx";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/avif";

type Uploaded = { src: string; width: number; height: number };

function isUploaded(answer: unknown): answer is Uploaded {
  const value = answer as Partial<Uploaded> | null;
  return typeof value?.src === "string" && typeof value.width === "number" && typeof value.height === "number";
}

function messageOf(answer: unknown): string | undefined {
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : undefined;
}

/** The image already in the text whose alt text and caption the panel edits. */
export type EditedImage = { pos: number; alt: string | null; caption: string };

/**
 * The image form under the toolbar. Without `edited` it uploads one image to
 * `uploadUrl` (multipart, field `image`; the answer is `{src, width, height}`
 * or `{message}`) and inserts it; with it, it changes that image's alt text
 * and caption. Alt text is required unless the image is marked decorative.
 * Enter applies, Escape goes back to the text.
 */
export function ImagePanel({
  id,
  editor,
  uploadUrl,
  edited,
  onClose,
}: {
  id: string;
  editor: Editor;
  uploadUrl?: string;
  edited?: EditedImage;
  onClose: () => void;
}) {
  const ids = useId();
  const file = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState(edited?.alt ?? "");
  const [decorative, setDecorative] = useState(edited?.alt === "");
  const [caption, setCaption] = useState(edited?.caption ?? "");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => (edited ? altInput.current : file.current)?.focus(), [edited]);

  /** The alt text and caption as the page will hold them, or null (and the reason shown) when the alt text is missing. */
  function textOrError(): ImageText | null {
    if (!decorative && !alt.trim()) {
      setError("Describe the image for people who cannot see it, or mark it as decorative.");
      return null;
    }
    return { alt: decorative ? "" : alt.trim(), caption: caption.replace(/\s+/g, " ").trim() };
  }

  function apply(position: number) {
    const text = textOrError();
    if (!text) return;
    updateImageText(editor, position, text);
    onClose();
  }

  async function upload(url: string) {
    const chosen = file.current?.files?.[0];
    if (!chosen) return setError("Choose an image file (PNG, JPEG, WebP or AVIF).");
    const text = textOrError();
    if (!text) return;
    setBusy(true);
    setError("");
    try {
      const body = new FormData();
      body.append("image", chosen);
      const response = await fetch(url, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok || !isUploaded(answer)) {
        setError(messageOf(answer) ?? "The image could not be uploaded. Try again.");
        return;
      }
      insertImage(editor, { src: answer.src, width: answer.width, height: answer.height, ...text });
      onClose();
    } catch {
      setError("The image could not be uploaded: check the connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  const run = () => (edited ? apply(edited.pos) : uploadUrl ? void upload(uploadUrl) : undefined);
  // The panel sits inside the page's form: Enter must not post it.
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      if (!busy) run();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };
  const describedBy = error ? `${ids}-error` : undefined;

  return (
    <ToolPanel
      id={id}
      title={edited ? "Image alt text and caption" : "Insert image"}
      error={error}
      errorId={`${ids}-error`}
      actions={
        <>
          <button type="button" className={panelButtonClass} disabled={busy} onClick={run}>
            {edited ? "Apply" : busy ? "Uploading…" : "Upload and insert"}
          </button>
          <button type="button" className={panelButtonClass} onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      {edited ? null : (
        <>
          <label htmlFor={`${ids}-file`} className="text-sm font-semibold text-ink">
            Image (PNG, JPEG, WebP or AVIF)
          </label>
          <input ref={file} id={`${ids}-file`} type="file" accept={IMAGE_TYPES} className="text-sm" />
        </>
      )}
      <label htmlFor={`${ids}-alt`} className="text-sm font-semibold text-ink">
        Alt text
      </label>
      <input
        ref={altInput}
        id={`${ids}-alt`}
        type="text"
        value={alt}
        disabled={decorative}
        maxLength={IMAGE_TEXT_MAX_LENGTH}
        autoComplete="off"
        aria-describedby={describedBy}
        className={inputClass}
        onChange={(event) => setAlt(event.target.value)}
        onKeyDown={keys}
      />
      <label className="flex min-h-6 items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.target.checked)} className="size-5" />
        Decorative image (no alt text)
      </label>
      <label htmlFor={`${ids}-caption`} className="text-sm font-semibold text-ink">
        Caption (optional)
      </label>
      <input
        id={`${ids}-caption`}
        type="text"
        value={caption}
        maxLength={IMAGE_TEXT_MAX_LENGTH}
        autoComplete="off"
        aria-describedby={`${ids}-caption-hint`}
        className={inputClass}
        onChange={(event) => setCaption(event.target.value)}
        onKeyDown={keys}
      />
      <p id={`${ids}-caption-hint`} className="text-sm text-slate-600">
        Shown under the image on the page, for everyone.
      </p>
    </ToolPanel>
  );
}
