import { SERIES_PAGE } from "#app/features/events/event-page.server.ts";
import { sitePageAt } from "#app/features/site-pages/site-pages.server.ts";
import { eventJsonLd } from "#app/features/events/event-json-ld.ts";
import { registeredCount, toEventView } from "#app/features/events/events.server.ts";
import { editionEditor } from "#app/features/staff/events/edition-editor.server.ts";
import { editionFormValues } from "#app/features/staff/events/edition-rules.ts";
import { EDITION_STATUSES } from "#app/features/staff/events/edition-status.ts";
import { editionColumnsOf, listEditions } from "#app/features/staff/events/editions-admin.server.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { createAction, editAction, kindPages, loadForEdit, type PageArgs } from "#app/features/staff/publishing/content-edit.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The loaders and actions of the event edition pages; the shared content
 * routes call them for addresses under /staff/events/editions.
 */

export const loadEditionList = (args: PageArgs) => loadStaffList(args, "eventEditions", EDITION_STATUSES, (db, query) => listEditions(db, query, query.cursor));

export function loadNewEdition({ request, context }: PageArgs) {
  requireStaff(context, request, "eventEditions");
  return {};
}

/** The edit page: the working copy in the form, which may hold changes visitors do not see yet. */
export async function loadEditionForEdit(args: PageArgs) {
  const { item: edition, working, pending, scheduled, draftSchedulable, created } = await loadForEdit(args, editionEditor);
  return {
    id: edition.id,
    title: edition.title,
    slug: edition.slug,
    status: edition.status,
    registrations: edition.registrations,
    startsAt: edition.startsAt,
    revision: edition.revision,
    values: editionFormValues({ ...edition, ...editionColumnsOf(working) }),
    pending,
    scheduled,
    draftSchedulable,
    basePath: editionEditor.basePath,
    created,
  };
}

/** The edition as its public page draws it, with the working copy's changes (a draft as it will look once published): only for staff, never cached. */
export async function loadEditionPreview(args: PageArgs) {
  const { item: edition, working, pending } = await loadForEdit(args, editionEditor);
  const { db, env } = await servicesOf(args.context);
  const event = toEventView({ ...edition, ...editionColumnsOf(working) }, await registeredCount(db, edition.id));
  return {
    id: edition.id,
    status: edition.status,
    pending: pending.length > 0,
    data: { page: (await sitePageAt(args.context, SERIES_PAGE))!, event, jsonLd: eventJsonLd(event, env.SITE_URL) },
  };
}

export const editionPages = kindPages(
  "events/editions",
  { list: loadEditionList, newItem: loadNewEdition, edit: loadEditionForEdit, preview: loadEditionPreview },
  { create: (args: PageArgs) => createAction(args, editionEditor), save: (args: PageArgs) => editAction(args, editionEditor) },
);
