import { data } from "react-router";
import { pageToShow } from "#app/content/pages/index.ts";
import { publishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { blockDeclaration, blockValues, pickOf, type PageData } from "#app/features/site-pages/page-blocks.ts";
import { proofChoices } from "#app/features/proof/proof-content.server.ts";
import type { ProofKind } from "#app/features/proof/proof-kinds.ts";
import type { PickChoices } from "#app/features/staff/pages/block-fields.tsx";
import type { Database } from "#app/platform/db/client.server.ts";
import { listSitePages, pageContent, pageFrom } from "#app/features/site-pages/site-pages.server.ts";
import { withPickedProof } from "#app/features/proof/proof-blocks.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { pageEditor } from "#app/features/staff/pages/page-editor.server.ts";
import { editAction, kindPages, loadForEdit, type PageArgs } from "#app/features/staff/publishing/content-edit.server.ts";
import { changedFields } from "#app/features/staff/publishing/revisions.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The loaders and actions of the pages' staff pages; the shared content
 * routes call them for addresses under /staff/pages (app/routes/staff.content.*).
 */

export async function loadPageList({ request, context }: PageArgs) {
  requireStaff(context, request, "pages");
  const { db } = await servicesOf(context);
  const pages = await listSitePages(db);
  return {
    pages: pages.map((page) => ({ id: page.id, path: page.path, title: page.title, edited: page.data !== null, changedAt: page.data ? page.changedAt : null })),
  };
}

/** Pages come with the site's routes: there is no page to make here. */
export function noNewPage(): never {
  throw data("Pages come with the site; there is no new one to make here.", { status: 404 });
}

/** The page's title and description, and its blocks as the form's fields. */
function formValues(page: PageData): Record<string, string> {
  return { title: page.title, description: page.description, ...blockValues(page.sections) };
}

/** The items each picking block may tick: the published ones, and any other the working copy's blocks pick. */
async function pickChoices(db: Database, page: PageData): Promise<PickChoices> {
  const picked = (kind: ProofKind) => page.sections.flatMap((section) => (blockDeclaration(section.kind)?.picks?.kind === kind ? pickOf(section).ids : []));
  return {
    people: await proofChoices(db, "people", picked("people")),
    testimonials: await proofChoices(db, "testimonials", picked("testimonials")),
    logos: await proofChoices(db, "logos", picked("logos")),
  };
}

export async function loadPageForEdit(args: PageArgs) {
  const { item: row, db, working, pending, scheduled } = await loadForEdit(args, pageEditor);
  return {
    id: row.id,
    path: row.path,
    title: working.title,
    revision: row.revision,
    values: formValues(working),
    pending,
    scheduled,
    basePath: pageEditor.basePath,
    edited: row.data !== null,
    changedAt: row.data ? row.changedAt : null,
    choices: await pickChoices(db, working),
  };
}

export const editPage = (args: PageArgs) => editAction(args, pageEditor);

/** The page as visitors will see it once its changes are published, with the site facts in force. */
export async function loadPagePreview(args: PageArgs) {
  const { item: row, working } = await loadForEdit(args, pageEditor);
  const services = await servicesOf(args.context);
  const page = pageToShow(
    await withPickedProof(services, pageFrom(row.path, working)),
    (await siteFactsFor(services)).facts,
    await publishedCaseStudies(services),
  );
  return { id: row.id, path: row.path, pending: changedFields(pageContent.dataOf(row), working).length > 0, page };
}

export const pagePages = kindPages(
  "pages",
  { list: loadPageList, newItem: noNewPage, edit: loadPageForEdit, preview: loadPagePreview },
  { create: noNewPage, save: editPage },
);
