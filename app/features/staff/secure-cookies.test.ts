import { afterAll, beforeAll, expect, test } from "vitest";
import { COMMAND_LINE_ACTOR } from "#app/features/staff/audit.server.ts";
import { authOf } from "#app/features/staff/auth.server.ts";
import { createStaffAccount } from "#app/features/staff/password-links.server.ts";
import { signIn } from "#app/features/staff/sign-in.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { openServices, type Services } from "#app/platform/services.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";

/*
 * Behind a TLS-terminating proxy SITE_URL is the public https:// address, and
 * the staff session cookie must be Secure there (decision 010). On http://localhost
 * (`npm start`) it is not: the scheme in SITE_URL is what the browser uses.
 */

let services: Services;

beforeAll(async () => {
  const target = await createTestDatabaseEnv("pglite", { migrated: true });
  services = await openServices(
    parseEnv({ DATA_DIR: target.env.DATA_DIR, SITE_URL: "https://www.example.com", NODE_ENV: "production", LOG_LEVEL: "silent", DEMO_CONTENT: "false" }),
    { mailTemplates },
  );
}, 90_000);

afterAll(async () => {
  await services?.close();
});

test("with an https SITE_URL, the session cookie a sign-in sets is Secure, HttpOnly, SameSite=Lax and __Secure- prefixed", async () => {
  const account = await createStaffAccount(services, { email: "admin@kraf.example", name: "Admin", roles: ["admin"] }, COMMAND_LINE_ACTOR);
  const token = new URL(account.url).searchParams.get("token") ?? "";
  const password = "correct horse battery staple";
  await (await authOf(services)).api.resetPassword({ body: { token, newPassword: password } });

  const request = new Request("https://www.example.com/staff/sign-in", { method: "POST", headers: { Origin: "https://www.example.com" } });
  const result = await signIn(services, request, { email: "admin@kraf.example", password }, "127.0.0.1");
  expect(result.ok).toBe(true);
  const cookies = result.ok ? result.headers.getSetCookie() : [];
  const session = cookies.find((cookie) => cookie.includes("kraf-staff.session_token="));
  expect(session, cookies.join("\n")).toBeTruthy();
  expect(session).toMatch(/^__Secure-kraf-staff\.session_token=/);
  expect(session).toMatch(/;\s*Secure/i);
  expect(session).toMatch(/;\s*HttpOnly/i);
  expect(session).toMatch(/;\s*SameSite=Lax/i);
  expect(session).toMatch(/;\s*Path=\//i);
  // The prefixed name is the one read back on the next request.
  const cookie = cookies.map((line) => line.split(";")[0]).join("; ");
  const signedIn = await (await authOf(services)).api.getSession({ headers: new Headers({ Cookie: cookie }) });
  expect(signedIn?.user.email).toBe("admin@kraf.example");
});
