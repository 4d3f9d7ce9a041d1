import { and, eq, ilike, or, sql } from "drizzle-orm";
import { caseStudyHref } from "#app/content/case-studies.ts";
import { isoToday } from "#app/features/case-studies/case-studies.server.ts";
import { seoRevisionFields, type SeoData } from "#app/features/seo/seo-fields.ts";
import { audit, type AuditAction, type AuditActor } from "#app/features/staff/audit.server.ts";
import type { CaseStudyFields, CaseStudyInput } from "#app/features/staff/case-studies/case-study-rules.ts";
import { caseStudyTransition, type CaseStudyAction, type CaseStudyStatus } from "#app/features/staff/case-studies/case-study-status.ts";
import { countUpTo, cursorOf, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import { scheduledAtColumn } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import {
  addressTakenMeanwhile,
  followRenamedReference,
  forgetRevisions,
  recordRevision,
  saveContent,
  type ContentChange,
  type VersionedContent,
} from "#app/features/staff/publishing/revisions.server.ts";
import { slugTakenRefusal } from "#app/features/staff/publishing/seo-fields.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { caseStudies, testimonials, type StoredPicture } from "#app/platform/db/schema.server.ts";

/*
 * Case studies as editors write them (decision 063): a draft, published,
 * unpublished and published again; a save made on an older revision is
 * refused; every change leaves an audit entry.
 */

export type CaseStudyAdminRow = typeof caseStudies.$inferSelect;

/** A study's content as a revision keeps it: its pictures already stored, its address always a word. */
export type CaseStudyData = CaseStudyFields &
  SeoData & {
    slug: string;
    cover: StoredPicture | null;
    screenshots: StoredPicture[];
  };

/** Pictures stored from the post, by the place they were chosen in: the cover, the social image, each screenshot place. */
export type NewPictures = { cover?: Omit<StoredPicture, "alt">; socialImage?: string; screenshots: Map<number, Omit<StoredPicture, "alt">> };

/** The input as saved over `kept` (the working copy, or nothing for a new study): a picture stays unless replaced or removed. */
export function caseStudyData(input: CaseStudyInput, pictures: NewPictures, kept: Pick<CaseStudyData, "cover" | "screenshots" | "socialImage">): CaseStudyData {
  const { coverAlt, removeCover, screenshotSlots, seo, ...fields } = input;
  const keptCover = removeCover ? null : kept.cover;
  const cover = pictures.cover ? { ...pictures.cover, alt: coverAlt } : keptCover && { ...keptCover, alt: coverAlt || keptCover.alt };
  const screenshots = screenshotSlots.flatMap((slot, index): StoredPicture[] => {
    const added = pictures.screenshots.get(index);
    if (added) return [{ ...added, alt: slot.alt }];
    const old = kept.screenshots[index];
    return old && !slot.remove ? [{ ...old, alt: slot.alt || old.alt }] : [];
  });
  const socialImage = pictures.socialImage ?? (seo.socialImage === undefined ? kept.socialImage : seo.socialImage);
  return { ...fields, cover, screenshots, slug: seo.slug, metaTitle: seo.metaTitle, metaDescription: seo.metaDescription, noindex: seo.noindex, socialImage };
}

const listOrder: ListOrder = { time: caseStudies.changedAt, id: caseStudies.id };

/** One page of every case study, most recently changed first, by title or sector and by status. */
export function listCaseStudiesForStaff(db: Database, filter: { search: string; status: CaseStudyStatus | null }, cursor: ListCursor | null) {
  const pattern = likePattern(filter.search);
  const matching = filter.search ? or(ilike(caseStudies.title, pattern), ilike(caseStudies.clientSector, pattern)) : undefined;
  const where = and(matching, filter.status ? eq(caseStudies.status, filter.status) : undefined);
  return readListPage(
    listOrder,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({
          id: caseStudies.id,
          title: caseStudies.title,
          sector: caseStudies.clientSector,
          demo: caseStudies.demo,
          status: caseStudies.status,
          publishedOn: caseStudies.publishedOn,
          changedAt: caseStudies.changedAt,
          scheduledAt: scheduledAtColumn("case-study", caseStudies.id),
          cursor: cursorOf(listOrder),
        })
        .from(caseStudies)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    () => countUpTo(db, caseStudies, where),
  );
}

export async function caseStudyForEdit(db: Database, id: number): Promise<CaseStudyAdminRow | null> {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  return row ?? null;
}

const slugColumns = { id: caseStudies.id, slug: caseStudies.slug };

/** Case studies on the content core: their fields, and how a version reaches the public pages. */
export const caseStudyContent: VersionedContent<CaseStudyAdminRow, CaseStudyData> = {
  type: "case-study",
  noun: "case study",
  fields: [
    { key: "title", label: "Title", kind: "text" },
    { key: "summary", label: "Summary", kind: "text" },
    { key: "clientSector", label: "Client's sector", kind: "text" },
    { key: "clientSize", label: "Client's size", kind: "text" },
    { key: "clientName", label: "Client's name", kind: "text" },
    { key: "solutions", label: "Solution pages", kind: "list" },
    { key: "problem", label: "The problem", kind: "text" },
    { key: "built", label: "What we built", kind: "list" },
    { key: "stack", label: "Technology", kind: "list" },
    { key: "outcomes", label: "Results", kind: "text" },
    { key: "demo", label: "Demo example", kind: "flag" },
    { key: "cover", label: "Cover", kind: "text" },
    { key: "screenshots", label: "Screenshots", kind: "text" },
    ...seoRevisionFields,
  ],
  lock: async (tx, id) => (await tx.select().from(caseStudies).where(eq(caseStudies.id, id)).for("update"))[0] ?? null,
  dataOf: ({ id: _id, status: _status, publishedOn: _on, revision: _revision, changedAt: _changed, createdAt: _created, ...data }) => data,
  isPublic: (row) => row.status === "published",
  publishDraft: (tx, id, actor, ipAddress) => changeCaseStudyStatus(tx, id, "publish", actor, ipAddress),
  publicPath: (_id, data) => caseStudyHref(data),
  check: (tx, id, data) => slugTakenRefusal(tx, slugColumns, data.slug, id, "case study"),
  writeLive: async (tx, id, data, actor) => {
    const [before] = await tx.select({ slug: caseStudies.slug }).from(caseStudies).where(eq(caseStudies.id, id));
    await tx
      .update(caseStudies)
      .set({ ...data, revision: sql`${caseStudies.revision} + 1`, changedAt: sql`now()` })
      .where(eq(caseStudies.id, id));
    // A testimonial names its case study by address: a new address takes the quotes with it, their drafts
    // included (their revision moves too, so an editor's open form of one is refused as stale rather than
    // writing the old address back).
    if (before && before.slug !== data.slug) {
      await tx
        .update(testimonials)
        .set({ caseStudy: data.slug, revision: sql`${testimonials.revision} + 1` })
        .where(eq(testimonials.caseStudy, before.slug));
      await followRenamedReference(tx, { type: "testimonial", field: "caseStudy", from: before.slug, to: data.slug, actor });
    }
  },
  touch: async (tx, id) => {
    await tx
      .update(caseStudies)
      .set({ revision: sql`${caseStudies.revision} + 1`, changedAt: sql`now()` })
      .where(eq(caseStudies.id, id));
  },
  edited: "case-study-edited",
  savedMessage: (row) =>
    row.status === "published" ? "Saved. The case study's page and cards show the change within seconds." : "Saved. Visitors see it once it is published.",
};

/** A new draft: nobody outside the staff area sees it until it is published. Its content is revision 1. */
export async function createCaseStudy(db: Database, data: CaseStudyData, actor: AuditActor, ipAddress: string): Promise<ContentChange> {
  return db
    .transaction(async (tx): Promise<ContentChange> => {
      const taken = await slugTakenRefusal(tx, slugColumns, data.slug, null, "case study");
      if (taken) return taken;
      const [row] = await tx
        .insert(caseStudies)
        .values({ ...data, status: "draft" })
        .returning({ id: caseStudies.id });
      if (!row) throw new Error("The case study insert returned no row");
      await recordRevision(tx, { type: "case-study", itemId: row.id, data, origin: "first", actor });
      await audit(tx, { actor, action: "case-study-created", target: { type: "case-study", id: row.id }, ipAddress });
      return { ok: true, id: row.id, message: `The draft "${data.title}" is saved.` };
    })
    .catch(addressTakenMeanwhile("case study"));
}

/** Saves an edit made on revision `shownRevision` (see saveContent): `data` builds the fields over the working copy. */
export function saveCaseStudy(
  db: Database,
  change: { id: number; shownRevision: number; data: (working: CaseStudyData) => CaseStudyData; publish: boolean; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  return saveContent(db, caseStudyContent, change);
}

const statusWords: Record<CaseStudyAction, { audit: AuditAction; done: (title: string) => string }> = {
  publish: {
    audit: "case-study-published",
    done: (title) => `"${title}" is published: its page, the portfolio and its solution pages show it within seconds.`,
  },
  unpublish: { audit: "case-study-unpublished", done: (title) => `"${title}" is unpublished: visitors no longer see it.` },
  delete: { audit: "case-study-deleted", done: (title) => `"${title}" is deleted.` },
};

/**
 * Publish, unpublish or delete, checked against the study as it is now (not
 * as the page showed it). The first publication dates the study; a later
 * one keeps that date, so the study keeps its place in the lists.
 */
export async function changeCaseStudyStatus(db: Database, id: number, action: CaseStudyAction, actor: AuditActor, ipAddress: string): Promise<ContentChange> {
  return db.transaction(async (tx): Promise<ContentChange> => {
    const before = await caseStudyContent.lock(tx, id);
    if (!before) return { ok: false, status: 404, message: "There is no such case study." };
    const move = caseStudyTransition(before.status, action);
    if (!move.ok) return { ok: false, status: 409, message: move.message };
    if (move.to === "deleted") {
      await tx.delete(caseStudies).where(eq(caseStudies.id, id));
      await forgetRevisions(tx, "case-study", id);
    } else {
      await tx
        .update(caseStudies)
        .set({ status: move.to, publishedOn: before.publishedOn ?? isoToday(), revision: sql`${caseStudies.revision} + 1`, changedAt: sql`now()` })
        .where(eq(caseStudies.id, id));
    }
    await audit(tx, { actor, action: statusWords[action].audit, target: { type: "case-study", id }, detail: { title: before.title }, ipAddress });
    return { ok: true, id, message: statusWords[action].done(before.title) };
  });
}
