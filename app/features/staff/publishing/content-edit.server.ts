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
import type { ContentKind } from "#app/features/staff/publishing/content-kinds.ts";
import { settleChanges, workingCopy, type ContentData, type VersionedContent } from "#app/features/staff/publishing/revisions.server.ts";
import { cancelScheduledChanges, scheduleChanges, scheduledChangesOf } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { instantFromLocalField } from "#app/features/zoned-time.ts";

/*
 * What the staff editors of every content type (jobs, insights, event
 * editions, pages) share: the new and edit pages' loaders and actions, with
 * saving, drafts of changes, their schedule and a page's block buttons.
 */

export type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string; kind?: string }; url: URL };

/** Who changes the item, and from where: for the audit log. */
type Change = { services: Services; id: number; actor: StaffUser; ipAddress: string };

/** A change the item's rules refused, with the sentence beside a field (`fields`) and what was typed (`values`) where the form wants them back. */
type Refusal = { ok: false; status: number; message: string; fields?: Record<string, string>; values?: Record<string, string> };

/**
 * One kind of published item as its edit page handles it: who may edit it,
 * how its form is read, its status changes and its save. The edit page's
 * loader and action (below) do the rest, the same for every kind.
 */
export type ContentEditor<Item extends Row, Action extends string, Input, Row extends { revision: number } = Item, Data extends ContentData = ContentData> = {
  /** The staff area whose roles may edit it. */
  area: StaffArea;
  /** Its versions on the content core. */
  content: VersionedContent<Row, Data>;
  /** Where its pages are: `${basePath}/${id}`, its preview and its history under that. */
  basePath: string;
  /** The sentence of the 404 for an address that names no item. */
  notFound: string;
  /** The list a deleted item goes back to. */
  listPath: string;
  formRules: StaffFormRules;
  load: (db: Database, id: number) => Promise<Item | null>;
  /** The status changes its publishing buttons post; "delete" returns to the list. */
  statusActions: readonly Action[];
  changeStatus: (change: Change & { action: Action; values: Record<string, string> }) => Promise<{ ok: true; message: string } | Refusal>;
  /** The form's input; `files` are the post's files, for a kind whose fields say a file was chosen. */
  readInput: (values: Record<string, string>, files: UploadedFile[]) => { ok: true; input: Input } | { ok: false; errors: Record<string, string> };
  /** Makes a new draft from the new-item form. */
  create: (change: Omit<Change, "id"> & { input: Input; files: UploadedFile[] }) => Promise<{ ok: true; id: number; message: string } | Refusal>;
  /** Saves the form; `publish` is false when a public item's changes are kept as a draft. */
  save: (
    change: Change & { revision: number; input: Input; files: UploadedFile[]; publish: boolean },
  ) => Promise<{ ok: true; message: string; revision?: number } | Refusal>;
  /**
   * For a kind with blocks: the form's input with its blocks rearranged as the
   * button `intent` asks (one moved, added or removed), kept as a draft; null
   * when `intent` is not such a button.
   */
  arrange?: (
    intent: string,
    values: Record<string, string>,
  ) => ((input: Input) => { ok: true; input: Input; message: string } | { ok: false; message: string }) | null;
  /** The data a restore brings back, without the files deleted since (named for the answer). */
  withoutMissingFiles?: (services: Services, data: Data) => Promise<{ data: Data; missing: string[] }>;
};

/**
 * The edit page's loader: the item (404 when there is none), its working copy
 * (what the form shows) with the labels of the fields visitors do not see yet,
 * and whether it was just created.
 */
export async function loadForEdit<Item extends Row, Row extends { revision: number }, Data extends ContentData>(
  { request, context, params, url }: PageArgs,
  editor: Pick<ContentEditor<Item, string, unknown, Row, Data>, "area" | "notFound" | "load" | "content">,
) {
  requireStaff(context, request, editor.area);
  const id = parseRecordId(params.id);
  const { db } = await servicesOf(context);
  const item = id === null ? null : await editor.load(db, id);
  if (!item || id === null) throw data(editor.notFound, { status: 404 });
  const working = await workingCopy(db, editor.content, id, item);
  const pending = editor.content.fields.filter((field) => working.pendingFields.includes(field.key)).map((field) => field.label);
  // A draft of a kind the core publishes at a time may be scheduled; a public item only once it has changes waiting.
  const draftSchedulable = !editor.content.isPublic(item) && editor.content.publishDraft !== undefined;
  const scheduled = pending.length > 0 || draftSchedulable ? await scheduledChangesOf(db, editor.content.type, id) : null;
  return { item, db, working: working.data, pending, scheduled, draftSchedulable, created: url.searchParams.get("done") === "created" };
}

/** Who changes which item, and from where, once their role is checked; an id that is not a number is a 404. */
export async function changeOf({ request, context, params }: Omit<PageArgs, "url">, editor: { area: StaffArea; notFound: string }): Promise<Change> {
  const actor = requireStaff(context, request, editor.area);
  const id = parseRecordId(params.id);
  if (id === null) throw data(editor.notFound, { status: 404 });
  return { services: await servicesOf(context), id, actor, ipAddress: clientAddressOf(context) };
}

