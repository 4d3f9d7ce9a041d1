import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { setCurrentStaff, type StaffUser } from "#app/features/staff/staff-session.server.ts";
import { auditLog, consultationAttachments, consultations, staffUsers } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { openServices, type Services } from "#app/platform/services.server.ts";
import { loader } from "#app/routes/staff.files.$.ts";
import { servicesContext } from "#app/services-context.server.ts";
import { createTestDatabaseEnv, featureDrivers } from "#tests/support/databases.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const sales: StaffUser = { id: "user-sales", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"], timeZone: null };

/** What a signed-in sales person gets for `/staff/files/{key}`, the key as the router decodes it. */
async function download(services: Services, key: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  setCurrentStaff(context, sales);
  const request = new Request(new URL(`/staff/files/${encodeURIComponent(key)}`, services.env.SITE_URL));
  const response = (await loader({ request, context, params: { "*": key } } as unknown as Parameters<typeof loader>[0])) as Response;
  return { status: response.status, text: await response.text() };
}

for (const driver of drivers) {
  test(`a key no file can have (a NUL, a control character, a dot segment) is 404, like any unknown key, not a database error (${driver})`, async () => {
    const target = await createTestDatabaseEnv(driver, { migrated: true });
    const services = await openServices(parseEnv({ ...target.env, LOG_LEVEL: "silent", DEMO_CONTENT: "false" }), { mailTemplates });
    try {
      await services.db.insert(staffUsers).values(sales);
      const [request] = await services.db
        .insert(consultations)
        .values({ fullName: "Asha Rao", email: "asha@example.com", country: "India", phone: "1", projectBrief: "A CRM." })
        .returning({ id: consultations.id });
      await services.db.insert(consultationAttachments).values({
        consultationId: request!.id,
        storageKey: "consultation/1_brief.pdf",
        originalName: "brief.pdf",
        contentType: "application/pdf",
        sizeBytes: 4,
      });
      await services.storage.put("consultation/1_brief.pdf", new Uint8Array([37, 80, 68, 70]), { contentType: "application/pdf" });

      expect(await download(services, "consultation/1_brief.pdf")).toEqual({ status: 200, text: "%PDF" });
      const notFound = { status: 404, text: "There is no such file; it may have been deleted.\n" };
      for (const key of [
        "\u0000",
        "a\u0000b",
        "consultation/1_brief.pdf\u0000",
        "consultation/\u001b.pdf",
        "consultation/../1_brief.pdf",
        ".meta/consultation/1_brief.pdf.json",
        "",
        "no/such.pdf",
      ]) {
        expect(await download(services, key), JSON.stringify(key)).toEqual(notFound);
      }
    } finally {
      await services.close();
      await target.dispose();
    }
  });
}

/** The headers a preview is answered with, and a download's, read from the loader's answer to `user`. */
async function answer(services: Services, key: string, user: StaffUser, query = "") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  setCurrentStaff(context, user);
  const request = new Request(new URL(`/staff/files/${key}${query}`, services.env.SITE_URL));
  const response = (await loader({ request, context, params: { "*": key } } as unknown as Parameters<typeof loader>[0])) as Response;
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

test("?inline shows a PDF in a frame of the site's own pages, sandboxed with no script, after the same role check; any other type stays a download", async () => {
  const target = await createTestDatabaseEnv("pglite", { migrated: true });
  const services = await openServices(parseEnv({ ...target.env, LOG_LEVEL: "silent", DEMO_CONTENT: "false" }), { mailTemplates });
  const editor: StaffUser = { id: "user-editor", name: "Eve Editor", email: "eve@staff.example.com", roles: ["editor"], timeZone: null };
  try {
    await services.db.insert(staffUsers).values([sales, editor]);
    const [request] = await services.db
      .insert(consultations)
      .values({ fullName: "Asha Rao", email: "asha@example.com", country: "India", phone: "1", projectBrief: "A CRM." })
      .returning({ id: consultations.id });
    for (const [position, key, contentType, bytes] of [
      [0, "consultation/2_brief.pdf", "application/pdf", "%PDF"],
      [1, "consultation/2_figures.csv", "text/csv", "a,b\n"],
    ] as const) {
      await services.db
        .insert(consultationAttachments)
        .values({ consultationId: request!.id, position, storageKey: key, originalName: key.split("_")[1]!, contentType, sizeBytes: bytes.length });
      await services.storage.put(key, new TextEncoder().encode(bytes), { contentType });
    }

    const preview = await answer(services, "consultation/2_brief.pdf", sales, "?inline");
    expect(preview.status).toBe(200);
    expect(preview.body).toBe("%PDF");
    expect(preview.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="brief.pdf"; filename*=UTF-8''brief.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "x-frame-options": "SAMEORIGIN",
    });
    const policy = preview.headers["content-security-policy"]!.split(";").map((directive) => directive.trim());
    expect(policy).toContain("sandbox");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(preview.headers["content-security-policy"]).not.toContain("allow-");

    // The download is as it was.
    const download = await answer(services, "consultation/2_brief.pdf", sales);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="brief.pdf"; filename*=UTF-8''brief.pdf`);
    expect(download.headers["content-security-policy"]).toBeUndefined();
    // A CSV is never drawn in the page, whatever the address asks.
    const csv = await answer(services, "consultation/2_figures.csv", sales, "?inline");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(csv.headers["content-security-policy"]).toBeUndefined();
    // Same authorisation as the download: a role that does not cover consultations gets 403 and no bytes.
    const refused = await answer(services, "consultation/2_brief.pdf", editor, "?inline");
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain("%PDF");

    const audited = await services.db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).orderBy(auditLog.id);
    expect(audited.map((entry) => entry.action)).toEqual(["file-previewed", "file-downloaded", "file-downloaded"]);
  } finally {
    await services.close();
    await target.dispose();
  }
});
