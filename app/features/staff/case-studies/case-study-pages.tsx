import { Sections } from "#app/components/sections/sections.tsx";
import { DemoBadge } from "#app/components/sections/case-study-cards.tsx";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { CaseStudyForm, emptyCaseStudyForm } from "#app/features/staff/case-studies/case-study-form.tsx";
import type { loadCaseStudyForEdit, loadCaseStudyList, loadCaseStudyPreview } from "#app/features/staff/case-studies/case-study-pages.server.ts";
import { caseStudyStatusLabels } from "#app/features/staff/case-studies/case-study-status.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { ContentEditPage, PreviewNote } from "#app/features/staff/publishing/content-edit-page.tsx";
import { ContentList } from "#app/features/staff/publishing/content-list.tsx";
import { BackLink, FormNotice, PageHeading } from "#app/features/staff/staff-ui.tsx";

/* The case study pages of the staff area, drawn by the shared content routes for addresses under /staff/case-studies. */

const BASE = "/staff/case-studies";

export function CaseStudyListPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadCaseStudyList>> }) {
  return (
    <ContentList
      loaderData={loaderData}
      title="Case studies"
      intro="Drafts and unpublished studies are seen only here. Publishing puts a study on /portfolio, its own page and the cards of its solution pages within seconds."
      newLabel="New case study"
      path={BASE}
      one="case study"
      many="case studies"
      searchLabel="Search by title or sector"
      statusLabels={caseStudyStatusLabels}
      columns={{ cells: ["Client's sector"], after: ["Published on"] }}
      cells={(row) => [
        <>
          {row.sector} {row.demo ? <DemoBadge /> : null}
        </>,
      ]}
      after={(row) => [row.publishedOn ?? "Not yet"]}
    />
  );
}

export function NewCaseStudyPage({ actionData }: { actionData: FormAnswer | undefined }) {
  return (
    <>
      <BackLink to={BASE}>Back to all case studies</BackLink>
      <PageHeading title="New case study">A new case study is a draft: nobody outside the staff area sees it until you publish it.</PageHeading>
      <FormNotice answer={actionData} />
      <CaseStudyForm values={emptyCaseStudyForm} answer={actionData} submitLabel="Save draft" />
    </>
  );
}

export function EditCaseStudyPage({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loadCaseStudyForEdit>>;
  actionData: FormAnswer | undefined;
}) {
  const { id, title, status, publishedOn, publicPath, revision, values, pending, scheduled, draftSchedulable, created } = loaderData;
  return (
    <ContentEditPage
      back={{ to: BASE, label: "Back to all case studies" }}
      title={title}
      status={
        <>
          Status: <StatusBadge status={status} labels={caseStudyStatusLabels} />
          {publishedOn ? ` · Published on ${publishedOn}` : null}
        </>
      }
      id={id}
      basePath={loaderData.basePath}
      publicPath={status === "published" ? publicPath : null}
      answer={actionData}
      created={created}
      pending={pending}
      scheduled={scheduled}
      draftSchedulable={draftSchedulable}
      actions={status === "published" ? [{ intent: "unpublish", label: "Unpublish" }] : [{ intent: "publish", label: "Publish" }]}
      deletion={
        status === "published"
          ? { refusal: "To delete this case study, unpublish it first." }
          : { summary: "Delete this case study…", warning: "Deleting cannot be undone." }
      }
    >
      <CaseStudyForm
        values={values}
        revision={revision}
        answer={actionData}
        submitLabel="Save changes"
        draftLabel={status === "published" ? "Save as draft" : undefined}
        socialImage={loaderData.socialImage}
        cover={loaderData.cover}
        screenshots={loaderData.screenshots}
      />
    </ContentEditPage>
  );
}

export function CaseStudyPreviewPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadCaseStudyPreview>> }) {
  const { id, status, pending, sections, jsonLd } = loaderData;
  return (
    <>
      <PreviewNote
        statusLabel={caseStudyStatusLabels[status]}
        page="the public page"
        visible={status === "published"}
        pending={pending}
        editPath={`${BASE}/${id}`}
      />
      <div className="overflow-hidden rounded-xl border border-slate-300 bg-white">
        <JsonLd data={jsonLd} />
        <Sections sections={sections} />
      </div>
    </>
  );
}
