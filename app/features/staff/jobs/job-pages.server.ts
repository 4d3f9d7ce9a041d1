import { jobEditor } from "#app/features/staff/jobs/job-editor.server.ts";
import { closingDateValue } from "#app/features/staff/jobs/job-rules.ts";
import { JOB_STATUSES } from "#app/features/staff/jobs/job-status.ts";
import { jobColumnsOf, listJobs, type JobData } from "#app/features/staff/jobs/jobs-admin.server.ts";
import type { JobFormValues } from "#app/features/staff/jobs/job-form.tsx";
import { toJobView } from "#app/features/careers/job-view.server.ts";
import { jobPostingJsonLd } from "#app/features/careers/job-posting.server.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { jobPath } from "#app/features/careers/jobs.server.ts";
import { seoFormValues } from "#app/features/seo/seo-fields.ts";
import { questionFormValues } from "#app/features/careers/job-questions.ts";
import { createAction, editAction, kindPages, loadForEdit, type PageArgs } from "#app/features/staff/publishing/content-edit.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";

/*
 * The loaders and actions of the job pages; the shared content routes call
 * them for addresses under /staff/jobs (app/routes/staff.content.*).
 */

export const loadJobList = (args: PageArgs) => loadStaffList(args, "jobs", JOB_STATUSES, (db, query) => listJobs(db, query, query.cursor));

export function loadNewJob({ request, context }: PageArgs) {
  requireStaff(context, request, "jobs");
  return {};
}

export const createJobFromForm = (args: PageArgs) => createAction(args, jobEditor);

/** The working copy as the form shows it (it may hold changes visitors do not see yet). */
function formValues(job: JobData): JobFormValues {
  return {
    title: job.title,
    department: job.department ?? "",
    jobType: job.jobType ?? "",
    location: job.location ?? "",
    workplace: job.workplace,
    salaryMin: job.salaryMin === null ? "" : String(job.salaryMin),
    salaryMax: job.salaryMax === null ? "" : String(job.salaryMax),
    salaryCurrency: job.salaryCurrency ?? "",
    salaryPeriod: job.salaryPeriod ?? "YEAR",
    closesAt: closingDateValue(job.closesAt === null ? null : new Date(job.closesAt)),
    description: job.description,
    ...questionFormValues(job.questions),
    ...seoFormValues(job),
  };
}

export async function loadJobForEdit(args: PageArgs) {
  const { item: job, working, pending, scheduled, draftSchedulable, created } = await loadForEdit(args, jobEditor);
  return {
    id: job.id,
    title: job.title,
    status: job.effectiveStatus,
    applications: job.applications,
    revision: job.revision,
    updatedAt: job.updatedAt,
    changedAt: job.changedAt,
    values: formValues(working),
    pending,
    scheduled,
    draftSchedulable,
    publicPath: jobPath(job),
    numberPath: jobPath({ id: job.id }),
    socialImage: working.socialImage,
    basePath: jobEditor.basePath,
    created,
  };
}

export const editJob = (args: PageArgs) => editAction(args, jobEditor);

/**
 * The job as its public page will draw it once published, with the JobPosting
 * data job search engines will read: only for staff, never cached.
 */
export async function loadJobPreview(args: PageArgs) {
  const { item: job, working, pending } = await loadForEdit(args, jobEditor);
  const services = await servicesOf(args.context);
  const { env } = services;
  // The working copy, with changes not yet published; a draft previews as the open job it will become.
  const asPublished = { ...job, ...jobColumnsOf(working), ...(job.effectiveStatus === "draft" ? { status: "open" } : {}) };
  return {
    id: job.id,
    status: job.effectiveStatus,
    pending: pending.length > 0,
    view: toJobView(asPublished, env.SITE_URL),
    questions: working.questions,
    jsonLd: jobPostingJsonLd(asPublished, env.SITE_URL, new Date(), (await siteFactsFor(services)).facts.address),
  };
}

export const jobPages = kindPages(
  "jobs",
  { list: loadJobList, newItem: loadNewJob, edit: loadJobForEdit, preview: loadJobPreview },
  { create: createJobFromForm, save: editJob },
);
