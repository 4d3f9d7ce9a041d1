import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { caseStudyEditor } from "#app/features/staff/case-studies/case-study-editor.server.ts";
import { editionEditor } from "#app/features/staff/events/edition-editor.server.ts";
import { insightEditor } from "#app/features/staff/insights/insight-editor.server.ts";
import { jobEditor } from "#app/features/staff/jobs/job-editor.server.ts";
import { pageEditor } from "#app/features/staff/pages/page-editor.server.ts";
import { proofEditors } from "#app/features/staff/proof/proof-editor.server.ts";
import { changeOf, loadForEdit, type ContentEditor, type PageArgs } from "#app/features/staff/publishing/content-edit.server.ts";
import { contentKindAt } from "#app/features/staff/publishing/content-kinds.ts";
import { compareRevisions } from "#app/features/staff/publishing/revision-diff.server.ts";
import { restoreRevision, revisionData, revisionsOf, type ContentData } from "#app/features/staff/publishing/revisions.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { staffTimeZone } from "#app/features/staff/staff-time.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import type { SiteFacts } from "#app/content/site-facts.ts";
import { readSiteFacts, SITE_FACTS_ID, siteFactsContent, type SiteFactsInForce } from "#app/features/site-facts/site-facts.server.ts";

/*
 * The history page every content type shares (and the site facts): its revisions with who and
 * when, what changed between any two, and a restore of any one as a draft.
 */

/** Where the site facts' history is (routes.ts registers the shared history route there). */
export const SITE_FACTS_HISTORY_PATH = "/staff/site/history";

const restoreForm = { name: "staff-content-restore", fields: ["intent", "number"], labels: { intent: "Action", number: "Revision" } };

/** A revision number from the address or a form, or null. */
const revisionNumber = (value: string | null | undefined): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * What the history of an item needs of its owner: who may see it, how it is
 * read, its versions, where its form is, and (for a kind with files) what a
 * restore leaves out. Every content kind's editor has it; so do the site facts.
 */
type HistoryOwner<Item extends Row, Row extends { revision: number }, Data extends ContentData> = Pick<
  ContentEditor<Item, string, unknown, Row, Data>,
  "area" | "notFound" | "load" | "content" | "withoutMissingFiles"
> & { editPath: (id: number) => string };

/** A content kind's editor as the owner of its items' histories: its form is at `${basePath}/${id}`. */
const kindHistory = <Item extends Row, Action extends string, Input, Row extends { revision: number }, Data extends ContentData>(
  editor: ContentEditor<Item, Action, Input, Row, Data>,
): HistoryOwner<Item, Row, Data> => ({ ...editor, editPath: (id) => `${editor.basePath}/${id}` });

/** The site facts' history, at /staff/site/history: one set, whose form is /staff/site. */
const siteFactsHistory: HistoryOwner<SiteFactsInForce, SiteFactsInForce, SiteFacts> = {
  area: "siteFacts",
  notFound: "There are no such site facts.",
  content: siteFactsContent,
  load: (db) => readSiteFacts(db),
  editPath: () => "/staff/site",
};

/** The site facts' pages have no id in their address: theirs is the one set. */
const withSiteFactsId = (args: PageArgs): PageArgs => ({ ...args, params: { id: String(SITE_FACTS_ID) } });

async function historyOf<Item extends Row, Row extends { revision: number }, Data extends ContentData>(
  args: PageArgs,
  editor: HistoryOwner<Item, Row, Data>,
  title: (item: Item) => string,
) {
  const { item, db } = await loadForEdit(args, editor);
  const id = parseRecordId(args.params.id)!;
  const user = requireStaff(args.context, args.request, editor.area);
  const revisions = await revisionsOf(db, editor.content.type, id);
  const numbers = revisions.map((revision) => revision.number);
  const pick = (name: string, fallback: number | undefined) => {
    const asked = revisionNumber(args.url.searchParams.get(name));
    return asked !== null && numbers.includes(asked) ? asked : fallback;
  };
  const to = pick("to", numbers[0]);
  const from = pick("from", numbers.find((number) => to !== undefined && number < to) ?? to);
  const compared = from !== undefined && to !== undefined ? await revisionData(db, editor.content.type, id, [from, to]) : new Map<number, ContentData>();
  const differences =
    from !== undefined && to !== undefined
      ? compareRevisions(editor.content.fields, compared.get(from) ?? {}, compared.get(to) ?? {}, await staffTimeZone(db, user))
      : [];
  return { id, title: title(item) || "Untitled", noun: editor.content.noun, editPath: editor.editPath(id), revisions, from, to, differences };
}

async function restoreIn<Item extends Row, Row extends { revision: number }, Data extends ContentData>(args: PageArgs, editor: HistoryOwner<Item, Row, Data>) {
  const { services, id, actor, ipAddress } = await changeOf(args, editor);
  const { request, context } = args;
  try {
    const { values } = await readStaffForm(request, context, services, restoreForm);
    const number = revisionNumber(values.number);
    if (values.intent !== "restore" || number === null)
      return formError(400, "This form asked for something the page does not do. Reload the page and try again.");
    const restored = await restoreRevision(services.db, editor.content, {
      id,
      number,
      actor,
      ipAddress,
      withoutMissingFiles: (data) => editor.withoutMissingFiles?.(services, data) ?? Promise.resolve({ data, missing: [] }),
    });
    if (!restored.ok) return formError(restored.status, restored.message);
    services.content.nudge();
    return { status: "success", messages: [restored.message] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export function loadHistory(args: PageArgs) {
  if (args.url.pathname === SITE_FACTS_HISTORY_PATH) return historyOf(withSiteFactsId(args), siteFactsHistory, () => "Site facts");
  const kind = contentKindAt(args.url.pathname);
  switch (kind) {
    case "jobs":
      return historyOf(args, kindHistory(jobEditor), (job) => job.title);
    case "insights":
      return historyOf(args, kindHistory(insightEditor), (insight) => insight.title ?? "");
    case "events/editions":
      return historyOf(args, kindHistory(editionEditor), (edition) => edition.title);
    case "pages":
      return historyOf(args, kindHistory(pageEditor), (page) => page.path);
    case "case-studies":
      return historyOf(args, kindHistory(caseStudyEditor), (study) => study.title);
    case "people":
    case "testimonials":
    case "logos":
      return historyOf(args, kindHistory(proofEditors[kind]), (item) => String(item.name ?? ""));
  }
}

export function restoreFromHistory(args: PageArgs) {
  if (args.url.pathname === SITE_FACTS_HISTORY_PATH) return restoreIn(withSiteFactsId(args), siteFactsHistory);
  const kind = contentKindAt(args.url.pathname);
  switch (kind) {
    case "jobs":
      return restoreIn(args, kindHistory(jobEditor));
    case "insights":
      return restoreIn(args, kindHistory(insightEditor));
    case "events/editions":
      return restoreIn(args, kindHistory(editionEditor));
    case "pages":
      return restoreIn(args, kindHistory(pageEditor));
    case "case-studies":
      return restoreIn(args, kindHistory(caseStudyEditor));
    case "people":
    case "testimonials":
    case "logos":
      return restoreIn(args, kindHistory(proofEditors[kind]));
  }
}
