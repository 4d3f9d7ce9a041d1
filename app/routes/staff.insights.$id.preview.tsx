import { data, Link } from "react-router";
import type { Route } from "./+types/staff.insights.$id.preview";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { articleJsonLd } from "#app/features/insights/article-json-ld.ts";
import { InsightArticle } from "#app/features/insights/insight-article.tsx";
import { toInsightDetail } from "#app/features/insights/insight.server.ts";
import { insightStatusLabels } from "#app/features/staff/insights/insight-status.ts";
import { insightForEdit } from "#app/features/staff/insights/insights-admin.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/**
 * The insight as its public page will draw it once published, with the
 * Article data search engines will read: only for staff, never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaff(context, request, "insights");
  const id = parseRecordId(params.id);
  const services = await servicesOf(context);
  const row = id === null ? null : await insightForEdit(services.db, id);
  if (!row) throw data("There is no such insight.", { status: 404 });
  // A draft previews with today's date, the one publishing now would give it.
  const insight = toInsightDetail({ ...row, publishedDate: row.publishedDate ?? new Date() });
  return { id: row.id, status: row.effectiveStatus, insight, jsonLd: articleJsonLd(insight, services.env.SITE_URL) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Preview: ${loaderData.insight.title}` : "Preview");

export default function InsightPreview({ loaderData }: Route.ComponentProps) {
  const { id, status, insight, jsonLd } = loaderData;
  return (
    <>
      <div role="note" className="mb-6 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-900">
        <p className="font-semibold">
          Preview ({insightStatusLabels[status]}): this is how the public page {status === "published" ? "looks" : "will look once published"}.
        </p>
        <p className="mt-2">
          <Link to={`/staff/insights/${id}`} className={linkClass}>
            Back to editing
          </Link>
        </p>
      </div>
      <div className="rounded-xl border border-slate-300 bg-white">
        <JsonLd data={jsonLd} />
        <InsightArticle insight={insight} />
      </div>
    </>
  );
}
