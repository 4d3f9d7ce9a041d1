import type { Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState } from "react";
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

/**
 * Uploads one image to `uploadUrl` (multipart, field `image`; the answer is
 * `{src, width, height}` or `{message}`) and inserts it with its alt text,
 * which is required unless the image is marked decorative.
 */
export function ImagePanel({ id, editor, uploadUrl, onClose }: { id: string; editor: Editor; uploadUrl: string; onClose: () => void }) {
  const ids = useId();
  const file = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => file.current?.focus(), []);

  async function upload() {
    const chosen = file.current?.files?.[0];
    if (!chosen) return setError("Choose an image file (PNG, JPEG, WebP or AVIF).");
    if (!decorative && !alt.trim()) return setError("Describe the image for people who cannot see it, or mark it as decorative.");
    setBusy(true);
    setError("");
    try {
      const body = new FormData();
      body.append("image", chosen);
      const response = await fetch(uploadUrl, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok || !isUploaded(answer)) {
        setError(messageOf(answer) ?? "The image could not be uploaded. Try again.");
        return;
      }
      editor
        .chain()
        .focus()
        .setImage({ src: answer.src, alt: decorative ? "" : alt.trim(), width: answer.width, height: answer.height })
        .run();
      onClose();
    } catch {
      setError("The image could not be uploaded: check the connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <ToolPanel
      id={id}
      title="Insert image"
      error={error}
      errorId={`${ids}-error`}
      actions={
        <>
          <button type="button" className={panelButtonClass} disabled={busy} onClick={() => void upload()}>
            {busy ? "Uploading…" : "Upload and insert"}
          </button>
          <button type="button" className={panelButtonClass} onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <label htmlFor={`${ids}-file`} className="text-sm font-semibold text-ink">
        Image (PNG, JPEG, WebP or AVIF)
      </label>
      <input ref={file} id={`${ids}-file`} type="file" accept={IMAGE_TYPES} className="text-sm" />
      <label htmlFor={`${ids}-alt`} className="text-sm font-semibold text-ink">
        Alt text
      </label>
      <input
        id={`${ids}-alt`}
        type="text"
        value={alt}
        disabled={decorative}
        autoComplete="off"
        aria-describedby={error ? `${ids}-error` : undefined}
        className={inputClass}
        onChange={(event) => setAlt(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
        }}
      />
      <label className="flex min-h-6 items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.target.checked)} className="size-5" />
        Decorative image (no alt text)
      </label>
    </ToolPanel>
  );
}
