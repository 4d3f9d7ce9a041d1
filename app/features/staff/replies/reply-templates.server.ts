import { asc, eq } from "drizzle-orm";
import { defaultSiteFacts, type SiteFacts } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";
import { readSiteFacts } from "#app/features/site-facts/site-facts.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import {
  checkBody,
  checkSubject,
  fillPlaceholders,
  REPLY_TEMPLATE_NAME_MAX_LENGTH,
  SIGNATURE_MAX_LENGTH,
  type ReplyDraft,
} from "#app/features/staff/replies/reply-rules.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { appState, replyTemplates } from "#app/platform/db/schema.server.ts";

/*
 * The reply templates admins keep, and the company's signature they fill in.
 * A member of staff picks one on a lead's page; the draft it gives is theirs
 * to change before sending.
 */

export type ReplyTemplate = { id: number; name: string; subject: string; body: string };

const SIGNATURE_KEY = "reply-signature";

/** Until an admin writes one: the company's name, phone and sales address in force (the site facts), as the confirmation ends. */
const signatureOf = (facts: SiteFacts) => `${site.name}\n${facts.phone.display} · ${facts.emails.sales}`;

/** The signature before anyone changed either it or the site facts. */
export const defaultSignature = signatureOf(defaultSiteFacts);

const actorOf = (user: StaffUser): AuditActor => ({ id: user.id, email: user.email });

/** Every template, oldest first: the first is the one a lead's page starts from. */
export function listReplyTemplates(db: Database): Promise<ReplyTemplate[]> {
  return db
    .select({ id: replyTemplates.id, name: replyTemplates.name, subject: replyTemplates.subject, body: replyTemplates.body })
    .from(replyTemplates)
    .orderBy(asc(replyTemplates.id));
}

export async function readSignature(db: Database): Promise<string> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, SIGNATURE_KEY));
  return row?.value ?? signatureOf((await readSiteFacts(db)).facts);
}

/**
 * The reply a lead's page starts from: the chosen template (the first one
 * when none or an unknown one is chosen) with the lead's name, the sender's
 * name and the signature filled in.
 */
export async function replyDraftFor(
  db: Database,
  templateId: number | null,
  names: { lead: string; sender: string },
): Promise<{ templates: { id: number; name: string }[]; chosen: number | null; draft: ReplyDraft }> {
  const [templates, signature] = await Promise.all([listReplyTemplates(db), readSignature(db)]);
  const template = templates.find((t) => t.id === templateId) ?? templates[0];
  const values = { name: names.lead, sender: names.sender, signature };
  return {
    templates: templates.map(({ id, name }) => ({ id, name })),
    chosen: template?.id ?? null,
    draft: template
      ? { subject: fillPlaceholders(template.subject, values), body: fillPlaceholders(template.body, values) }
      : { subject: "", body: fillPlaceholders("Dear {{name}},\n\n\n\n{{sender}}\n\n{{signature}}", values) },
  };
}

export type TemplateChange = { ok: true; message: string } | { ok: false; status: number; message: string; field?: string };

/** A template as posted: a short name, a one-line subject, a body within the reply's limit. */
export function checkTemplate(
  values: Record<string, string>,
): { ok: true; template: Omit<ReplyTemplate, "id"> } | { ok: false; field: string; message: string } {
  const name = (values.name ?? "").trim();
  if (!name) return { ok: false, field: "name", message: "Give the template a name." };
  if (name.length > REPLY_TEMPLATE_NAME_MAX_LENGTH)
    return { ok: false, field: "name", message: `A name can be at most ${REPLY_TEMPLATE_NAME_MAX_LENGTH} characters.` };
  const subject = checkSubject(values.subject ?? "");
  if (!subject.ok) return subject;
  const body = checkBody(values.body ?? "");
  if (!body.ok) return body;
  return { ok: true, template: { name, subject: subject.value, body: body.value } };
}

/** Creates a template (id null) or changes one; names are unique, so staff can tell them apart. */
export async function saveReplyTemplate(
  db: Database,
  id: number | null,
  template: Omit<ReplyTemplate, "id">,
  user: StaffUser,
  ipAddress: string,
): Promise<TemplateChange> {
  try {
    return await db.transaction(async (tx): Promise<TemplateChange> => {
      if (id === null) {
        const [row] = await tx.insert(replyTemplates).values(template).returning({ id: replyTemplates.id });
        await audit(tx, { actor: actorOf(user), action: "reply-template-created", target: { type: "reply-template", id: row!.id }, ipAddress });
        return { ok: true, message: `The template “${template.name}” was added.` };
      }
      const updated = await tx
        .update(replyTemplates)
        .set({ ...template, updatedAt: new Date() })
        .where(eq(replyTemplates.id, id))
        .returning({ id: replyTemplates.id });
      if (updated.length === 0) return { ok: false, status: 404, message: "That template no longer exists." };
      await audit(tx, { actor: actorOf(user), action: "reply-template-edited", target: { type: "reply-template", id }, ipAddress });
      return { ok: true, message: `The template “${template.name}” was saved.` };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, status: 409, field: "name", message: `A template named “${template.name}” exists already; choose another name.` };
    throw error;
  }
}

export async function deleteReplyTemplate(db: Database, id: number, user: StaffUser, ipAddress: string): Promise<TemplateChange> {
  return db.transaction(async (tx): Promise<TemplateChange> => {
    const [row] = await tx.delete(replyTemplates).where(eq(replyTemplates.id, id)).returning({ name: replyTemplates.name });
    if (!row) return { ok: false, status: 404, message: "That template no longer exists." };
    await audit(tx, { actor: actorOf(user), action: "reply-template-deleted", target: { type: "reply-template", id }, ipAddress });
    return { ok: true, message: `The template “${row.name}” was removed.` };
  });
}

export async function saveSignature(db: Database, raw: string, user: StaffUser, ipAddress: string): Promise<TemplateChange> {
  const signature = raw.replace(/\r\n?/g, "\n").trim();
  if (signature.length > SIGNATURE_MAX_LENGTH) {
    return { ok: false, status: 400, field: "signature", message: `The signature can be at most ${SIGNATURE_MAX_LENGTH.toLocaleString("en")} characters.` };
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(appState)
      .values({ key: SIGNATURE_KEY, value: signature })
      .onConflictDoUpdate({ target: appState.key, set: { value: signature, updatedAt: new Date() } });
    await audit(tx, { actor: actorOf(user), action: "reply-signature-changed", ipAddress });
  });
  return { ok: true, message: "The signature was saved." };
}
