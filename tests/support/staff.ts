import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import type { StaffRole } from "#app/features/staff/roles.ts";
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

/** The two forms a new member of staff sends, as a browser without JavaScript posts them: the password chosen through the link, then the sign-in. */
async function chooseAndSignIn(post: (path: string, fields: Record<string, string>) => Promise<number>, link: string, email: string, role: StaffRole) {
  const token = new URL(link).searchParams.get("token")!;
  const set = await post("/staff/set-password", { token, password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
  if (set !== 303) throw new Error(`setting the ${role}'s password answered ${set}`);
  const signedIn = await post("/staff/sign-in", { email, password: STAFF_PASSWORD, returnTo: "/staff" });
  if (signedIn !== 303) throw new Error(`signing the ${role} in answered ${signedIn}`);
}

/** A new account of `role`, its password chosen and signed in through the forms over HTTP: its session cookie. */
export async function staffSession(server: RunningServer, role: StaffRole): Promise<string> {
  const email = `${role}-session-${Date.now()}-${accounts++}@staff.example.com`;
  const { link } = await createStaffAccount(server, { email, role });
  let cookie = "";
  await chooseAndSignIn(
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
      return answer.status;
    },
    link,
    email,
    role,
  );
  if (!cookie) throw new Error(`signing the ${role} in set no cookie`);
  return cookie;
}

/** Chooses the password through the link's form, as the new member of staff does. */
export async function choosePassword(page: Page, link: string, password = STAFF_PASSWORD) {
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Repeat the new password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL(/\/staff\/sign-in\?notice=password-set/);
}

/** Signs in on the sign-in page the browser is on (or opens it). */
export async function signIn(page: Page, email: string, password = STAFF_PASSWORD) {
  if (!page.url().includes("/staff/sign-in")) await page.goto("/staff/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/staff/sign-in"));
  // The address changes as the next page's data arrives; wait until it is drawn.
  await page.getByRole("heading", { name: "Sign in to the staff area" }).waitFor({ state: "detached" });
}

/**
 * A new account of `role` with its password chosen and signed in, on `page` at the staff home; its email.
 * The forms are sent through the page's own request context, whose cookies are the browser's: one page
 * load instead of three. The pages of choosing a password and signing in are tested in staff-auth.test.ts.
 */
export async function signInAs(page: Page, server: RunningServer, role: StaffRole, name = `Test ${role}`): Promise<string> {
  const email = `${role}-${Date.now()}-${accounts++}@staff.example.com`;
  const { link } = await createStaffAccount(server, { email, role, name });
  const request = page.context().request;
  await chooseAndSignIn(
    async (path, form) => (await request.post(server.baseURL + path, { form, headers: { origin: server.baseURL }, maxRedirects: 0 })).status(),
    link,
    email,
    role,
  );
  await page.goto(`${server.baseURL}/staff`);
  return email;
}
