import { useEffect, useRef, useState, type DragEvent } from "react";
import { flushSync } from "react-dom";
import { ALLOWED_TYPES_TEXT, FILE_INPUT_ACCEPT, FILES_FIELD, MAX_FILE_BYTES, MAX_FILES } from "#app/features/consultation/consultation-schema.ts";
import { useFieldId } from "#app/features/forms/field.tsx";
import { formatBytes } from "#app/features/forms/form-rules.ts";

type FileDropZoneProps = {
  files: readonly File[];
  /** Files the visitor picked or dropped; the parent decides which to keep. */
  onAdd: (incoming: File[]) => void;
  onRemove: (file: File) => void;
  /** A problem to show under the zone (refused files, or the server's word on the attachments). */
  message?: string | null;
  invalid?: boolean;
  disabled?: boolean;
  /** Before hydration the native input is the one picker shown, so a browser without JavaScript still shows the choice. */
  hydrated: boolean;
};

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * An optional attachment area: a real `<input type="file" multiple>` inside a
 * labelled drop target. Click, Enter or Space opens the picker; dropped files
 * are added too. The input's FileList always mirrors the list shown, so the
 * form posts exactly what the visitor sees.
 */
export function FileDropZone({ files, onAdd, onRemove, message, invalid, disabled, hydrated }: FileDropZoneProps) {
  const id = useFieldId("files");
  const inputId = `${id}-input`;
  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [dragging, setDragging] = useState(false);

  // Files picked in the browser's control before this part hydrated (its server HTML works without scripts):
  // taken as if picked now, before the effect below sets the control to the (still empty) list.
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const early = Array.from(inputRef.current?.files ?? []);
    if (early.length > 0) onAdd(early);
  }, [onAdd]);

  useEffect(() => {
    const list = inputFilesOf(files);
    if (inputRef.current && list) inputRef.current.files = list;
  }, [files]);

  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

  function handleDragOver(event: DragEvent<HTMLLabelElement>) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? "none" : "copy";
    if (!disabled) setDragging(true);
  }

  function handleDragLeave(event: DragEvent<HTMLLabelElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    onAdd(Array.from(event.dataTransfer.files));
  }

  function remove(file: File, index: number) {
    flushSync(() => onRemove(file));
    // Keep keyboard users in place: the next file's Remove button, or the picker when none is left.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button[data-remove]");
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    (next ?? inputRef.current)?.focus();
  }

  const describedBy = [hintId, message ? messageId : null].filter(Boolean).join(" ");
  const count = files.length;

  return (
    <div>
      <p id={titleId} className="text-sm font-semibold text-ink">
        Attachments <span className="font-normal text-slate-600">(optional)</span>
      </p>
      <label
        htmlFor={inputId}
        data-testid="file-drop-zone"
        data-dragging={dragging || undefined}
        onDragEnter={handleDragOver}
        onDragOver={handleDragOver}
        onDragLeave={handleDragLeave}
        onDrop={handleDrop}
        className={`mt-1.5 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
          dragging
            ? "border-brand-600 bg-brand-50"
            : invalid
              ? "border-red-600 bg-red-50"
              : "border-slate-400 bg-slate-50 hover:border-brand-600 hover:bg-brand-50/60"
        } ${disabled ? "cursor-not-allowed opacity-70" : ""}`}
      >
        <svg viewBox="0 0 24 24" className="size-8 text-brand-700" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
          <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0-4 4m4-4 4 4M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
        </svg>
        {/*
         * One way to pick files at a time. Until this part hydrates (it loads when it nears the screen,
         * decision 017) and without JavaScript, the browser's own control, which shows what was chosen;
         * once hydrated, the zone's words and its list, the control kept for keyboards and screen readers.
         * The same input element throughout, in a row of the same height, so nothing below moves at the switch.
         */}
        <span className="flex min-h-10 w-full items-center justify-center text-sm text-slate-700">
          {hydrated ? (
            <span>
              <span className="font-semibold text-brand-700 underline underline-offset-2">Choose files</span> or drag and drop them here
            </span>
          ) : null}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            name={FILES_FIELD}
            multiple
            accept={FILE_INPUT_ACCEPT}
            disabled={disabled}
            aria-labelledby={titleId}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              const picked = Array.from(event.currentTarget.files ?? []);
              if (picked.length > 0) onAdd(picked);
              // The picker replaces the input's list; put back what is shown (the parent's state may not change).
              const list = inputFilesOf(files);
              if (list && picked.length === 0) event.currentTarget.files = list;
            }}
            className={
              hydrated
                ? "sr-only"
                : "block w-full max-w-xs file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
            }
          />
        </span>
        <span id={hintId} className="text-xs text-slate-600">
          {ALLOWED_TYPES_TEXT}. Up to {MAX_FILES} files, {formatBytes(MAX_FILE_BYTES)} each.
        </span>
      </label>

      <div id={messageId} role="alert" className="empty:hidden">
        {message ? (
          <p className="mt-2 flex gap-1.5 text-sm font-medium text-red-700">
            <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" aria-hidden="true" fill="currentColor">
              <path
                fillRule="evenodd"
                d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                clipRule="evenodd"
              />
            </svg>
            <span>{message}</span>
          </p>
        ) : null}
      </div>

      {count > 0 ? (
        <ul ref={listRef} aria-label="Attached files" className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {files.map((file, index) => (
            <li key={fileKey(file)} className="flex items-center gap-3 px-3 py-2">
              <svg viewBox="0 0 24 24" className="size-5 shrink-0 text-slate-600" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
                <path strokeLinejoin="round" d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
                <path strokeLinejoin="round" d="M14 3v5h5" />
              </svg>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-ink" title={file.name}>
                  {file.name}
                </span>
                <span className="block text-xs text-slate-600">{formatBytes(file.size)}</span>
              </span>
              <button
                type="button"
                data-remove
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(file, index)}
                className="inline-flex min-h-9 shrink-0 items-center rounded-md px-3 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {count === 0 ? "" : `${count} ${count === 1 ? "file" : "files"} attached.`}
      </p>
    </div>
  );
}

/** A FileList holding exactly these files. */
function inputFilesOf(files: readonly File[]): FileList | null {
  if (typeof DataTransfer === "undefined") return null;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer.files;
}
