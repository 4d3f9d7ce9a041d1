import type { Route } from "./+types/staff.insights.$id";
import { InsightForm, type InsightFormValues } from "#app/features/staff/insights/insight-form.tsx";
import { insightEditor } from "#app/features/staff/insights/insight-editor.server.ts";
import { insightStatusLabels } from "#app/features/staff/insights/insight-status.ts";
import { insightCategories, type InsightForEdit } from "#app/features/staff/insights/insights-admin.server.ts";
import { ScheduleForm } from "#app/features/staff/insights/schedule-form.tsx";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/list-ui.tsx";
import { editAction, loadForEdit } from "#app/features/staff/publishing/content-edit.server.ts";
import { ContentEditPage } from "#app/features/staff/publishing/content-edit-page.tsx";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";
import { insightPath } from "#app/features/insights/insight.ts";

function formValues(insight: InsightForEdit): InsightFormValues {
  return {
    title: insight.title ?? "",
    category: insight.category ?? "",
    authorName: insight.authorName ?? "",
    authorBio: insight.authorBio ?? "",
    tags: insight.tags.join(", "),
    readTime: insight.readTime === null ? "" : String(insight.readTime),
    description: insight.description ?? "",
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { item: insight, db, created } = await loadForEdit(args, insightEditor);
  return {
    id: insight.id,
    title: insight.title || "Untitled",
    publicPath: insightPath(insight.id),
    status: insight.effectiveStatus,
    revision: insight.revision,
    publishedDate: insight.publishedDate,
    changedAt: insight.changedAt,
    values: formValues(insight),
    banner: insight.image,
    categories: await insightCategories(db),
    created,
  };
}

export async function action(args: Route.ActionArgs) {
  return editAction(args, insightEditor);
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Edit insight: ${loaderData.title}` : "Insight");

export default function EditInsight({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, publicPath, status, revision, values, publishedDate, created } = loaderData;
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
      previewPath={`/staff/insights/${id}/preview`}
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
        categories={loaderData.categories}
        banner={loaderData.banner}
      />
    </ContentEditPage>
  );
}
