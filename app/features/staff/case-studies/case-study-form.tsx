import { Field } from "#app/features/forms/field.tsx";
import { emptySeoForm, seoFormLabels, seoFormValues, type SeoData } from "#app/features/seo/seo-fields.ts";
import {
  CASE_STUDY_FORM_MAX_BYTES,
  CASE_STUDY_LIMITS,
  COVER_FIELD,
  OUTCOME_ROWS,
  outcomeField,
  SCREENSHOT_SLOTS,
  screenshotAltField,
  screenshotField,
  screenshotRemoveField,
  solutionField,
  solutionPages,
  type CaseStudyFields,
} from "#app/features/staff/case-studies/case-study-rules.ts";
import { ContentForm } from "#app/features/staff/publishing/content-form.tsx";
import { ImageFileField, imageFileHint } from "#app/features/staff/publishing/image-file-field.tsx";
import { SeoFields, type PublicItemFormProps } from "#app/features/staff/publishing/seo-fields-form.tsx";
import type { CaseStudyPicture as StoredPicture } from "#app/content/case-studies.ts";

/** The form's values, by field name (strings, as typed). */
export type CaseStudyFormValues = Record<string, string> & typeof emptySeoForm;

const rows = Array.from({ length: OUTCOME_ROWS }, (_, row) => row);
const slots = Array.from({ length: SCREENSHOT_SLOTS }, (_, slot) => slot);

const caseStudyFormLabels: Record<string, string> = {
  title: "Title",
  summary: "Summary",
  clientSector: "Client's sector",
  clientSize: "Client's size",
  clientName: "Client's name",
  problem: "The problem",
  built: "What we built",
  stack: "Technology",
  demo: "Demo example",
  [COVER_FIELD]: "Cover",
  coverAlt: "Cover description",
  removeCover: "Remove the cover",
  ...Object.fromEntries(solutionPages.map((page) => [solutionField(page.href), `Solution page ${page.label}`])),
  ...Object.fromEntries(
    rows.flatMap((row) => [
      [outcomeField(row, "value"), `Result ${row + 1}: figure`],
      [outcomeField(row, "label"), `Result ${row + 1}: what it measures`],
    ]),
  ),
  ...Object.fromEntries(
    slots.flatMap((slot) => [
      [screenshotAltField(slot), `Screenshot ${slot + 1}: description`],
      [screenshotRemoveField(slot), `Screenshot ${slot + 1}: remove`],
    ]),
  ),
  ...seoFormLabels,
  intent: "Action",
  revision: "Revision",
  publishAt: "Publish at",
  timeZone: "Time zone",
};

/** How the server reads the case study forms (the staff form pipeline's rules); the pictures' files are the editor's. */
export const caseStudyFormRules = {
  name: "staff-case-study",
  fields: Object.keys(caseStudyFormLabels).filter((field) => field !== COVER_FIELD),
  labels: caseStudyFormLabels,
  multiline: ["summary", "problem", "built"],
  maxBytes: CASE_STUDY_FORM_MAX_BYTES,
};

/** What the form shows of a study: its fields as text. */
export type CaseStudyFormSource = CaseStudyFields &
  SeoData & {
    cover: StoredPicture | null;
    screenshots: StoredPicture[];
  };

export function caseStudyFormValues(study: CaseStudyFormSource): CaseStudyFormValues {
  return {
    title: study.title,
    summary: study.summary,
    clientSector: study.clientSector,
    clientSize: study.clientSize,
    clientName: study.clientName ?? "",
    problem: study.problem,
    built: study.built.join("\n"),
    stack: study.stack.join(", "),
    demo: study.demo ? "on" : "",
    coverAlt: study.cover?.alt ?? "",
    ...Object.fromEntries(solutionPages.map((page) => [solutionField(page.href), study.solutions.includes(page.href) ? "on" : ""])),
    ...Object.fromEntries(
      rows.flatMap((row) => [
        [outcomeField(row, "value"), study.outcomes[row]?.value ?? ""],
        [outcomeField(row, "label"), study.outcomes[row]?.label ?? ""],
      ]),
    ),
    ...Object.fromEntries(slots.map((slot) => [screenshotAltField(slot), study.screenshots[slot]?.alt ?? ""])),
    ...seoFormValues(study),
  };
}

/** A new study: a draft, not a demo. */
export const emptyCaseStudyForm: CaseStudyFormValues = { ...emptySeoForm };

