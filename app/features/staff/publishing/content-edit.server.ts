import { data, redirect, type RouterContextProvider } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import type { UploadedFile } from "#app/features/forms/read-form.server.ts";
import type { StaffArea } from "#app/features/staff/roles.ts";
import { answerRejection, formError, readStaffForm, type StaffFormRules } from "#app/features/staff/staff-form.server.ts";
import { requireStaff, type StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * What the staff editors of published content (jobs, insights) share: the
 * edit page's loader and action, which fields an edit changed, and the answer
 * to an edit made on an old revision.
 */

/** The keys of `after` whose value differs from `before` (dates by their moment, arrays by their items). */
export function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const same = (a: unknown, b: unknown): boolean => {
    if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime() === (b as Date | null)?.getTime();
    if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
    return (a ?? null) === (b ?? null);
  };
  return Object.keys(now).filter((key) => !same(old[key], now[key]));
}

/** The refusal of a save made on a revision someone else has since replaced. */
export function staleRevision(what: string) {
  return {
    ok: false as const,
    status: 409,
    message: `Someone else saved this ${what} after you opened it. Your changes are not saved: copy what you need, reload the page to see their version, then make your changes again.`,
  };
}

type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string }; url: URL };

/** Who changes the item, and from where: for the audit log. */
type Change = { services: Services; id: number; actor: StaffUser; ipAddress: string };

/** A change the item's rules refused, with the sentence beside a field (`fields`) and what was typed (`values`) where the form wants them back. */
type Refusal = { ok: false; status: number; message: string; fields?: Record<string, string>; values?: Record<string, string> };

/**
 * One kind of published item as its edit page handles it: who may edit it,
 * how its form is read, its status changes and its save. The edit page's
 * loader and action (below) do the rest, the same for every kind.
 */
export type ContentEditor<Item, Action extends string, Input> = {
  /** The staff area whose roles may edit it. */
  area: StaffArea;
  /** The sentence of the 404 for an address that names no item. */
  notFound: string;
  /** The list a deleted item goes back to. */
  listPath: string;
  formRules: StaffFormRules;
  load: (db: Database, id: number) => Promise<Item | null>;
  /** The status changes its publishing buttons post; "delete" returns to the list. */
  statusActions: readonly Action[];
  changeStatus: (change: Change & { action: Action; values: Record<string, string> }) => Promise<{ ok: true; message: string } | Refusal>;
  readInput: (values: Record<string, string>) => { ok: true; input: Input } | { ok: false; errors: Record<string, string> };
  save: (change: Change & { revision: number; input: Input; files: UploadedFile[] }) => Promise<{ ok: true; message: string } | Refusal>;
};

/** The edit page's loader: the item (404 when there is none), and whether it was just created. */
export async function loadForEdit<Item>(
  { request, context, params, url }: PageArgs,
  editor: Pick<ContentEditor<Item, string, unknown>, "area" | "notFound" | "load">,
) {
  requireStaff(context, request, editor.area);
  const id = parseRecordId(params.id);
  const { db } = await servicesOf(context);
  const item = id === null ? null : await editor.load(db, id);
  if (!item) throw data(editor.notFound, { status: 404 });
  return { item, db, created: url.searchParams.get("done") === "created" };
}

/**
 * The edit page's action: a status change from the publishing section, or a
 * save of the content form at the revision it was opened at. Either one
 * tells the content watch at once, so this process shows the change without
 * waiting for its next look at the content version.
 */
export async function editAction<Item, Action extends string, Input>({ request, context, params }: PageArgs, editor: ContentEditor<Item, Action, Input>) {
  const actor = requireStaff(context, request, editor.area);
  const id = parseRecordId(params.id);
  if (id === null) throw data(editor.notFound, { status: 404 });
  const services = await servicesOf(context);
  const change: Change = { services, id, actor, ipAddress: clientAddressOf(context) };
  try {
    const { values, files } = await readStaffForm(request, context, services, editor.formRules);
    const action = editor.statusActions.find((candidate) => candidate === values.intent);
    if (action) {
      const changed = await editor.changeStatus({ ...change, action, values });
      if (!changed.ok) return formError(changed.status, changed.message, changed.fields, changed.values);
      services.content.nudge();
      if (action === "delete") return redirect(`${editor.listPath}?done=deleted`);
      return { status: "success", messages: [changed.message] } satisfies FormAnswer;
    }
    if (values.intent !== "save") return formError(400, "This form asked for something the page does not do. Reload the page and try again.");
    const read = editor.readInput(values);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const revision = Number(values.revision);
    if (!Number.isInteger(revision)) return formError(400, "Reload the page and make your changes again: the form was incomplete.", undefined, values);
    const saved = await editor.save({ ...change, revision, input: read.input, files });
    if (!saved.ok) return formError(saved.status, saved.message, saved.fields, values);
    services.content.nudge();
    return { status: "success", messages: [saved.message] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}
