import { jobFormRules } from "#app/features/staff/jobs/job-form.tsx";
import { readJobInput, type JobInput } from "#app/features/staff/jobs/job-rules.ts";
import type { JobAction } from "#app/features/staff/jobs/job-status.ts";
import { changeJobStatus, createJob, jobContent, jobForEdit, saveJob, type JobData, type JobForEdit } from "#app/features/staff/jobs/jobs-admin.server.ts";
import type { JobRow } from "#app/features/careers/jobs.server.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";

/** A job on its edit page (the page's loader and action are the publishing core's). */
export const jobEditor: ContentEditor<JobForEdit, JobAction, JobInput, JobRow, JobData> = {
  area: "jobs",
  content: jobContent,
  basePath: "/staff/jobs",
  notFound: "There is no such job.",
  listPath: "/staff/jobs",
  formRules: jobFormRules,
  load: jobForEdit,
  statusActions: ["publish", "close", "reopen", "delete"],
  changeStatus: ({ services, id, action, actor, ipAddress }) => changeJobStatus(services.db, id, action, actor, ipAddress),
  readInput: readJobInput,
  create: ({ services, input, actor, ipAddress }) => createJob(services.db, input, actor, ipAddress),
  save: ({ services, id, revision, input, actor, ipAddress, publish }) => saveJob(services.db, id, revision, input, actor, ipAddress, publish),
};
