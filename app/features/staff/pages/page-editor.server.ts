import { blockArrangement, pageFieldLabels, pageFieldNames, pageMultilineNames, readBlocks, type PageData } from "#app/features/site-pages/page-blocks.ts";
import { loadSitePage, pageContent, type SitePageRow } from "#app/features/site-pages/site-pages.server.ts";
import { PAGE_DESCRIPTION_MAX, PAGE_TITLE_MAX } from "#app/features/staff/pages/page-limits.ts";
import type { ContentEditor } from "#app/features/staff/publishing/content-edit.server.ts";
import { saveContent } from "#app/features/staff/publishing/revisions.server.ts";

/*
 * A page of the site on its edit page (decision 061): its title and
 * description for search engines, and its blocks. A page is always public,
 * so a save either publishes or is kept as a draft; moving, adding and
 * removing a block is kept as a draft. Pages are made by the code's routes,
 * not here: none is created or deleted.
 */

/** The page's fields from its form, or the sentence beside each field that is wrong. */
export function readPageInput(values: Record<string, string>): { ok: true; input: PageData } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const title = (values.title ?? "").trim();
  const description = (values.description ?? "").replace(/\s+/g, " ").trim();
  if (!title) errors.title = "Give the page a title: browsers and search results show it.";
  else if (title.length > PAGE_TITLE_MAX) errors.title = `The title is ${title.length} characters long; search results show about ${PAGE_TITLE_MAX}.`;
  if (!description) errors.description = "Give the page a description: search results show it under the title.";
  else if (description.length > PAGE_DESCRIPTION_MAX)
    errors.description = `The description is ${description.length} characters long; search results show about ${PAGE_DESCRIPTION_MAX}.`;
  const blocks = readBlocks(values);
  if (!blocks.ok) Object.assign(errors, blocks.errors);
  if (Object.keys(errors).length > 0 || !blocks.ok) return { ok: false, errors };
  return { ok: true, input: { title, description, sections: blocks.sections } };
}

export const pageEditor: ContentEditor<SitePageRow, never, PageData, SitePageRow, PageData> = {
  area: "pages",
  content: pageContent,
  basePath: "/staff/pages",
  notFound: "There is no such page.",
  listPath: "/staff/pages",
  formRules: {
    name: "staff-page",
    fields: ["intent", "revision", "title", "description", "blocks", "newBlock", ...pageFieldNames],
    labels: { title: "Title", description: "Description", blocks: "Blocks", newBlock: "Block to add", ...pageFieldLabels },
    multiline: ["description", ...pageMultilineNames],
    maxBytes: 512 * 1024,
  },
  load: loadSitePage,
  statusActions: [],
  changeStatus: () => Promise.resolve({ ok: false, status: 400, message: "A page of the site is always published." }),
  readInput: readPageInput,
  create: () => Promise.resolve({ ok: false, status: 404, message: "Pages come with the site; there is no new one to make here." }),
  save: ({ services, id, revision, input, actor, ipAddress, publish }) =>
    saveContent(services.db, pageContent, { id, shownRevision: revision, data: () => input, publish, actor, ipAddress }),
  arrange: (intent, values) => {
    const arrangement = blockArrangement(intent, values.newBlock);
    if (!arrangement) return null;
    return (input) => {
      const arranged = arrangement(input.sections);
      return arranged.ok ? { ok: true, input: { ...input, sections: arranged.sections }, message: arranged.message } : arranged;
    };
  },
};
