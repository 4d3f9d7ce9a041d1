import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { InsightArticle } from "#app/features/insights/insight-article.tsx";
import { InsightForm, emptyInsightForm } from "#app/features/staff/insights/insight-form.tsx";
import type { loadInsightForEdit, loadInsightList, loadInsightPreview, loadNewInsight } from "#app/features/staff/insights/insight-pages.server.ts";
import { insightStatusLabels } from "#app/features/staff/insights/insight-status.ts";
import { ScheduleForm } from "#app/features/staff/publishing/schedule-form.tsx";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { ContentEditPage, PreviewNote } from "#app/features/staff/publishing/content-edit-page.tsx";
import { ContentList } from "#app/features/staff/publishing/content-list.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { BackLink, FormNotice, PageHeading } from "#app/features/staff/staff-ui.tsx";

/* The insight pages of the staff area, drawn by the shared content routes for addresses under /staff/insights. */

export function InsightListPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadInsightList>> }) {
  return (
    <ContentList
      loaderData={loaderData}
      title="Insights"
      intro="Drafts are seen only here. Publishing puts an insight on the insights page, the home page and the RSS feed within seconds; a scheduled one appears by itself at its time."
      newLabel="New insight"
      path="/staff/insights"
      one="insight"
      many="insights"
      searchLabel="Search by title, category or author"
      statusLabels={insightStatusLabels}
      columns={{ cells: ["Category", "Author"], after: ["Publishing date"] }}
      cells={(row) => [row.category ?? "General", row.authorName ?? "Not specified"]}
      after={(row) => [row.publishedDate ? <LocalTime value={row.publishedDate} /> : "Not yet"]}
    />
  );
}

export function NewInsightPage({ loaderData, actionData }: { loaderData: Awaited<ReturnType<typeof loadNewInsight>>; actionData: FormAnswer | undefined }) {
  return (
    <>
      <BackLink to="/staff/insights">Back to all insights</BackLink>
      <PageHeading title="New insight">A new insight is a draft: nobody outside the staff area sees it until you publish it.</PageHeading>
      <FormNotice answer={actionData} />
      <InsightForm values={emptyInsightForm} answer={actionData} submitLabel="Save draft" categories={loaderData.categories} />
    </>
  );
}

export function EditInsightPage({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loadInsightForEdit>>;
  actionData: FormAnswer | undefined;
}) {
  const { id, title, publicPath, status, revision, values, pending, scheduled, publishedDate, created } = loaderData;
  // A refused schedule keeps its sentence beside its own field, not the content form's.
  const scheduleAnswer = actionData?.status === "error" && actionData.fields?.publishAt ? actionData : undefined;
  return (
    <ContentEditPage
      back={{ to: "/staff/insights", label: "Back to all insights" }}
      title={title}
      status={
        <>
          Status: <StatusBadge status={status} labels={insightStatusLabels} />
          {publishedDate ? (
            <>
              {" "}
              · {status === "scheduled" ? "Appears on" : "Published"} <LocalTime value={publishedDate} />
            </>
          ) : null}
        </>
      }
      created={created}
      answer={actionData}
      basePath={loaderData.basePath}
      id={id}
      pending={pending}
      scheduled={scheduled}
      publicPath={status === "published" ? publicPath : null}
      actions={
        status === "published"
          ? [{ intent: "unpublish", label: "Unpublish" }]
          : [{ intent: "publish", label: "Publish now" }, ...(status === "scheduled" ? [{ intent: "unpublish", label: "Cancel the schedule" }] : [])]
      }
      schedule={status === "published" ? null : <ScheduleForm value={scheduleAnswer?.values?.publishAt ?? ""} error={scheduleAnswer?.fields?.publishAt} />}
      deletion={
        status === "draft"
          ? { summary: "Delete this insight…", warning: "Deleting cannot be undone." }
          : { refusal: "To delete this insight, unpublish it first." }
      }
    >
      <InsightForm
        values={values}
        revision={revision}
        answer={scheduleAnswer ? null : actionData}
        submitLabel="Save changes"
        draftLabel={status === "published" ? "Save as draft" : undefined}
        categories={loaderData.categories}
        banner={loaderData.banner}
        numberPath={loaderData.numberPath}
        socialImage={loaderData.socialImage}
      />
    </ContentEditPage>
  );
}

export function InsightPreviewPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadInsightPreview>> }) {
  const { id, status, pending, insight, jsonLd } = loaderData;
  return (
    <>
      <PreviewNote
        statusLabel={insightStatusLabels[status]}
        page="the public page"
        visible={status === "published"}
        pending={pending}
        editPath={`/staff/insights/${id}`}
      />
      <div className="rounded-xl border border-slate-300 bg-white">
        <JsonLd data={jsonLd} />
        <InsightArticle insight={insight} />
      </div>
    </>
  );
}