/** A box whose field is "on" when ticked, as a post carries it. */
function Checkbox({ name, label, checked, hint }: { name: string; label: string; checked: boolean; hint?: string }) {
  return (
    <div>
      <label className="flex min-h-6 items-center gap-2 text-sm text-ink">
        <input type="checkbox" name={name} defaultChecked={checked} aria-describedby={hint ? `${name}-hint` : undefined} className="size-5" />
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Create and edit a case study; plain fields and boxes, so it works the same without JavaScript. */
export function CaseStudyForm({
  values,
  revision,
  answer,
  submitLabel,
  draftLabel,
  socialImage = null,
  cover = null,
  screenshots = [],
}: PublicItemFormProps<CaseStudyFormValues> & { cover?: StoredPicture | null; screenshots?: StoredPicture[] }) {
  const limits = CASE_STUDY_LIMITS;
  return (
    <ContentForm values={values} revision={revision} answer={answer} submitLabel={submitLabel} draftLabel={draftLabel} multipart>
      {(shown, errors) => {
        const line = (name: string, max: number, options: { required?: boolean; wide?: boolean; hint?: string } = {}) => (
          <Field name={name} label={caseStudyFormLabels[name]!} required={options.required} wide={options.wide} hint={options.hint} error={errors?.[name]}>
            {(props) => <input {...props} defaultValue={shown[name]} maxLength={max} autoComplete="off" />}
          </Field>
        );
        const text = (name: string, max: number, rowCount: number, hint: string) => (
          <Field name={name} label={caseStudyFormLabels[name]!} required wide hint={hint} error={errors?.[name]}>
            {(props) => <textarea {...props} defaultValue={shown[name]} maxLength={max} rows={rowCount} />}
          </Field>
        );
        return (
          <>
            {line("title", limits.title, { required: true, wide: true })}
            {text("summary", limits.summary, 2, "One or two sentences for the cards, search results and the page's lead.")}
            <div className="sm:col-span-2">
              <Checkbox
                name="demo"
                label="Demo example"
                checked={shown.demo === "on"}
                hint="While ticked, the cards and the page say “Demo example”: an example of the work, not a named client's project."
              />
            </div>
            <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-semibold text-ink">The client</legend>
              {line("clientSector", limits.clientSector, { required: true })}
              {line("clientSize", limits.clientSize, { required: true, hint: "E.g. “About 400 staff, 6 warehouses”." })}
              {line("clientName", limits.clientName, { hint: "Only when the client agreed to be named." })}
            </fieldset>
            <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-semibold text-ink">Solution pages</legend>
              <p className="text-sm text-slate-600 sm:col-span-3">The study shows on these pages, and under their areas in the portfolio's filters.</p>
              {solutionPages.map((page) => (
                <Checkbox key={page.href} name={solutionField(page.href)} label={page.label} checked={shown[solutionField(page.href)] === "on"} />
              ))}
            </fieldset>
            {text("problem", limits.problem, 4, "What was wrong before, in a paragraph.")}
            {text("built", limits.built * limits.point, 6, `One point a line, at most ${limits.built}.`)}
            {line("stack", limits.stack * (limits.technology + 2), { wide: true, hint: "Separated by commas, e.g. “React, PostgreSQL, AWS”." })}
            <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-[10rem_1fr]">
              <legend className="mb-2 text-sm font-semibold text-ink">Results</legend>
              <p className="text-sm text-slate-600 sm:col-span-2">
                A figure and what it measures, e.g. “3 days” and “month-end close, down from 9”. The first is the card's headline.
              </p>
              {rows.map((row) => (
                <div key={row} className="contents">
                  {line(outcomeField(row, "value"), limits.outcomeValue)}
                  {line(outcomeField(row, "label"), limits.outcomeLabel)}
                </div>
              ))}
            </fieldset>
            <ImageFileField
              name={COVER_FIELD}
              label="Cover"
              replaceLabel="Replace the cover"
              wide
              hint={imageFileHint("shown at 40:21 on the cards and under the page's title.")}
              error={errors?.[COVER_FIELD]}
              current={cover?.src ?? null}
              currentAlt={cover?.alt ?? ""}
              remove={{ name: "removeCover", label: "Remove the cover" }}
            />
            {line("coverAlt", limits.alt, { wide: true, hint: "What the cover shows, for people who cannot see it. Needed with a new cover." })}
            {slots.map((slot) => (
              <fieldset key={slot} className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2">
                <legend className="px-1 text-sm font-semibold text-ink">Screenshot {slot + 1}</legend>
                <ImageFileField
                  name={screenshotField(slot)}
                  label="Picture"
                  replaceLabel="Replace the picture"
                  hint={imageFileHint("shown full width after what was built.")}
                  error={errors?.[screenshotField(slot)]}
                  current={screenshots[slot]?.src ?? null}
                  currentAlt={screenshots[slot]?.alt ?? ""}
                  remove={{ name: screenshotRemoveField(slot), label: "Remove this screenshot" }}
                />
                {line(screenshotAltField(slot), limits.alt, { hint: "What it shows, for people who cannot see it." })}
              </fieldset>
            ))}
            <SeoFields
              shown={shown}
              errors={errors}
              addressBase="/portfolio/"
              numberPath={null}
              emptyAddress="Empty makes the address from the title."
              titleFallback="the title"
              descriptionFallback="the summary"
              socialImage={socialImage}
            />
          </>
        );
      }}
    </ContentForm>
  );
}
