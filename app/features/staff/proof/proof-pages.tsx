import { LogoCard, PersonCard, TestimonialCard } from "#app/components/sections/sections.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { Field } from "#app/features/forms/field.tsx";
import {
  proofDeclarations,
  proofFileName,
  proofRemoveName,
  solutionPageChoices,
  solutionPageField,
  type ProofField,
  type ProofKind,
} from "#app/features/proof/proof-kinds.ts";
import { proofStatusLabels } from "#app/features/proof/proof-status.ts";
import type { proofPagesByKind } from "#app/features/staff/proof/proof-pages.server.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { ContentEditPage, PreviewNote } from "#app/features/staff/publishing/content-edit-page.tsx";
import { ContentForm } from "#app/features/staff/publishing/content-form.tsx";
import { ContentList } from "#app/features/staff/publishing/content-list.tsx";
import { ImageFileField, imageFileHint } from "#app/features/staff/publishing/image-file-field.tsx";
import { BackLink, FormNotice, PageHeading } from "#app/features/staff/staff-ui.tsx";

/* The people, testimonials and client logos pages of the staff area, drawn by the shared content routes for their addresses. */

type Pages = (typeof proofPagesByKind)[ProofKind];
type Loaded<Name extends keyof Pages> = Awaited<ReturnType<Pages[Name]>>;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ProofListPage({ loaderData }: { loaderData: Loaded<"list"> }) {
  const { noun, plural } = proofDeclarations[loaderData.kind];
  return (
    <ContentList
      loaderData={loaderData}
      title={capital(plural)}
      intro={`Drafts are seen only here. A published ${noun} is shown by the page blocks that pick it, within seconds; unpublishing takes it off every page.`}
      newLabel={`New ${noun}`}
      path={`/staff/${loaderData.kind}`}
      one={noun}
      many={plural}
      searchLabel="Search by name"
      statusLabels={proofStatusLabels}
      columns={{ cells: [], after: ["Demo example"] }}
      cells={() => []}
      after={(row) => [row.isDemo ? "Yes" : "No"]}
    />
  );
}

type FormProps = {
  kind: ProofKind;
  values: Record<string, string>;
  pictures?: Record<string, string | null>;
  caseStudies: readonly { slug: string; title: string }[];
  answer: FormAnswer | null | undefined;
  revision?: number;
  submitLabel: string;
  draftLabel?: string;
};

