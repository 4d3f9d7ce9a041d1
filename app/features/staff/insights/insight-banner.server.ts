import type { UploadedFile } from "#app/features/forms/read-form.server.ts";
import { imageUploadRule, storeImage } from "#app/features/images/images.server.ts";
import { insightFormRules } from "#app/features/staff/insights/insight-form.tsx";
import type { InsightInput } from "#app/features/staff/insights/insight-rules.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";
import { SOCIAL_IMAGE_FIELD } from "#app/features/seo/seo-fields.ts";

const BANNER_FIELD = "banner";

/** How the server reads the insight forms: their fields, and the banner and the social image as files. */
export const insightFormReadRules = { ...insightFormRules, upload: { ...imageUploadRule(BANNER_FIELD), moreFields: [SOCIAL_IMAGE_FIELD], maxFiles: 2 } };

/**
 * The input with the uploaded banner stored and named, when one came with the
 * form; otherwise as it was (keep, or remove when asked). Called after the
 * fields were checked, so a refused form stores no picture.
 */
export async function withBanner(
  storage: FileStorage,
  input: InsightInput,
  files: UploadedFile[],
): Promise<{ ok: true; input: InsightInput } | { ok: false; status: number; message: string }> {
  const file = files.find((candidate) => candidate.field === BANNER_FIELD);
  if (!file) return { ok: true, input };
  const stored = await storeImage(storage, file.bytes, `The banner "${file.name}"`);
  return stored.ok ? { ok: true, input: { ...input, image: stored.src } } : stored;
}