/** The new-item page's action: a draft made from the form, then its edit page. */
export async function createAction<Item extends Row, Action extends string, Input, Row extends { revision: number }, Data extends ContentData>(
  { request, context }: PageArgs,
  editor: ContentEditor<Item, Action, Input, Row, Data>,
) {
  const actor = requireStaff(context, request, editor.area);
  const services = await servicesOf(context);
  try {
    const { values, files } = await readStaffForm(request, context, services, editor.formRules);
    const read = editor.readInput(values, files);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const created = await editor.create({ services, actor, ipAddress: clientAddressOf(context), input: read.input, files });
    if (!created.ok) return formError(created.status, created.message, created.fields, values);
    return redirect(`${editor.basePath}/${created.id}?done=created`);
  } catch (error) {
    return answerRejection(error);
  }
}

const settling = { "publish-changes": "publish", "discard-changes": "discard" } as const;

/** The publishing section's schedule form posts these beside any type's own fields. */
const SCHEDULE_FIELDS = ["publishAt", "timeZone"];

/**
 * The edit page's action: a status change from the publishing section, or a
 * save of the content form at the revision it was opened at. Either one
 * tells the content watch at once, so this process shows the change without
 * waiting for its next look at the content version.
 */
export async function editAction<Item extends Row, Action extends string, Input, Row extends { revision: number }, Data extends ContentData>(
  { request, context, params }: PageArgs,
  editor: ContentEditor<Item, Action, Input, Row, Data>,
) {
  const change = await changeOf({ request, context, params }, editor);
  const { services } = change;
  try {
    const rules = { ...editor.formRules, fields: [...new Set([...editor.formRules.fields, ...SCHEDULE_FIELDS])] };
    const { values, files } = await readStaffForm(request, context, services, rules);
    const action = editor.statusActions.find((candidate) => candidate === values.intent);
    if (action) {
      const changed = await editor.changeStatus({ ...change, action, values });
      if (!changed.ok) return formError(changed.status, changed.message, changed.fields, changed.values);
      services.content.nudge();
      if (action === "delete") return redirect(`${editor.listPath}?done=deleted`);
      return { status: "success", messages: [changed.message] } satisfies FormAnswer;
    }
    if (values.intent === "schedule-changes") {
      const at = instantFromLocalField(values.publishAt, values.timeZone ?? "");
      if (at === "invalid") return formError(400, "Choose the date and time to publish at.", { publishAt: "Enter a date and a time." }, values);
      const scheduled = await scheduleChanges(services.db, editor.content, { ...change, at });
      if (!scheduled.ok) return formError(scheduled.status, scheduled.message);
      services.content.nudge();
      return { status: "success", messages: [scheduled.message] } satisfies FormAnswer;
    }
    if (values.intent === "cancel-schedule") {
      const cancelled = await cancelScheduledChanges(services.db, editor.content, change);
      if (!cancelled.ok) return formError(cancelled.status, cancelled.message);
      return { status: "success", messages: [cancelled.message] } satisfies FormAnswer;
    }
    if (values.intent === "publish-changes" || values.intent === "discard-changes") {
      const settled = await settleChanges(services.db, editor.content, { ...change, action: settling[values.intent] });
      if (!settled.ok) return formError(settled.status, settled.message);
      services.content.nudge();
      return { status: "success", messages: [settled.message] } satisfies FormAnswer;
    }
    const intent = values.intent ?? "";
    const saving = intent === "save" || intent === "save-draft" || intent === "autosave";
    const arrangement = saving ? null : (editor.arrange?.(intent, values) ?? null);
    if (!saving && !arrangement) return formError(400, "This form asked for something the page does not do. Reload the page and try again.");
    const read = editor.readInput(values, files);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const arranged = arrangement?.(read.input);
    if (arranged && !arranged.ok) return formError(400, arranged.message, undefined, values);
    const revision = Number(values.revision);
    if (!Number.isInteger(revision)) return formError(400, "Reload the page and make your changes again: the form was incomplete.", undefined, values);
    const input = arranged ? arranged.input : read.input;
    const saved = await editor.save({ ...change, revision, input, files, publish: intent === "save" });
    if (!saved.ok) return formError(saved.status, saved.message, saved.fields, values);
    services.content.nudge();
    if (arranged) return { status: "success", messages: [arranged.message] } satisfies FormAnswer;
    // An autosave answers the counter the open form saves at next: the page is not drawn again.
    return { status: "success", messages: [saved.message], ...(values.intent === "autosave" ? { revision: saved.revision } : {}) } satisfies FormAnswer<{
      revision?: number;
    }>;
  } catch (error) {
    return answerRejection(error);
  }
}

/** A kind's page loaders, each for a shared content route. */
type KindLoaders = Record<"list" | "newItem" | "edit" | "preview", (args: PageArgs) => unknown>;

/** A loader whose answer also names its kind. */
type Marked<Kind, Load> = Load extends (args: PageArgs) => infer Answer ? (args: PageArgs) => Promise<{ kind: Kind } & Awaited<Answer>> : never;

/**
 * A kind's loaders and actions for the shared content routes
 * (app/routes/staff.content.*), each loader's answer marked with its kind so
 * the route draws that kind's page.
 */
export function kindPages<Kind extends ContentKind, Loaders extends KindLoaders, Actions extends Record<"create" | "save", (args: PageArgs) => unknown>>(
  kind: Kind,
  loaders: Loaders,
  actions: Actions,
) {
  const mark = <Name extends keyof KindLoaders>(name: Name) =>
    (async (args: PageArgs) => ({ kind, ...((await loaders[name](args)) as object) })) as Marked<Kind, Loaders[Name]>;
  return { list: mark("list"), newItem: mark("newItem"), edit: mark("edit"), preview: mark("preview"), ...actions };
}
