import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import {
  checkFrom,
  checkStatus,
  checkTo,
  MAX_REDIRECTS,
  redirectKey,
  REDIRECTS_SHOWN,
  sitePathOf,
  type RedirectStatus,
} from "#app/features/redirects/redirect-rules.ts";
import { pageAt } from "#app/features/redirects/site-pages.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { likePattern } from "#app/features/staff/list-query.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { redirects } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";

/*
 * The redirects editors keep (decision 055): old paths of the site that lead
 * to a path or another site's address, consulted only before a 404.
 */

export type Redirect = { id: number; from: string; to: string; status: RedirectStatus; hits: number; lastHitAt: Date | null; updatedAt: Date };

export type RedirectInput = { from: string; to: string; status: string };

export type RedirectChange = { ok: true; message: string } | { ok: false; status: number; message: string; field?: keyof RedirectInput };

/** A chain of redirects longer than this is refused: each hop is a round trip for the visitor, and search engines stop following. */
export const MAX_CHAIN = 10;

const columns = {
  id: redirects.id,
  from: redirects.fromPath,
  to: redirects.toTarget,
  status: sql<RedirectStatus>`${redirects.status}`,
  hits: redirects.hits,
  lastHitAt: redirects.lastHitAt,
  updatedAt: redirects.updatedAt,
};

