import { caseStudyChoices } from "#app/features/proof/case-study-choices.server.ts";
import { listProof, proofTitle } from "#app/features/proof/proof-content.server.ts";
import { emptyProofData, proofDeclarations, solutionPageChoices, solutionPageField, type ProofData, type ProofKind } from "#app/features/proof/proof-kinds.ts";
import { PROOF_STATUSES } from "#app/features/proof/proof-status.ts";
import { previewBlock } from "#app/features/proof/proof-blocks.server.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { proofEditors } from "#app/features/staff/proof/proof-editor.server.ts";
import { createAction, editAction, kindPages, loadForEdit, type PageArgs } from "#app/features/staff/publishing/content-edit.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { changedFields } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The loaders and actions of the people, testimonials and client logos pages;
 * the shared content routes call them for addresses under /staff/people,
 * /staff/testimonials and /staff/logos (app/routes/staff.content.*).
 */

/** The working copy as the form shows it: text as typed, a ticked box as "on", the pictures apart. */
function formValues(kind: ProofKind, data: ProofData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of proofDeclarations[kind].fields) {
    const value = data[field.key];
    if (field.input === "paths")
      solutionPageChoices.forEach((page, index) => (values[solutionPageField(index)] = Array.isArray(value) && value.includes(page.path) ? page.path : ""));
    else if (field.input === "demo") values[field.key] = value === true ? "on" : "";
    else if (field.input !== "image") values[field.key] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

/** The pictures of the working copy, by field, for the form to show. */
const picturesOf = (kind: ProofKind, data: ProofData) =>
  Object.fromEntries(
    proofDeclarations[kind].fields
      .filter((field) => field.input === "image")
      .map((field) => [field.key, (data[field.key] as { src: string } | null | undefined)?.src ?? null]),
  );

/** What every form of a kind offers: the case studies a testimonial may be about. */
async function formChoices(db: Database) {
  return { caseStudies: await caseStudyChoices(db) };
}

function proofPages<Kind extends ProofKind>(kind: Kind) {
  const editor = proofEditors[kind];
  return kindPages(
    kind,
    {
      list: (args: PageArgs) => loadStaffList(args, kind, PROOF_STATUSES, (db, query) => listProof(db, kind, query, query.cursor)),
      async newItem({ request, context }: PageArgs) {
        requireStaff(context, request, kind);
        return { proofKind: kind, values: formValues(kind, emptyProofData(kind)), ...(await formChoices((await servicesOf(context)).db)) };
      },
      async edit(args: PageArgs) {
        const { item, db, working, pending, scheduled, draftSchedulable, created } = await loadForEdit(args, editor);
        return {
          proofKind: kind,
          id: item.id,
          title: proofTitle(kind, working),
          status: item.status,
          revision: item.revision,
          values: formValues(kind, working),
          pictures: picturesOf(kind, working),
          pending,
          scheduled,
          draftSchedulable,
          created,
          ...(await formChoices(db)),
        };
      },
      /** The item as its block's card draws it, with the working copy's changes. */
      async preview(args: PageArgs) {
        const { item, working } = await loadForEdit(args, editor);
        const section = await previewBlock(await servicesOf(args.context), kind, { id: item.id, ...working });
        return {
          proofKind: kind,
          id: item.id,
          title: proofTitle(kind, working),
          status: item.status,
          pending: changedFields(editor.content.dataOf(item), working).length > 0,
          section,
        };
      },
    },
    { create: (args: PageArgs) => createAction(args, editor), save: (args: PageArgs) => editAction(args, editor) },
  );
}

export const proofPagesByKind = { people: proofPages("people"), testimonials: proofPages("testimonials"), logos: proofPages("logos") };
