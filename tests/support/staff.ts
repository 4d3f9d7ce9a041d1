import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { COMMAND_LINE_ACTOR } from "#app/features/staff/audit.server.ts";
import { createStaffAccount as createAccount } from "#app/features/staff/password-links.server.ts";
import type { StaffRole } from "#app/features/staff/roles.ts";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { askRunningServer, controlSocketPath } from "#server/control-socket.ts";
import type { RunningServer } from "#tests/support/server.ts";

const run = promisify(execFile);

let accounts = 0;

/** A password long enough for the staff rules. */
export const STAFF_PASSWORD = "correct horse battery staple";

/**
 * `npm run staff:create` as an operator runs it (the built command), against
 * the server's own settings: its one-time link to choose the password.
 */
export async function createStaffAccount(
  server: RunningServer,
  account: { email: string; role: StaffRole | string[]; name?: string },
): Promise<{ link: string; output: string }> {
  // Several roles: one --role flag each, as an operator may type them.
  const roleFlags = (typeof account.role === "string" ? [account.role] : account.role).flatMap((role) => ["--role", role]);
  const args = [path.resolve("build/server/staff-cli.js"), "--email", account.email, ...roleFlags];
  if (account.name) args.push("--name", account.name);
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, ...server.env, LOG_LEVEL: "warn" } });
  const link = /https?:\/\/\S+\/staff\/set-password\?token=\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`staff:create printed no link:\n${stdout}`);
  return { link, output: stdout };
}

/**
 * The account `staff:create` would make, without starting the command's own Node process (most of its
 * second of CPU): through the server's control socket on the embedded database, or straight into the
 * PostgreSQL database the server uses. The command itself is tested in staff-auth.test.ts.
 */
export async function addStaffAccount(server: RunningServer, account: { email: string; role: StaffRole; name?: string }): Promise<{ link: string }> {
  const request = { command: "staff:create", email: account.email, roles: [account.role], name: account.name ?? "" } as const;
  if (!server.env.DATABASE_URL) {
    const answer = await askRunningServer(controlSocketPath({ DATA_DIR: server.dataDir }), JSON.stringify(request));
    if (!answer?.ok) throw new Error(`the server's control socket answered ${JSON.stringify(answer)}`);
    return { link: answer.url };
  }
  const env = parseEnv(server.env);
  const database = await openDatabase(env);
  try {
    return { link: (await createAccount({ db: database.db, env }, request, COMMAND_LINE_ACTOR)).url };
  } finally {
    await database.close();
  }
}

/** The form a new member of staff sends, as a browser without JavaScript posts it: the password chosen through the link signs them in. */
async function choosePasswordByPost(
  post: (path: string, fields: Record<string, string>) => Promise<{ status: number; location: string | null }>,
  link: string,
  role: StaffRole,
) {
  const token = new URL(link).searchParams.get("token")!;
  const set = await post("/staff/set-password", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
  if (set.status !== 303 || set.location !== "/staff") throw new Error(`setting the ${role}'s password answered ${set.status}, to ${set.location}`);
}

/** A new account of `role`, its password chosen and signed in through the forms over HTTP: its session cookie. */
export async function staffSession(server: RunningServer, role: StaffRole): Promise<string> {
  const email = `${role}-session-${Date.now()}-${accounts++}@staff.example.com`;
  const { link } = await addStaffAccount(server, { email, role });
  let cookie = "";
  await choosePasswordByPost(
    async (path, fields) => {
      const answer = await fetch(server.baseURL + path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: server.baseURL },
        redirect: "manual",
      });
      cookie = answer.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; ");
      return { status: answer.status, location: answer.headers.get("location") };
    },
    link,
    role,
  );
  if (!cookie) throw new Error(`signing the ${role} in set no cookie`);
  return cookie;
}

/** Chooses the password through the link's form, as the new member of staff does, which signs them in: the page is at the staff home. */
export async function choosePassword(page: Page, link: string, password = STAFF_PASSWORD) {
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Repeat the new password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL((url) => url.pathname === "/staff");
  // The address changes as the next page's data arrives; wait until it is drawn.
  await page.getByRole("heading", { name: "Choose your password" }).waitFor({ state: "detached" });
}

/** Signs in on the sign-in page the browser is on (or opens it). */
export async function signIn(page: Page, email: string, password = STAFF_PASSWORD) {
  if (!page.url().includes("/staff/sign-in")) await page.goto("/staff/sign-in");
  // After a client navigation the address changes before the page is drawn, and the page before it may have an Email field too.
  await page.getByRole("heading", { name: "Sign in to the staff area" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/staff/sign-in"));
  // The address changes as the next page's data arrives; wait until it is drawn.
  await page.getByRole("heading", { name: "Sign in to the staff area" }).waitFor({ state: "detached" });
}

/**
 * A new account of `role` (named `name`, at `email` when given) with its password chosen and signed in, on `page`
 * at `at` (the staff home unless given); its email. The form is sent through the page's own request context,
 * whose cookies are the browser's: the page loads once, where the test goes first. The pages of choosing a
 * password and signing in are tested in staff-auth.test.ts.
 */
export async function signInAs(
  page: Page,
  server: RunningServer,
  role: StaffRole,
  {
    name = `Test ${role}`,
    email = `${role}-${Date.now()}-${accounts++}@staff.example.com`,
    at = "/staff",
  }: { name?: string; email?: string; at?: string } = {},
): Promise<string> {
  const { link } = await addStaffAccount(server, { email, role, name });
  const request = page.context().request;
  await choosePasswordByPost(
    async (path, form) => {
      const answer = await request.post(server.baseURL + path, { form, headers: { origin: server.baseURL }, maxRedirects: 0 });
      return { status: answer.status(), location: answer.headers()["location"] ?? null };
    },
    link,
    role,
  );
  await page.goto(server.baseURL + at);
  return email;
}
