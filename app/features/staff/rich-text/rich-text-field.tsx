import { lazy, Suspense, useRef, useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { Field } from "#app/features/forms/field.tsx";

// Tiptap and ProseMirror come in their own chunk, fetched once a staff form has hydrated: never in a visitor's bundle.
const RichTextEditor = lazy(() => import("#app/features/staff/rich-text/rich-text-editor.tsx").then((module) => ({ default: module.RichTextEditor })));

/**
 * An HTML field: a plain text area without JavaScript (and until the editor
 * has loaded), then the rich-text editor, which writes its HTML back into
 * the same text area, so the form posts the same field either way.
 */
export function RichTextField({
  name,
  label,
  hint,
  error,
  defaultValue,
  maxLength,
  imageUploadUrl,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue: string;
  maxLength?: number;
  /** Where the editor uploads inline images (multipart, field `image`); no image button without it. */
  imageUploadUrl?: string;
}) {
  const hydrated = useHydrated();
  const source = useRef<HTMLTextAreaElement>(null);
  const [editing, setEditing] = useState(false);
  return (
    <Field name={name} label={label} hint={hint} error={error} wide>
      {(props) => (
        <>
          {hydrated ? (
            <Suspense fallback={null}>
              <RichTextEditor source={source} control={props} label={label} active={editing} onActiveChange={setEditing} imageUploadUrl={imageUploadUrl} />
            </Suspense>
          ) : null}
          {/* While the editor is shown, the label names the editor and the hidden text area only carries the value. */}
          <textarea
            {...props}
            id={editing ? undefined : props.id}
            ref={source}
            hidden={editing}
            defaultValue={defaultValue}
            maxLength={maxLength}
            rows={16}
            className={`${props.className} font-mono text-sm`}
          />
        </>
      )}
    </Field>
  );
}
