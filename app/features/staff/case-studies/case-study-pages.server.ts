import { caseStudyHref } from "#app/content/case-studies.ts";
import { caseStudySections } from "#app/content/case-study-page.ts";
import { isoToday, toCaseStudy } from "#app/features/case-studies/case-studies.server.ts";
import { caseStudyJsonLd } from "#app/features/seo/structured-data.ts";
import { listCaseStudiesForStaff } from "#app/features/staff/case-studies/case-studies-admin.server.ts";
import { caseStudyEditor } from "#app/features/staff/case-studies/case-study-editor.server.ts";
import { caseStudyFormValues } from "#app/features/staff/case-studies/case-study-form.tsx";
import { CASE_STUDY_STATUSES } from "#app/features/staff/case-studies/case-study-status.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { createAction, editAction, kindPages, loadForEdit, type PageArgs } from "#app/features/staff/publishing/content-edit.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The loaders and actions of the case study pages; the shared content routes
 * call them for addresses under /staff/case-studies (app/routes/staff.content.*).
 */

export const loadCaseStudyList = (args: PageArgs) =>
  loadStaffList(args, "caseStudies", CASE_STUDY_STATUSES, (db, query) => listCaseStudiesForStaff(db, query, query.cursor));

export function loadNewCaseStudy({ request, context }: PageArgs) {
  requireStaff(context, request, "caseStudies");
  return {};
}

/** The edit page: the working copy in the form, which may hold changes visitors do not see yet. */
export async function loadCaseStudyForEdit(args: PageArgs) {
  const { item: study, working, pending, scheduled, draftSchedulable, created } = await loadForEdit(args, caseStudyEditor);
  return {
    id: study.id,
    title: study.title,
    status: study.status,
    publishedOn: study.publishedOn,
    publicPath: caseStudyHref(study),
    revision: study.revision,
    values: caseStudyFormValues(working),
    cover: working.cover,
    screenshots: working.screenshots,
    socialImage: working.socialImage,
    pending,
    scheduled,
    draftSchedulable,
    basePath: caseStudyEditor.basePath,
    created,
  };
}

/** The study as its public page draws it, with the working copy's changes: only for staff, never cached. */
export async function loadCaseStudyPreview(args: PageArgs) {
  const { item: row, working, pending } = await loadForEdit(args, caseStudyEditor);
  const { env } = await servicesOf(args.context);
  // A draft previews with today's date, the one publishing now would give it.
  const study = toCaseStudy({ ...working, publishedOn: row.publishedOn }, isoToday());
  return {
    id: row.id,
    title: study.title,
    status: row.status,
    pending: pending.length > 0,
    sections: caseStudySections(study),
    jsonLd: caseStudyJsonLd(study, env.SITE_URL),
  };
}

export const caseStudyPages = kindPages(
  "case-studies",
  { list: loadCaseStudyList, newItem: loadNewCaseStudy, edit: loadCaseStudyForEdit, preview: loadCaseStudyPreview },
  { create: (args: PageArgs) => createAction(args, caseStudyEditor), save: (args: PageArgs) => editAction(args, caseStudyEditor) },
);
