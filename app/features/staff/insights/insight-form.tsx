import { Field } from "#app/features/forms/field.tsx";
import { WORDS_PER_MINUTE } from "#app/features/insights/insight.ts";
import { INSIGHT_FORM_MAX_BYTES, INSIGHT_LIMITS } from "#app/features/staff/insights/insight-rules.ts";
import { ContentForm } from "#app/features/staff/publishing/content-form.tsx";
import { ImageFileField, imageFileHint } from "#app/features/staff/publishing/image-file-field.tsx";
import { RichTextField } from "#app/features/staff/rich-text/rich-text-field.tsx";
import { emptySeoForm, seoFormLabels } from "#app/features/seo/seo-fields.ts";
import { SeoFields, type PublicItemFormProps, type SeoFormValues } from "#app/features/staff/publishing/seo-fields-form.tsx";

/** The insight's fields as the form shows them (strings, as typed). */
export type InsightFormValues = Record<"title" | "category" | "authorName" | "authorBio" | "tags" | "readTime" | "excerpt" | "description", string> &
  SeoFormValues;

export const emptyInsightForm: InsightFormValues = {
  title: "",
  category: "",
  authorName: "",
  authorBio: "",
  tags: "",
  readTime: "",
  excerpt: "",
  description: "",
  ...emptySeoForm,
};

const insightFormLabels: Record<string, string> = {
  title: "Title",
  category: "Category",
  authorName: "Author's name",
  authorBio: "Author's bio",
  tags: "Tags",
  readTime: "Read time",
  excerpt: "Excerpt",
  description: "Article",
  ...seoFormLabels,
  intent: "Action",
  revision: "Revision",
  publishAt: "Publish at",
  timeZone: "Time zone",
  removeBanner: "Remove the banner",
};

/** Where the editor uploads a picture for the text (app/routes/staff.media.ts). */
const MEDIA_UPLOAD_PATH = "/staff/media";

/** How the server reads the insight forms (the staff form pipeline's rules): the content form and the publishing forms. */
export const insightFormRules = {
  name: "staff-insight",
  fields: Object.keys(insightFormLabels),
  labels: insightFormLabels,
  multiline: ["description", "authorBio", "excerpt"],
  maxBytes: INSIGHT_FORM_MAX_BYTES,
};

/**
 * Create and edit an insight. Without JavaScript it is a plain form and the
 * article is HTML in a text area; with it, a rich-text editor that also
 * uploads pictures. The server sanitises the HTML on save either way.
 */
export function InsightForm({
  values,
  revision,
  answer,
  submitLabel,
  draftLabel,
  categories,
  banner = null,
  numberPath = null,
  socialImage = null,
}: PublicItemFormProps<InsightFormValues> & {
  /** Categories in use, offered as suggestions. */
  categories: string[];
  /** The current banner's URL, if it has one. */
  banner?: string | null;
}) {
  return (
    <ContentForm values={values} revision={revision} answer={answer} submitLabel={submitLabel} draftLabel={draftLabel} multipart>
      {(shown, errors) => (
        <>
          <Field name="title" label="Title" required wide error={errors?.title}>
            {(props) => <input {...props} defaultValue={shown.title} maxLength={INSIGHT_LIMITS.title} autoComplete="off" />}
          </Field>
          <Field name="category" label="Category" hint='Shown as the badge and used by the insights filter; empty means "General".' error={errors?.category}>
            {(props) => (
              <>
                <input {...props} defaultValue={shown.category} maxLength={INSIGHT_LIMITS.category} autoComplete="off" list="insight-categories" />
                <datalist id="insight-categories">
                  {categories.map((category) => (
                    <option key={category} value={category} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field name="tags" label="Tags" hint="Separated by commas, e.g. “AI, Cloud”." error={errors?.tags}>
            {(props) => <input {...props} defaultValue={shown.tags} autoComplete="off" />}
          </Field>
          <Field name="authorName" label="Author's name" hint='Empty shows "Anonymous".' error={errors?.authorName}>
            {(props) => <input {...props} defaultValue={shown.authorName} maxLength={INSIGHT_LIMITS.authorName} autoComplete="off" />}
          </Field>
          <Field
            name="readTime"
            label="Read time in minutes"
            hint={`Leave empty to compute it from the article's words (${WORDS_PER_MINUTE} a minute).`}
            error={errors?.readTime}
          >
            {(props) => <input {...props} defaultValue={shown.readTime} inputMode="numeric" autoComplete="off" className={`${props.className} max-w-32`} />}
          </Field>
          <Field name="authorBio" label="Author's bio" wide hint="One or two sentences under the article." error={errors?.authorBio}>
            {(props) => <textarea {...props} defaultValue={shown.authorBio} maxLength={INSIGHT_LIMITS.authorBio} rows={2} />}
          </Field>
          <ImageFileField
            name="banner"
            label="Banner image"
            replaceLabel="Replace the banner"
            wide
            hint={imageFileHint("shown at 40:21 above the article and on its card. Without one, the placeholder is shown.")}
            error={errors?.banner}
            current={banner}
            currentAlt="The current banner"
            remove={{ name: "removeBanner", label: "Remove the banner (the placeholder is shown instead)" }}
          />
          <Field
            name="excerpt"
            label="Excerpt"
            wide
            hint="Two or three sentences for the insight's card, the RSS feed and search results. Empty uses the article's opening words."
            error={errors?.excerpt}
          >
            {(props) => <textarea {...props} defaultValue={shown.excerpt} maxLength={INSIGHT_LIMITS.excerpt} rows={3} />}
          </Field>
          <RichTextField
            name="description"
            label="Article"
            hint="Headings (levels 2 to 4), paragraphs, lists, links, bold, italic and images. Anything else in the HTML is removed when you save."
            error={errors?.description}
            defaultValue={shown.description}
            maxLength={INSIGHT_LIMITS.description}
            imageUploadUrl={MEDIA_UPLOAD_PATH}
          />
          <SeoFields
            shown={shown}
            errors={errors}
            addressBase="/featured-insights/"
            numberPath={numberPath}
            titleFallback="the title"
            descriptionFallback="the excerpt, or the article's opening words"
            socialImage={socialImage}
          />
        </>
      )}
    </ContentForm>
  );
}
