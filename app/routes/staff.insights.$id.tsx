import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/staff.insights.$id";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { InsightForm, type InsightFormValues } from "#app/features/staff/insights/insight-form.tsx";
import { withBanner, insightFormReadRules } from "#app/features/staff/insights/insight-banner.server.ts";
import { DEFAULT_TIME_ZONE, isTimeZone, publishAtFrom, readInsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { insightStatusLabels, type InsightAction } from "#app/features/staff/insights/insight-status.ts";
import {
  changeInsightStatus,
  insightCategories,
  insightForEdit,
  saveInsight,
  type InsightForEdit,
} from "#app/features/staff/insights/insights-admin.server.ts";
import { ScheduleForm } from "#app/features/staff/insights/schedule-form.tsx";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/list-ui.tsx";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { BackLink, FormNotice, PageHeading, linkClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { insightPath } from "#app/features/insights/insight.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

const NOT_FOUND = "There is no such insight.";

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

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  requireStaff(context, request, "insights");
  const id = parseRecordId(params.id);
  const { db } = await servicesOf(context);
  const insight = id === null ? null : await insightForEdit(db, id);
  if (!insight) throw data(NOT_FOUND, { status: 404 });
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
    created: url.searchParams.get("done") === "created",
  };
}

const statusActions: InsightAction[] = ["publish", "schedule", "unpublish", "delete"];

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, "insights");
  const id = parseRecordId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const services = await servicesOf(context);
  const ipAddress = clientAddressOf(context);
  try {
    const { values, files } = await readStaffForm(request, context, services, insightFormReadRules);
    const intent = statusActions.find((action) => action === values.intent);
    if (intent) {
      let publishAt: Date | null = null;
      if (intent === "schedule") {
        const timeZone = isTimeZone(values.timeZone ?? "") ? values.timeZone! : DEFAULT_TIME_ZONE;
        const at = publishAtFrom(values.publishAt, timeZone);
        if (at === "invalid") return formError(400, "Choose the date and time to publish at.", { publishAt: "Enter a date and a time." }, values);
        publishAt = at;
      }
      const changed = await changeInsightStatus(services.db, id, intent, { publishAt, actor: user, ipAddress });
      if (!changed.ok) return formError(changed.status, changed.message, intent === "schedule" ? { publishAt: changed.message } : undefined, values);
      // This process need not wait for its next look at the content version.
      services.content.nudge();
      if (intent === "delete") return redirect("/staff/insights?done=deleted");
      return { status: "success", messages: [changed.message] } satisfies FormAnswer;
    }
    if (values.intent !== "save") return formError(400, "This form asked for something the page does not do. Reload the page and try again.");
    const read = readInsightInput(values);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const revision = Number(values.revision);
    if (!Number.isInteger(revision)) return formError(400, "Reload the page and make your changes again: the form was incomplete.", undefined, values);
    const withImage = await withBanner(services.storage, read.input, files);
    if (!withImage.ok) return formError(withImage.status, withImage.message, { banner: withImage.message }, values);
    const saved = await saveInsight(services.db, id, revision, withImage.input, user, ipAddress);
    if (!saved.ok) return formError(saved.status, saved.message, undefined, values);
    services.content.nudge();
    return { status: "success", messages: [saved.message] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Edit insight: ${loaderData.title}` : "Insight");

export default function EditInsight({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, publicPath, status, revision, values, publishedDate, created } = loaderData;
  // A refused schedule keeps its sentence beside its own field, not the content form's.
  const scheduleAnswer = actionData?.status === "error" && actionData.fields?.publishAt ? actionData : undefined;
  return (
    <>
      <BackLink to="/staff/insights">Back to all insights</BackLink>
      <PageHeading title={title}>
        <p>
          Status: <StatusBadge status={status} labels={insightStatusLabels} />
          {publishedDate ? (
            <>
              {" "}
              · {status === "scheduled" ? "Appears on" : "Published"} <LocalTime value={publishedDate} />
            </>
          ) : null}
        </p>
      </PageHeading>
      {created && !actionData ? (
        <FormNotice answer={{ status: "success", messages: ["The draft is saved. Preview it, then publish it when it is ready."] }} />
      ) : null}
      <FormNotice answer={actionData} />
      <section aria-labelledby="publishing-heading" className="mb-8 rounded-xl border border-slate-300 bg-white p-5">
        <h2 id="publishing-heading" className="mb-3 text-lg font-bold">
          Publishing
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/staff/insights/${id}/preview`} className={secondaryButtonClass}>
            Preview
          </Link>
          {status === "published" ? (
            <a href={publicPath} className={linkClass}>
              Public page
            </a>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value={status === "published" ? "unpublish" : "publish"} />
            <button type="submit" className={secondaryButtonClass}>
              {status === "published" ? "Unpublish" : "Publish now"}
            </button>
          </Form>
          {status === "scheduled" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="unpublish" />
              <button type="submit" className={secondaryButtonClass}>
                Cancel the schedule
              </button>
            </Form>
          ) : null}
        </div>
        {status === "published" ? null : (
          <div className="mt-5">
            <ScheduleForm value={scheduleAnswer?.values?.publishAt ?? ""} error={scheduleAnswer?.fields?.publishAt} />
          </div>
        )}
        {status === "draft" ? (
          <details className="mt-4">
            <summary className="cursor-pointer py-2 text-sm font-semibold text-red-800">Delete this insight…</summary>
            <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="delete" />
              <p className="text-sm text-slate-700">Deleting cannot be undone.</p>
              <button type="submit" className={secondaryButtonClass}>
                Delete “{title}”
              </button>
            </Form>
          </details>
        ) : (
          <p className="mt-4 text-sm text-slate-700">To delete this insight, unpublish it first.</p>
        )}
      </section>
      <h2 className="mb-3 text-lg font-bold">Content</h2>
      <InsightForm
        values={values}
        revision={revision}
        answer={scheduleAnswer ? null : actionData}
        submitLabel="Save changes"
        categories={loaderData.categories}
        banner={loaderData.banner}
      />
    </>
  );
}
