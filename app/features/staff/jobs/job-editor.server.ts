import { jobFormRules } from "#app/features/staff/jobs/job-form.tsx";
import { readJobInput, type JobInput } from "#app/features/staff/jobs/job-rules.ts";
import type { JobAction } from "#app/features/staff/jobs/job-status.ts";
import { changeJobStatus, createJob, jobContent, jobForEdit, saveJob, type JobData, type JobForEdit } from "#app/features/staff/jobs/jobs-admin.server.ts";
import type { JobRow } from "#app/features/careers/jobs.server.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";
import { imageUploadRule } from "#app/features/images/images.server.ts";
import { SOCIAL_IMAGE_FIELD } from "#app/features/seo/seo-fields.ts";
import { withoutMissingSocialImage, withSocialImage } from "#app/features/staff/publishing/seo-fields.server.ts";

/** A job on its edit page (the page's loader and action are the publishing core's). */
export const jobEditor: ContentEditor<JobForEdit, JobAction, JobInput, JobRow, JobData> = {
  area: "jobs",
  content: jobContent,
  basePath: "/staff/jobs",
  notFound: "There is no such job.",
  listPath: "/staff/jobs",
  formRules: { ...jobFormRules, upload: imageUploadRule(SOCIAL_IMAGE_FIELD) },
  load: jobForEdit,
  statusActions: ["publish", "close", "reopen", "delete"],
  changeStatus: ({ services, id, action, actor, ipAddress }) => changeJobStatus(services.db, id, action, actor, ipAddress),
  readInput: readJobInput,
  // A social image is stored only once the fields passed.
  async create({ services, input, files, actor, ipAddress }) {
    const withImage = await withSocialImage(services.storage, input, files);
    return withImage.ok ? createJob(services.db, withImage.input, actor, ipAddress) : withImage;
  },
  async save({ services, id, revision, input, files, actor, ipAddress, publish }) {
    const withImage = await withSocialImage(services.storage, input, files);
    return withImage.ok ? saveJob(services.db, id, revision, withImage.input, actor, ipAddress, publish) : withImage;
  },
  withoutMissingFiles: ({ storage }, data) => withoutMissingSocialImage(storage, data),
};
