import { useId, useState } from "react";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { Field, type ControlProps } from "#app/features/forms/field.tsx";
import { SEO_LIMITS, SEO_RECOMMENDED, SOCIAL_IMAGE_FIELD, slugFrom } from "#app/features/seo/seo-fields.ts";
import { ImageFileField, imageFileHint } from "#app/features/staff/publishing/image-file-field.tsx";

/** The search-engine fields as the form shows them. */
export type SeoFormValues = Record<"slug" | "metaTitle" | "metaDescription" | "noindex", string>;

/** What the form of a public item (a job, an insight) takes: its values and answer, its save buttons, and what its search-engine section shows. */
export type PublicItemFormProps<Values extends SeoFormValues> = {
  values: Values;
  revision?: number;
  answer?: FormAnswer | null;
  submitLabel: string;
  /** For an item visitors can see: the button that keeps the changes as a draft. */
  draftLabel?: string;
  /** The item's address by number; null for a new item. */
  numberPath?: string | null;
  /** The current social image's address, if it has one. */
  socialImage?: string | null;
};

/**
 * A text control with the count of its characters under it, against what
 * search results show, as Ghost's editor counts them. The count follows the
 * typing once the page runs its script; before, it counts what was saved.
 */
function CountedControl({
  props,
  defaultValue,
  recommended,
  max,
  multiline,
}: {
  props: ControlProps;
  defaultValue: string;
  recommended: number;
  max: number;
  multiline: boolean;
}) {
  const [length, setLength] = useState(defaultValue.length);
  const countId = `${props.id}-count`;
  const control = {
    ...props,
    defaultValue,
    maxLength: max,
    "aria-describedby": [props["aria-describedby"], countId].filter(Boolean).join(" "),
    onInput: (event: { currentTarget: { value: string } }) => setLength(event.currentTarget.value.length),
  };
  return (
    <>
      {multiline ? <textarea {...control} rows={3} /> : <input {...control} autoComplete="off" />}
      <p id={countId} className={`mt-1 text-sm ${length > recommended ? "font-semibold text-amber-800" : "text-slate-600"}`}>
        {length} of {recommended} characters recommended
        {length > recommended ? ": search results may cut it short." : "."}
      </p>
    </>
  );
}

/**
 * The "Search engines and sharing" section of a public item's form: its
 * address, the title and description search results and link previews show,
 * the picture previews show, and whether search engines may list it.
 */
export function SeoFields({
  shown,
  errors,
  addressBase,
  numberPath,
  titleFallback,
  descriptionFallback,
  socialImage,
  emptyAddress,
}: {
  /** The form's values: the section's, and the title its address is suggested from. */
  shown: SeoFormValues & { title?: string };
  errors: Record<string, string> | undefined;
  /** The path the address goes under, e.g. "/careers/". */
  addressBase: string;
  /** The item's address by number, for the hint; null for a new item. */
  numberPath: string | null;
  /** What the page's title falls back to, in words for the hint. */
  titleFallback: string;
  descriptionFallback: string;
  /** The current social image's address, if it has one. */
  socialImage: string | null;
  /** What an empty address means, for a type whose address is never its number. */
  emptyAddress?: string;
}) {
  const noindexHint = useId();
  return (
    <fieldset className="grid gap-5 border-t border-slate-200 pt-5 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 pt-5 text-base font-semibold text-ink">Search engines and sharing</legend>
      <Field
        name="slug"
        label="Address"
        wide
        hint={`Lowercase letters, digits and hyphens, shown after ${addressBase}. ${
          emptyAddress ?? (numberPath ? `Empty keeps the address ${numberPath}.` : "Empty makes the address the item's number.")
        } Changing the address of a published item keeps the old address leading to the new one.`}
        error={errors?.slug}
      >
        {(props) => (
          <div className="flex items-center gap-1">
            <span aria-hidden="true" className="text-slate-600">
              {addressBase}
            </span>
            <input
              {...props}
              defaultValue={shown.slug}
              maxLength={SEO_LIMITS.slug}
              autoComplete="off"
              spellCheck={false}
              placeholder={shown.title ? `e.g. ${slugFrom(shown.title)}` : undefined}
            />
          </div>
        )}
      </Field>
      <Field
        name="metaTitle"
        label="Meta title"
        wide
        hint={`What search results and link previews show as the title. Empty uses ${titleFallback}.`}
        error={errors?.metaTitle}
      >
        {(props) => (
          <CountedControl props={props} defaultValue={shown.metaTitle} recommended={SEO_RECOMMENDED.metaTitle} max={SEO_LIMITS.metaTitle} multiline={false} />
        )}
      </Field>
      <Field
        name="metaDescription"
        label="Meta description"
        wide
        hint={`The sentence or two under the title in search results and link previews. Empty uses ${descriptionFallback}.`}
        error={errors?.metaDescription}
      >
        {(props) => (
          <CountedControl
            props={props}
            defaultValue={shown.metaDescription}
            recommended={SEO_RECOMMENDED.metaDescription}
            max={SEO_LIMITS.metaDescription}
            multiline
          />
        )}
      </Field>
      <ImageFileField
        name={SOCIAL_IMAGE_FIELD}
        label="Social image"
        replaceLabel="Replace the social image"
        wide
        hint={imageFileHint("shown when the page is shared on social networks and in chats, best at 1200 × 630. Empty uses the page's own picture.")}
        error={errors?.[SOCIAL_IMAGE_FIELD]}
        current={socialImage}
        currentAlt="The current social image"
        remove={{ name: "removeSocialImage", label: "Remove the social image" }}
      />
      <div className="sm:col-span-2">
        <label className="flex min-h-6 items-center gap-2 text-sm font-semibold text-ink">
          <input type="checkbox" name="noindex" defaultChecked={shown.noindex === "on"} aria-describedby={noindexHint} className="size-5" />
          Hide from search engines
        </label>
        <p id={noindexHint} className="mt-1.5 text-sm text-slate-600">
          The page stays open to anyone with the link, but asks search engines not to list it and leaves the sitemap.
        </p>
      </div>
    </fieldset>
  );
}
