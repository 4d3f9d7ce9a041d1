import { Field } from "#app/features/forms/field.tsx";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { IMAGE_FORMATS_TEXT, MAX_IMAGE_BYTES } from "#app/features/images/image-rules.ts";

/** What every picture field says about the files it takes, before its own words. */
export const imageFileHint = (rest: string) => `${IMAGE_FORMATS_TEXT}, up to ${formatBytes(MAX_IMAGE_BYTES)}; ${rest}`;

/**
 * A picture's file field in a staff form (an insight's banner, a speaker's
 * photo): the current picture, if any, above the file input, and a box to
 * remove it. The server stores a new file through the image pipeline.
 */
export function ImageFileField({
  name,
  label,
  replaceLabel,
  hint,
  error,
  current,
  currentAlt,
  remove,
  wide = false,
  shape = "aspect-[40/21] w-80",
}: {
  name: string;
  label: string;
  /** The label while there is a picture to replace. */
  replaceLabel: string;
  hint: string;
  error?: string;
  /** The current picture's address. */
  current: string | null;
  currentAlt: string;
  /** The removal box's field and words, shown while there is a picture; none for a picture that is required. */
  remove?: { name: string; label: string };
  wide?: boolean;
  /** The preview's proportions and width. */
  shape?: string;
}) {
  return (
    <Field name={name} label={current ? replaceLabel : label} wide={wide} hint={hint} error={error}>
      {(props) => (
        <>
          {current ? (
            <img src={current} alt={currentAlt} width={320} height={168} className={`mb-3 ${shape} max-w-full rounded-lg bg-slate-100 object-cover`} />
          ) : null}
          <input {...props} type="file" accept="image/png,image/jpeg,image/webp,image/avif" className={`${props.className} py-2`} />
          {current && remove ? (
            <label className="mt-3 flex min-h-6 items-center gap-2 text-sm text-ink">
              <input type="checkbox" name={remove.name} className="size-5" />
              {remove.label}
            </label>
          ) : null}
        </>
      )}
    </Field>
  );
}
