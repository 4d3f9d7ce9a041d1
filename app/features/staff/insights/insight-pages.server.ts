import { articleJsonLd } from "#app/features/insights/article-json-ld.ts";
import { toInsightDetail } from "#app/features/insights/insight.server.ts";
import { insightPath } from "#app/features/insights/insight.ts";
import { seoFormValues } from "#app/features/seo/seo-fields.ts";
import { insightEditor } from "#app/features/staff/insights/insight-editor.server.ts";
import type { InsightFormValues } from "#app/features/staff/insights/insight-form.tsx";
import { INSIGHT_STATUSES } from "#app/features/staff/insights/insight-status.ts";
import { insightCategories, listInsightsForStaff, type InsightData } from "#app/features/staff/insights/insights-admin.server.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { createAction, editAction, kindPages, loadForEdit, type PageArgs } from "#app/features/staff/publishing/content-edit.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The loaders and actions of the insight pages; the shared content routes
 * call them for addresses under /staff/insights (app/routes/staff.content.*).
 */

export const loadInsightList = (args: PageArgs) =>
  loadStaffList(args, "insights", INSIGHT_STATUSES, (db, query) => listInsightsForStaff(db, query, query.cursor));

export async function loadNewInsight({ request, context }: PageArgs) {
  requireStaff(context, request, "insights");
  return { categories: await insightCategories((await servicesOf(context)).db) };
}

export const createInsightFromForm = (args: PageArgs) => createAction(args, insightEditor);

/** The working copy as the form shows it (it may hold changes visitors do not see yet). */
function formValues(insight: InsightData): InsightFormValues {
  return {
    title: insight.title,
    category: insight.category ?? "",
    authorName: insight.authorName ?? "",
    authorBio: insight.authorBio ?? "",
    tags: insight.tags.join(", "),
    readTime: insight.readTime === null ? "" : String(insight.readTime),
    excerpt: insight.excerpt ?? "",
    description: insight.description,
    ...seoFormValues(insight),
  };
}

export async function loadInsightForEdit(args: PageArgs) {
  const { item: insight, db, working, pending, scheduled, created } = await loadForEdit(args, insightEditor);
  return {
    id: insight.id,
    title: insight.title || "Untitled",
    publicPath: insightPath(insight),
    status: insight.effectiveStatus,
    revision: insight.revision,
    publishedDate: insight.publishedDate,
    changedAt: insight.changedAt,
    values: formValues(working),
    pending,
    scheduled,
    basePath: insightEditor.basePath,
    banner: working.image,
    socialImage: working.socialImage,
    numberPath: insightPath({ id: insight.id }),
    categories: await insightCategories(db),
    created,
  };
}

export const editInsight = (args: PageArgs) => editAction(args, insightEditor);

/**
 * The insight as its public page will draw it once published, with the
 * Article data search engines will read: only for staff, never cached.
 */
export async function loadInsightPreview(args: PageArgs) {
  const { item: row, working, pending } = await loadForEdit(args, insightEditor);
  const { env } = await servicesOf(args.context);
  // The working copy, with changes not yet published; a draft previews with today's date, the one publishing now would give it.
  const insight = toInsightDetail({ ...row, ...working, publishedDate: row.publishedDate ?? new Date() }, env.SITE_URL);
  return { id: row.id, status: row.effectiveStatus, pending: pending.length > 0, insight, jsonLd: articleJsonLd(insight, env.SITE_URL) };
}

export const insightPages = kindPages(
  "insights",
  { list: loadInsightList, newItem: loadNewInsight, edit: loadInsightForEdit, preview: loadInsightPreview },
  { create: createInsightFromForm, save: editInsight },
);