/** One field of an item's form, by its kind's declaration. */
function ProofInput({
  field,
  shown,
  errors,
  picture,
  caseStudies,
}: {
  field: ProofField;
  shown: Record<string, string>;
  errors: Record<string, string> | undefined;
  picture: string | null;
  caseStudies: FormProps["caseStudies"];
}) {
  const error = errors?.[field.key];
  switch (field.input) {
    case "image":
      return (
        <ImageFileField
          name={proofFileName(field.key)}
          label={field.label}
          replaceLabel={`Replace the ${field.label.toLowerCase()}`}
          hint={imageFileHint(field.required ? "required." : "optional.")}
          error={error}
          current={picture}
          currentAlt={`The current ${field.label.toLowerCase()}`}
          remove={field.required ? undefined : { name: proofRemoveName(field.key), label: `Remove the ${field.label.toLowerCase()}` }}
          shape="h-24 w-auto"
        />
      );
    case "paths":
      return (
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-semibold text-ink">
            {field.label} <span className="font-normal text-slate-600">(optional)</span>
          </legend>
          {field.hint ? <p className="mb-2 text-sm text-slate-700">{field.hint}</p> : null}
          <div className="grid gap-1 sm:grid-cols-2">
            {solutionPageChoices.map((page, index) => (
              <label key={page.path} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name={solutionPageField(index)}
                  value={page.path}
                  defaultChecked={shown[solutionPageField(index)] === page.path}
                  className="size-5"
                />
                {page.label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "demo":
      return (
        <div className="sm:col-span-2">
          <label className="flex min-h-11 items-center gap-2 font-semibold text-ink">
            <input type="checkbox" name={field.key} defaultChecked={shown[field.key] === "on"} aria-describedby={`${field.key}-hint`} className="size-5" />
            {field.label}
          </label>
          <p id={`${field.key}-hint`} className="text-sm text-slate-700">
            {field.hint}
          </p>
        </div>
      );
    default:
      return (
        <Field name={field.key} label={field.label} required={field.required ?? false} wide={field.input === "text"} hint={field.hint} error={error}>
          {(props) =>
            field.input === "caseStudy" ? (
              <select {...props} defaultValue={shown[field.key] ?? ""}>
                <option value="">None</option>
                {caseStudies.map((study) => (
                  <option key={study.slug} value={study.slug}>
                    {study.title}
                  </option>
                ))}
              </select>
            ) : field.input === "text" ? (
              <textarea {...props} defaultValue={shown[field.key] ?? ""} maxLength={field.max} rows={4} />
            ) : (
              <input
                {...props}
                defaultValue={shown[field.key] ?? ""}
                maxLength={field.input === "order" ? 4 : field.max}
                inputMode={field.input === "order" ? "numeric" : undefined}
                type={field.input === "link" ? "url" : "text"}
                autoComplete="off"
              />
            )
          }
        </Field>
      );
  }
}

function ProofForm({ kind, values, pictures = {}, caseStudies, answer, revision, submitLabel, draftLabel }: FormProps) {
  return (
    <ContentForm values={values} revision={revision} answer={answer} submitLabel={submitLabel} draftLabel={draftLabel} multipart>
      {(shown, errors) =>
        proofDeclarations[kind].fields.map((field) => (
          <ProofInput key={field.key} field={field} shown={shown} errors={errors} picture={pictures[field.key] ?? null} caseStudies={caseStudies} />
        ))
      }
    </ContentForm>
  );
}

export function NewProofPage({ loaderData, actionData }: { loaderData: Loaded<"newItem">; actionData: FormAnswer | undefined }) {
  const { noun, plural } = proofDeclarations[loaderData.kind];
  return (
    <>
      <BackLink to={`/staff/${loaderData.kind}`}>{`Back to all ${plural}`}</BackLink>
      <PageHeading title={`New ${noun}`}>A new {noun} is a draft: no page shows it until you publish it.</PageHeading>
      <FormNotice answer={actionData} />
      <ProofForm kind={loaderData.kind} values={loaderData.values} caseStudies={loaderData.caseStudies} answer={actionData} submitLabel="Save draft" />
    </>
  );
}

export function EditProofPage({ loaderData, actionData }: { loaderData: Loaded<"edit">; actionData: FormAnswer | undefined }) {
  const { kind, id, title, status, revision, values, pictures, pending, scheduled, draftSchedulable, created, caseStudies } = loaderData;
  const { noun, plural } = proofDeclarations[kind];
  return (
    <ContentEditPage
      back={{ to: `/staff/${kind}`, label: `Back to all ${plural}` }}
      title={title}
      status={
        <>
          Status: <StatusBadge status={status} labels={proofStatusLabels} />
        </>
      }
      created={created}
      answer={actionData}
      basePath={`/staff/${kind}`}
      id={id}
      pending={pending}
      scheduled={scheduled}
      draftSchedulable={draftSchedulable}
      publicPath={null}
      actions={status === "published" ? [{ intent: "unpublish", label: "Unpublish" }] : [{ intent: "publish", label: "Publish now" }]}
      deletion={
        status === "published"
          ? { refusal: `To delete this ${noun}, unpublish it first.` }
          : { summary: `Delete this ${noun}…`, warning: "Deleting cannot be undone." }
      }
    >
      <ProofForm
        kind={kind}
        values={values}
        pictures={pictures}
        caseStudies={caseStudies}
        answer={actionData}
        revision={revision}
        submitLabel="Save changes"
        draftLabel={status === "published" ? "Save as draft" : undefined}
      />
    </ContentEditPage>
  );
}

export function ProofPreviewPage({ loaderData }: { loaderData: Loaded<"preview"> }) {
  const { kind, id, status, pending, section } = loaderData;
  const { noun } = proofDeclarations[kind];
  return (
    <>
      <PreviewNote
        statusLabel={proofStatusLabels[status]}
        page={`the ${noun}’s card`}
        visible={status === "published"}
        pending={pending}
        editPath={`/staff/${kind}/${id}`}
      >
        Pages show it where a block picks it.
      </PreviewNote>
      <div className="max-w-md rounded-xl border border-slate-300 bg-white p-5">
        {section.kind === "testimonials" && section.items[0] ? <TestimonialCard item={section.items[0]} /> : null}
        {section.kind === "logos" && section.items[0] ? <LogoCard item={section.items[0]} /> : null}
        {section.kind === "team" && section.items[0] ? <PersonCard person={section.items[0]} /> : null}
      </div>
    </>
  );
}
