import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";
import { MAX_REDIRECTS } from "#app/features/redirects/redirect-rules.ts";
import { deleteRedirect, listRedirects, redirectFor, saveRedirect } from "#app/features/redirects/redirects.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { auditLog, featuredInsights, jobs, redirects, staffUsers } from "#app/platform/db/schema.server.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const editor: StaffUser = { id: "user-editor", name: "Eve Editor", email: "eve@staff.example.com", roles: ["editor"], timeZone: null };
const context = { ipAddress: "10.0.0.1", siteUrl: "https://www.kraf.example" };
const permanent = (from: string, to: string) => ({ from, to, status: "301" });

for (const driver of drivers) {
  test(`redirects: saved normalised, looked up by path, pages and loops refused, changes audited (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(staffUsers).values(editor);
      const [draftJob, openJob] = await db
        .insert(jobs)
        .values([
          { title: "Draft", status: "draft" },
          { title: "Open", status: "open" },
        ])
        .returning({ id: jobs.id });
      const [insight] = await db
        .insert(featuredInsights)
        .values({ title: "Out", status: "published", publishedDate: new Date(Date.now() - 86_400_000) })
        .returning({ id: featuredInsights.id });

      // Normalised: lowercase, no trailing slash; the target is kept as typed.
      expect(await saveRedirect(db, null, permanent(" /Old-Page/ ", "/crm"), editor, context)).toMatchObject({ ok: true });
      expect(await redirectFor(db, "/old-page")).toEqual({ to: "/crm", status: 301 });
      expect(await redirectFor(db, "/OLD-PAGE/")).toEqual({ to: "/crm", status: 301 });
      expect(await redirectFor(db, "/other")).toBeNull();
      expect(await saveRedirect(db, null, permanent("/old-page", "/bi"), editor, context)).toMatchObject({ ok: false, status: 409, field: "from" });

      // Paths the site answers are refused, whatever their case; a draft job's path answers 404, so it may be redirected.
      for (const from of [
        "/crm",
        "/CRM/",
        "/",
        "/staff/anything",
        "/media/1/x.webp",
        "/careers",
        `/careers/${openJob!.id}`,
        `/featured-insights/${insight!.id}`,
      ]) {
        expect(await saveRedirect(db, null, permanent(from, "/bi"), editor, context), from).toMatchObject({ ok: false, status: 400, field: "from" });
      }
      expect(await saveRedirect(db, null, permanent(`/careers/${draftJob!.id}`, "/careers"), editor, context)).toMatchObject({ ok: true });

      // Loops: to itself (a query or the site's own full address changes nothing), and through a chain.
      expect(await saveRedirect(db, null, permanent("/a", "/a?x=1"), editor, context)).toMatchObject({
        ok: false,
        field: "to",
        message: "/a would lead to itself.",
      });
      expect(await saveRedirect(db, null, permanent("/a", "/b"), editor, context)).toMatchObject({ ok: true });
      expect(await saveRedirect(db, null, permanent("/b", "/c"), editor, context)).toMatchObject({ ok: true });
      const loop = await saveRedirect(db, null, permanent("/c", "https://www.kraf.example/A"), editor, context);
      expect(loop).toMatchObject({ ok: false, status: 400, field: "to" });
      expect(!loop.ok && loop.message).toContain("/c → /a → /b → /c");
      // Another site's address ends the chain.
      expect(await saveRedirect(db, null, permanent("/c", "https://other.example/a"), editor, context)).toMatchObject({ ok: true });

      // Editing a redirect replaces it in the chain: /b may lead back to where /a used to go only if /a no longer leads to /b.
      const [a] = await db.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, "/a"));
      const [b] = await db.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, "/b"));
      expect(await saveRedirect(db, b!.id, permanent("/b", "/a"), editor, context)).toMatchObject({ ok: false, field: "to" });
      expect(await saveRedirect(db, a!.id, { from: "/a", to: "/crm", status: "302" }, editor, context)).toMatchObject({ ok: true });
      expect(await saveRedirect(db, b!.id, permanent("/b", "/a"), editor, context)).toMatchObject({ ok: true });
      expect(await redirectFor(db, "/a")).toEqual({ to: "/crm", status: 302 });

      // Bad targets and kinds.
      for (const to of [
        "javascript:alert(1)",
        "data:text/html,x",
        "//evil.example",
        "/\\evil.example",
        "/a\tb",
        "ftp://x.example/",
        "https://u:p@x.example/",
      ]) {
        expect(await saveRedirect(db, null, permanent("/d", to), editor, context), to).toMatchObject({ ok: false, field: "to" });
      }
      expect(await saveRedirect(db, null, { from: "/d", to: "/crm", status: "307" }, editor, context)).toMatchObject({ ok: false, field: "status" });

      // Search, hits, delete, audit.
      expect((await listRedirects(db, "old")).rows.map((row) => row.from)).toEqual(["/old-page"]);
      await redirectFor(db, "/old-page");
      await vi.waitFor(async () => expect((await listRedirects(db, "old")).rows[0]).toMatchObject({ hits: 3, lastHitAt: expect.any(Date) }));
      const [old] = (await listRedirects(db, "old-page")).rows;
      expect(await deleteRedirect(db, old!.id, editor, context.ipAddress)).toMatchObject({ ok: true });
      expect(await deleteRedirect(db, old!.id, editor, context.ipAddress)).toMatchObject({ ok: false, status: 404 });
      expect(await redirectFor(db, "/old-page")).toBeNull();
      const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, editor.id)).orderBy(auditLog.id)).map(
        (row) => row.action,
      );
      expect(actions).toEqual([
        "redirect-created",
        "redirect-created",
        "redirect-created",
        "redirect-created",
        "redirect-created",
        "redirect-edited",
        "redirect-edited",
        "redirect-deleted",
      ]);
    } finally {
      await database.dispose();
    }
  });
}

test(`no more than ${MAX_REDIRECTS} redirects are kept`, async () => {
  const database = await openTestDatabase("pglite");
  try {
    const { db } = database;
    await db.insert(staffUsers).values(editor);
    await db.insert(redirects).values(Array.from({ length: MAX_REDIRECTS }, (_, i) => ({ fromPath: `/old-${i}`, toTarget: "/crm", status: 301 })));
    expect(await saveRedirect(db, null, permanent("/one-more", "/crm"), editor, context)).toMatchObject({ ok: false, status: 409 });
    // Editing one of them is still allowed.
    const [first] = await db.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, "/old-0"));
    expect(await saveRedirect(db, first!.id, permanent("/old-0", "/bi"), editor, context)).toMatchObject({ ok: true });
  } finally {
    await database.dispose();
  }
});
