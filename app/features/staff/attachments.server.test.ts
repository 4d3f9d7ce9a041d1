import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { setCurrentStaff, type StaffUser } from "#app/features/staff/staff-session.server.ts";
import { consultationAttachments, consultations, staffUsers } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { openServices, type Services } from "#app/platform/services.server.ts";
import { loader } from "#app/routes/staff.files.$.ts";
import { servicesContext } from "#app/services-context.server.ts";
import { createTestDatabaseEnv, testDrivers } from "#tests/support/databases.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();
const sales: StaffUser = { id: "user-sales", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"] };

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
