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

/*
 * The history page every content type shares: its revisions with who and
 * when, what changed between any two, and a restore of any one as a draft.
 */

const restoreForm = { name: "staff-content-restore", fields: ["intent", "number"], labels: { intent: "Action", number: "Revision" } };

/** A revision number from the address or a form, or null. */
const revisionNumber = (value: string | null | undefined): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

async function historyOf<Item extends Row, Action extends string, Input, Row extends { revision: number }, Data extends ContentData>(
  args: PageArgs,
  editor: ContentEditor<Item, Action, Input, Row, Data>,
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
  return { id, title: title(item) || "Untitled", noun: editor.content.noun, basePath: editor.basePath, revisions, from, to, differences };
}

async function restoreIn<Item extends Row, Action extends string, Input, Row extends { revision: number }, Data extends ContentData>(
  args: PageArgs,
  editor: ContentEditor<Item, Action, Input, Row, Data>,
) {
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
  const kind = contentKindAt(args.url.pathname);
  switch (kind) {
    case "jobs":
      return historyOf(args, jobEditor, (job) => job.title);
    case "insights":
      return historyOf(args, insightEditor, (insight) => insight.title ?? "");
    case "events/editions":
      return historyOf(args, editionEditor, (edition) => edition.title);
    case "pages":
      return historyOf(args, pageEditor, (page) => page.path);
    case "case-studies":
      return historyOf(args, caseStudyEditor, (study) => study.title);
    case "people":
    case "testimonials":
    case "logos":
      return historyOf(args, proofEditors[kind], (item) => String(item.name ?? ""));
  }
}

export function restoreFromHistory(args: PageArgs) {
  const kind = contentKindAt(args.url.pathname);
  switch (kind) {
    case "jobs":
      return restoreIn(args, jobEditor);
    case "insights":
      return restoreIn(args, insightEditor);
    case "events/editions":
      return restoreIn(args, editionEditor);
    case "pages":
      return restoreIn(args, pageEditor);
    case "case-studies":
      return restoreIn(args, caseStudyEditor);
    case "people":
    case "testimonials":
    case "logos":
      return restoreIn(args, proofEditors[kind]);
  }
}
