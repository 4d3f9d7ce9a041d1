import { insightFormReadRules, withBanner } from "#app/features/staff/insights/insight-banner.server.ts";
import { publishAtFrom, readInsightInput, type InsightInput } from "#app/features/staff/insights/insight-rules.ts";
import type { InsightAction } from "#app/features/staff/insights/insight-status.ts";
import {
  changeInsightStatus,
  createInsight,
  insightContent,
  insightForEdit,
  saveInsight,
  type InsightData,
  type InsightForEdit,
} from "#app/features/staff/insights/insights-admin.server.ts";
import type { InsightRow } from "#app/features/insights/insights.server.ts";
import { isImageStored } from "#app/features/images/images.server.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";

/**
 * An insight on its edit page (the page's loader and action are the
 * publishing core's). A schedule's refusal keeps the typed time beside its
 * own field; a new banner is stored only once the fields passed.
 */
export const insightEditor: ContentEditor<InsightForEdit, InsightAction, InsightInput, InsightRow, InsightData> = {
  area: "insights",
  content: insightContent,
  basePath: "/staff/insights",
  notFound: "There is no such insight.",
  listPath: "/staff/insights",
  formRules: insightFormReadRules,
  load: insightForEdit,
  statusActions: ["publish", "schedule", "unpublish", "delete"],
  async changeStatus({ services, id, action, values, actor, ipAddress }) {
    let publishAt: Date | null = null;
    if (action === "schedule") {
      const at = publishAtFrom(values.publishAt, values.timeZone ?? "");
      if (at === "invalid")
        return { ok: false, status: 400, message: "Choose the date and time to publish at.", fields: { publishAt: "Enter a date and a time." }, values };
      publishAt = at;
    }
    const changed = await changeInsightStatus(services.db, id, action, { publishAt, actor, ipAddress });
    return changed.ok ? changed : { ...changed, fields: action === "schedule" ? { publishAt: changed.message } : undefined, values };
  },
  readInput: readInsightInput,
  async create({ services, input, files, actor, ipAddress }) {
    const withImage = await withBanner(services.storage, input, files);
    if (!withImage.ok) return { ...withImage, fields: { banner: withImage.message } };
    return createInsight(services.db, withImage.input, actor, ipAddress);
  },
  async save({ services, id, revision, input, files, actor, ipAddress, publish }) {
    const withImage = await withBanner(services.storage, input, files);
    if (!withImage.ok) return { ...withImage, fields: { banner: withImage.message } };
    return saveInsight(services.db, id, revision, withImage.input, actor, ipAddress, publish);
  },
  // Pictures inside the article stay as they are: a deleted one shows as its alt text.
  async withoutMissingFiles({ storage }, data) {
    if (data.image === null || (await isImageStored(storage, data.image))) return { data, missing: [] };
    return { data: { ...data, image: null }, missing: ["The banner image"] };
  },
};
