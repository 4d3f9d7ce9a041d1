import { insightFormReadRules, withBanner } from "#app/features/staff/insights/insight-banner.server.ts";
import { readInsightInput, type InsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { instantFromLocalField } from "#app/features/zoned-time.ts";
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
import { withoutMissingSocialImage, withSocialImage } from "#app/features/staff/publishing/seo-fields.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import type { UploadedFile } from "#app/features/forms/read-form.server.ts";

/** The input with its banner and social image stored, or why a picture was refused (beside its field). */
async function withPictures(storage: Services["storage"], input: InsightInput, files: UploadedFile[]) {
  const withImage = await withBanner(storage, input, files);
  if (!withImage.ok) return { ...withImage, fields: { banner: withImage.message } };
  return withSocialImage(storage, withImage.input, files);
}

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
      const at = instantFromLocalField(values.publishAt, values.timeZone ?? "");
      if (at === "invalid")
        return { ok: false, status: 400, message: "Choose the date and time to publish at.", fields: { publishAt: "Enter a date and a time." }, values };
      publishAt = at;
    }
    const changed = await changeInsightStatus(services.db, id, action, { publishAt, actor, ipAddress });
    return changed.ok ? changed : { ...changed, fields: action === "schedule" ? { publishAt: changed.message } : undefined, values };
  },
  readInput: readInsightInput,
  // Pictures are stored only once the fields passed.
  async create({ services, input, files, actor, ipAddress }) {
    const withImages = await withPictures(services.storage, input, files);
    return withImages.ok ? createInsight(services.db, withImages.input, actor, ipAddress) : withImages;
  },
  async save({ services, id, revision, input, files, actor, ipAddress, publish }) {
    const withImages = await withPictures(services.storage, input, files);
    return withImages.ok ? saveInsight(services.db, id, revision, withImages.input, actor, ipAddress, publish) : withImages;
  },
  // Pictures inside the article stay as they are: a deleted one shows as its alt text.
  async withoutMissingFiles({ storage }, data) {
    const social = await withoutMissingSocialImage(storage, data);
    if (social.data.image === null || (await isImageStored(storage, social.data.image))) return social;
    return { data: { ...social.data, image: null }, missing: ["The banner image", ...social.missing] };
  },
};