/** The redirects whose paths hold `search` (all when empty), by old path, at most REDIRECTS_SHOWN, and how many match. */
export async function listRedirects(db: Database, search: string): Promise<{ rows: Redirect[]; total: number }> {
  const where = search ? or(ilike(redirects.fromPath, likePattern(search)), ilike(redirects.toTarget, likePattern(search))) : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select(columns).from(redirects).where(where).orderBy(asc(redirects.fromPath)).limit(REDIRECTS_SHOWN),
    db.select({ n: count() }).from(redirects).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function getRedirect(db: Database, id: number): Promise<Redirect | null> {
  const [row] = await db.select(columns).from(redirects).where(eq(redirects.id, id));
  return row ?? null;
}

/**
 * Where the path would lead, for a request the site would answer 404: one
 * lookup by the unique index. The hit is counted after the answer, and a
 * failed count only logged: a visitor is never held up by the tally.
 */
export async function redirectFor(db: Database, pathname: string): Promise<{ to: string; status: RedirectStatus } | null> {
  const key = redirectKey(pathname);
  const [row] = await db.select({ id: redirects.id, to: redirects.toTarget, status: columns.status }).from(redirects).where(eq(redirects.fromPath, key));
  if (!row) return null;
  db.update(redirects)
    .set({ hits: sql`${redirects.hits} + 1`, lastHitAt: sql`now()` })
    .where(eq(redirects.id, row.id))
    .catch((error: unknown) => logger.warn({ err: error, from: key }, "Could not count a redirect's hit"));
  return { to: row.to, status: row.status };
}

type Checked = { ok: true; from: string; to: string; status: RedirectStatus } | Extract<RedirectChange, { ok: false }>;

function checkInput(input: RedirectInput): Checked {
  const from = checkFrom(input.from);
  if (!from.ok) return { ok: false, status: 400, field: "from", message: from.message };
  const to = checkTo(input.to);
  if (!to.ok) return { ok: false, status: 400, field: "to", message: to.message };
  const status = checkStatus(input.status);
  if (!status.ok) return { ok: false, status: 400, field: "status", message: status.message };
  return { ok: true, from: from.value, to: to.value, status: status.value };
}

/**
 * Why `from` → `to` would send a visitor round in a circle, following the
 * redirects already kept (the one being edited, `id`, is replaced by this
 * one); null when the chain ends.
 */
async function loopOf(db: Database, id: number | null, from: string, to: string, siteUrl: string): Promise<string | null> {
  const chain = [from];
  let next = sitePathOf(to, siteUrl);
  while (next !== null) {
    if (next === from) {
      return chain.length === 1 ? `${from} would lead to itself.` : `This would make a loop: ${[...chain, from].join(" → ")}. Change where one of them leads.`;
    }
    if (chain.length > MAX_CHAIN) return `This would make a chain of more than ${MAX_CHAIN} redirects; lead ${from} to the end of the chain instead.`;
    chain.push(next);
    const [row] = await db
      .select({ to: redirects.toTarget })
      .from(redirects)
      .where(id === null ? eq(redirects.fromPath, next) : and(eq(redirects.fromPath, next), ne(redirects.id, id)));
    next = row ? sitePathOf(row.to, siteUrl) : null;
  }
  return null;
}

/** Adds a redirect (id null) or changes one, refusing a page's path, a loop, a bad target and the list beyond MAX_REDIRECTS. */
export async function saveRedirect(
  db: Database,
  id: number | null,
  input: RedirectInput,
  user: StaffUser,
  context: { ipAddress: string; siteUrl: string },
): Promise<RedirectChange> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  const { from, to, status } = checked;
  try {
    return await db.transaction(async (tx): Promise<RedirectChange> => {
      // One writer at a time: two editors each adding half of a loop would otherwise both pass the check.
      await tx.execute(sql`lock table ${redirects} in share row exclusive mode`);
      const page = await pageAt(tx, from);
      if (page) return { ok: false, status: 400, field: "from", message: `${page} Only an address the site answers with “not found” can be redirected.` };
      const loop = await loopOf(tx, id, from, to, context.siteUrl);
      if (loop) return { ok: false, status: 400, field: "to", message: loop };
      const detail = { from, to, status };
      const actor = { id: user.id, email: user.email };
      if (id === null) {
        const [counted] = await tx.select({ n: count() }).from(redirects);
        if ((counted?.n ?? 0) >= MAX_REDIRECTS)
          return {
            ok: false,
            status: 409,
            message: `The site keeps at most ${MAX_REDIRECTS.toLocaleString("en")} redirects; remove some that no longer get visits first.`,
          };
        const [row] = await tx
          .insert(redirects)
          .values({ fromPath: from, toTarget: to, status, createdBy: user.id, updatedBy: user.id })
          .returning({ id: redirects.id });
        await audit(tx, { actor, action: "redirect-created", target: { type: "redirect", id: row!.id }, detail, ipAddress: context.ipAddress });
        return { ok: true, message: `${from} now leads to ${to} (${status}).` };
      }
      const updated = await tx
        .update(redirects)
        .set({ fromPath: from, toTarget: to, status, updatedBy: user.id, updatedAt: new Date() })
        .where(eq(redirects.id, id))
        .returning({ id: redirects.id });
      if (updated.length === 0) return { ok: false, status: 404, message: "That redirect no longer exists." };
      await audit(tx, { actor, action: "redirect-edited", target: { type: "redirect", id }, detail, ipAddress: context.ipAddress });
      return { ok: true, message: `${from} now leads to ${to} (${status}).` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, field: "from", message: `A redirect from ${from} exists already; edit that one instead.` };
    throw error;
  }
}

/**
 * Keeps an item's old public address leading to its new one when a public
 * item's address changes (decision 060), inside the transaction that writes
 * the new address. Every redirect that led to the old address leads to the new
 * one (so a chain old → older → newest is one hop), a redirect from the new
 * address is dropped (the page answers there now, and it would make a loop
 * when an item takes back an old address), and the old address leads to the
 * new one with a 301, replacing any redirect it had.
 */
export async function keepOldAddress(tx: Database, move: { from: string; to: string; actor: AuditActor; ipAddress: string }): Promise<void> {
  const from = redirectKey(move.from);
  const to = redirectKey(move.to);
  if (from === to) return;
  await tx.execute(sql`lock table ${redirects} in share row exclusive mode`);
  await tx.delete(redirects).where(eq(redirects.fromPath, to));
  await tx.update(redirects).set({ toTarget: to, updatedBy: move.actor.id, updatedAt: new Date() }).where(eq(redirects.toTarget, from));
  const [row] = await tx
    .insert(redirects)
    .values({ fromPath: from, toTarget: to, status: 301, createdBy: move.actor.id, updatedBy: move.actor.id })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toTarget: to, status: 301, updatedBy: move.actor.id, updatedAt: new Date() } })
    .returning({ id: redirects.id });
  await audit(tx, {
    actor: move.actor,
    action: "redirect-created",
    target: { type: "redirect", id: row!.id },
    detail: { from, to, status: 301, because: "the item's address changed" },
    ipAddress: move.ipAddress,
  });
}

export async function deleteRedirect(db: Database, id: number, user: StaffUser, ipAddress: string): Promise<RedirectChange> {
  return db.transaction(async (tx): Promise<RedirectChange> => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning({ from: redirects.fromPath, to: redirects.toTarget });
    if (!row) return { ok: false, status: 404, message: "That redirect no longer exists." };
    await audit(tx, { actor: { id: user.id, email: user.email }, action: "redirect-deleted", target: { type: "redirect", id }, detail: row, ipAddress });
    return { ok: true, message: `The redirect from ${row.from} was removed; that path now answers “not found”.` };
  });
}
