import type { UploadedFile } from "#app/features/forms/read-form.server.ts";
import { imageUploadRule, isImageStored, storeImage } from "#app/features/images/images.server.ts";
import { SOCIAL_IMAGE_FIELD } from "#app/features/seo/seo-fields.ts";
import { caseStudyFormRules } from "#app/features/staff/case-studies/case-study-form.tsx";
import { COVER_FIELD, readCaseStudyInput, SCREENSHOT_SLOTS, screenshotField, type CaseStudyInput } from "#app/features/staff/case-studies/case-study-rules.ts";
import { CASE_STUDY_ACTIONS, type CaseStudyAction } from "#app/features/staff/case-studies/case-study-status.ts";
import {
  caseStudyContent,
  caseStudyData,
  caseStudyForEdit,
  changeCaseStudyStatus,
  createCaseStudy,
  saveCaseStudy,
  type CaseStudyAdminRow,
  type CaseStudyData,
  type NewPictures,
} from "#app/features/staff/case-studies/case-studies-admin.server.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";
import { withoutMissingSocialImage } from "#app/features/staff/publishing/seo-fields.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";

const screenshotFields = Array.from({ length: SCREENSHOT_SLOTS }, (_, slot) => screenshotField(slot));

/** How the server reads the case study forms: their fields, and the cover, the social image and each screenshot through the image pipeline's checks. */
const caseStudyFormReadRules = {
  ...caseStudyFormRules,
  upload: { ...imageUploadRule(COVER_FIELD), moreFields: [SOCIAL_IMAGE_FIELD, ...screenshotFields], maxFiles: 2 + SCREENSHOT_SLOTS },
};

type Refused = { ok: false; status: number; message: string; fields: Record<string, string> };

/** Stores each picture chosen in the form, by its place; the first refusal is said beside its field. Called after the fields passed. */
async function storedPictures(storage: FileStorage, files: UploadedFile[]): Promise<{ ok: true; pictures: NewPictures } | Refused> {
  const pictures: NewPictures = { screenshots: new Map() };
  for (const file of files) {
    const stored = await storeImage(storage, file.bytes, `The picture "${file.name}"`);
    if (!stored.ok) return { ...stored, fields: { [file.field]: stored.message } };
    const picture = { src: stored.src, width: stored.width, height: stored.height };
    if (file.field === COVER_FIELD) pictures.cover = picture;
    else if (file.field === SOCIAL_IMAGE_FIELD) pictures.socialImage = stored.src;
    else pictures.screenshots.set(screenshotFields.indexOf(file.field), picture);
  }
  return { ok: true, pictures };
}

/** A case study on its new and edit pages (the pages' loader and actions are the publishing core's). */
export const caseStudyEditor: ContentEditor<CaseStudyAdminRow, CaseStudyAction, CaseStudyInput, CaseStudyAdminRow, CaseStudyData> = {
  area: "caseStudies",
  content: caseStudyContent,
  basePath: "/staff/case-studies",
  notFound: "There is no such case study.",
  listPath: "/staff/case-studies",
  formRules: caseStudyFormReadRules,
  load: caseStudyForEdit,
  statusActions: CASE_STUDY_ACTIONS,
  changeStatus: ({ services, id, action, actor, ipAddress }) => changeCaseStudyStatus(services.db, id, action, actor, ipAddress),
  readInput: (values, files) => readCaseStudyInput(values, new Set(files.map((file) => file.field))),
  async create({ services, input, files, actor, ipAddress }) {
    const stored = await storedPictures(services.storage, files);
    if (!stored.ok) return stored;
    return createCaseStudy(services.db, caseStudyData(input, stored.pictures, { cover: null, screenshots: [], socialImage: null }), actor, ipAddress);
  },
  async save({ services, id, revision, input, files, actor, ipAddress, publish }) {
    const stored = await storedPictures(services.storage, files);
    if (!stored.ok) return stored;
    const data = (working: CaseStudyData) => caseStudyData(input, stored.pictures, working);
    return saveCaseStudy(services.db, { id, shownRevision: revision, data, publish, actor, ipAddress });
  },
  // A picture deleted since is left out, and the answer names it.
  async withoutMissingFiles({ storage }, data) {
    const social = await withoutMissingSocialImage(storage, data);
    const missing = [...social.missing];
    const cover = social.data.cover && (await isImageStored(storage, social.data.cover.src)) ? social.data.cover : null;
    if (social.data.cover && !cover) missing.push("The cover");
    const screenshots = [];
    for (const shot of social.data.screenshots) if (await isImageStored(storage, shot.src)) screenshots.push(shot);
    if (screenshots.length < social.data.screenshots.length) missing.push("a screenshot");
    return { data: { ...social.data, cover, screenshots }, missing };
  },
};
