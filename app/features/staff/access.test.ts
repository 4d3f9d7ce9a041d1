import fs from "node:fs";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { setCurrentStaff, type StaffUser } from "#app/features/staff/staff-session.server.ts";
import { staffRoles, staffUsers, type StaffRole } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { openServices, type Services } from "#app/platform/services.server.ts";
import { servicesContext } from "#app/services-context.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";

/*
 * Who may call each staff loader and action, checked by calling them: a
 * signed-out visitor is sent to sign in, an account none of whose roles has
 * access gets 403, and every other account gets past the check (whatever the
 * page then answers). The table is the specification; every staff route
 * module must be in it. Each role is tried alone, and one account holds two.
 */

vi.setConfig({ testTimeout: 90_000 });

type Handler = (args: LoaderFunctionArgs) => unknown;
type RouteCase = { file: string; path: string; allowed: readonly StaffRole[] | "any"; params?: Record<string, string>; signedOut?: "sign-in" | 401 };

const everyone = "any" as const;
const table: RouteCase[] = [
  { file: "staff._index.tsx", path: "/staff", allowed: everyone },
  { file: "staff.consultations.tsx", path: "/staff/consultations", allowed: ["sales"] },
  { file: "staff.consultations.$id.tsx", path: "/staff/consultations/1", allowed: ["sales"], params: { id: "1" } },
  { file: "staff.consultations.export[.]csv.ts", path: "/staff/consultations/export.csv", allowed: ["sales"] },
  { file: "staff.subscribers.tsx", path: "/staff/subscribers", allowed: ["sales"] },
  { file: "staff.subscribers.export[.]csv.ts", path: "/staff/subscribers/export.csv", allowed: ["sales"] },
  { file: "staff.subscribers.$id.erase.tsx", path: "/staff/subscribers/1/erase", allowed: ["sales"], params: { id: "1" } },
  { file: "staff.job-alerts.tsx", path: "/staff/job-alerts", allowed: ["recruiter"] },
  { file: "staff.job-alerts.export[.]csv.ts", path: "/staff/job-alerts/export.csv", allowed: ["recruiter"] },
  { file: "staff.job-alerts.$id.erase.tsx", path: "/staff/job-alerts/1/erase", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.suppressions.tsx", path: "/staff/suppressions", allowed: ["sales"] },
  { file: "staff.campaigns._index.tsx", path: "/staff/campaigns", allowed: ["editor"] },
  { file: "staff.campaigns.new.tsx", path: "/staff/campaigns/new", allowed: ["editor"] },
  { file: "staff.campaigns.export[.]csv.ts", path: "/staff/campaigns/export.csv", allowed: ["editor"] },
  { file: "staff.campaigns.digest.tsx", path: "/staff/campaigns/digest", allowed: ["editor"] },
  { file: "staff.campaigns.$id.tsx", path: "/staff/campaigns/1", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.campaigns.tracking.tsx", path: "/staff/campaigns/tracking", allowed: [] },
  { file: "staff.events.tsx", path: "/staff/events", allowed: ["sales"] },
  { file: "staff.events.export[.]csv.ts", path: "/staff/events/export.csv", allowed: ["sales"] },
  { file: "staff.figures.tsx", path: "/staff/figures", allowed: ["sales"] },
  { file: "staff.figures.export[.]csv.ts", path: "/staff/figures/export.csv?table=source", allowed: ["sales"] },
  { file: "staff.events.registrations.$id.tsx", path: "/staff/events/registrations/1", allowed: ["sales"], params: { id: "1" } },
  { file: "staff.content._index.tsx", path: "/staff/jobs", allowed: ["recruiter"] },
  { file: "staff.content.new.tsx", path: "/staff/jobs/new", allowed: ["recruiter"] },
  { file: "staff.content.$id.tsx", path: "/staff/jobs/1", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.content.$id.preview.tsx", path: "/staff/jobs/1/preview", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.content.$id.history.tsx", path: "/staff/jobs/1/history", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.content.$id.history.tsx", path: "/staff/insights/1/history", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content._index.tsx", path: "/staff/events/editions", allowed: ["editor"] },
  { file: "staff.content.new.tsx", path: "/staff/events/editions/new", allowed: ["editor"] },
  { file: "staff.content.$id.tsx", path: "/staff/events/editions/1", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.preview.tsx", path: "/staff/events/editions/1/preview", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.history.tsx", path: "/staff/events/editions/1/history", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.applications._index.tsx", path: "/staff/applications", allowed: ["recruiter"] },
  { file: "staff.applications.$id.tsx", path: "/staff/applications/1", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.applications.export[.]csv.ts", path: "/staff/applications/export.csv", allowed: ["recruiter"] },
  { file: "staff.applications.$id.move.tsx", path: "/staff/applications/1/move?to=interview", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.jobs.$id.board.tsx", path: "/staff/jobs/1/board", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.jobs.$id.board.move.tsx", path: "/staff/jobs/1/board/move?to=interview&application=1:new", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.applications.$id.candidate.tsx", path: "/staff/applications/1/candidate", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.applications.$id.candidate[.]zip.ts", path: "/staff/applications/1/candidate.zip", allowed: ["recruiter"], params: { id: "1" } },
  { file: "staff.stage-emails.tsx", path: "/staff/stage-emails", allowed: ["recruiter"] },
  { file: "staff.content._index.tsx", path: "/staff/insights", allowed: ["editor"] },
  { file: "staff.content.new.tsx", path: "/staff/insights/new", allowed: ["editor"] },
  { file: "staff.content.$id.tsx", path: "/staff/insights/1", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.preview.tsx", path: "/staff/insights/1/preview", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content._index.tsx", path: "/staff/pages", allowed: ["editor"] },
  { file: "staff.content.$id.tsx", path: "/staff/pages/1", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.preview.tsx", path: "/staff/pages/1/preview", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.history.tsx", path: "/staff/pages/1/history", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content._index.tsx", path: "/staff/case-studies", allowed: ["editor"] },
  { file: "staff.content.new.tsx", path: "/staff/case-studies/new", allowed: ["editor"] },
  { file: "staff.content.$id.tsx", path: "/staff/case-studies/1", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.preview.tsx", path: "/staff/case-studies/1/preview", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.history.tsx", path: "/staff/case-studies/1/history", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content._index.tsx", path: "/staff/people", allowed: ["editor"] },
  { file: "staff.content.new.tsx", path: "/staff/testimonials/new", allowed: ["editor"] },
  { file: "staff.content.$id.tsx", path: "/staff/logos/1", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.preview.tsx", path: "/staff/testimonials/1/preview", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.content.$id.history.tsx", path: "/staff/people/1/history", allowed: ["editor"], params: { id: "1" } },
  { file: "staff.media.ts", path: "/staff/media", allowed: ["editor"] },
  { file: "staff.vitals.tsx", path: "/staff/vitals", allowed: ["editor"] },
  { file: "staff.redirects.tsx", path: "/staff/redirects", allowed: ["editor"] },
  { file: "staff.outbox.tsx", path: "/staff/outbox", allowed: [] },
  { file: "staff.outbox.$id.tsx", path: "/staff/outbox/1", allowed: [], params: { id: "1" } },
  { file: "staff.reply-templates.tsx", path: "/staff/reply-templates", allowed: [] },
  { file: "staff.audit.tsx", path: "/staff/audit", allowed: [] },
  { file: "staff.accounts.tsx", path: "/staff/accounts", allowed: [] },
  { file: "staff.business-hours.tsx", path: "/staff/business-hours", allowed: [] },
  { file: "staff.retention.tsx", path: "/staff/retention", allowed: [] },
  { file: "staff.teams.tsx", path: "/staff/teams", allowed: [] },
  { file: "staff.site.tsx", path: "/staff/site", allowed: [] },
  { file: "staff.account.tsx", path: "/staff/account", allowed: everyone },
  { file: "staff.files.$.ts", path: "/staff/files/consultation/none.pdf", allowed: everyone, params: { "*": "consultation/none.pdf" }, signedOut: 401 },
];

/** Route modules that are not behind sign-in by design. */
const publicStaffRoutes = ["staff.tsx", "staff.sign-in.tsx", "staff.sign-out.ts", "staff.forgot-password.tsx", "staff.set-password.tsx", "staff.not-found.tsx"];

/** Every role alone, and a sales lead who also recruits. */
const roleSets: StaffRole[][] = [...staffRoles.map((role) => [role]), ["sales", "recruiter"]];

function accountOf(roles: StaffRole[]): StaffUser {
  const key = roles.join("-");
  return { id: `user-${key}`, name: `Test ${key}`, email: `${key}@kraf.example`, roles, timeZone: null };
}

let services: Services;

beforeAll(async () => {
  const target = await createTestDatabaseEnv("pglite", { migrated: true });
  services = await openServices(parseEnv({ DATA_DIR: target.env.DATA_DIR, LOG_LEVEL: "silent", DEMO_CONTENT: "false" }), { mailTemplates });
  // Handlers that audit (an export) need the acting account to exist.
  await services.db.insert(staffUsers).values(roleSets.map((roles) => ({ ...accountOf(roles) })));
}, 90_000);

afterAll(async () => {
  await services?.close();
});

test("every staff route module is in the access table", () => {
  const staffModules = fs.readdirSync("app/routes").filter((name) => name.startsWith("staff.") || name === "staff.tsx");
  const covered = new Set([...table.map((entry) => entry.file), ...publicStaffRoutes]);
  expect(staffModules.filter((name) => !covered.has(name))).toEqual([]);
});

type Outcome = "allowed" | "sign-in" | "forbidden" | 401;

async function outcomeOf(handler: Handler, entry: RouteCase, roles: StaffRole[] | null, method: "GET" | "POST"): Promise<Outcome> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  setCurrentStaff(context, roles ? accountOf(roles) : null);
  const url = new URL(entry.path, services.env.SITE_URL);
  const request = new Request(
    url,
    method === "POST" ? { method, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url.origin }, body: "" } : {},
  );
  try {
    const result = await handler({ request, context, params: entry.params ?? {}, url, pattern: entry.path } as unknown as LoaderFunctionArgs);
    if (result instanceof Response && (result.status === 401 || result.status === 403)) return result.status === 401 ? 401 : "forbidden";
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return thrown.headers.get("Location")?.startsWith("/staff/sign-in") ? "sign-in" : "allowed";
    }
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status === 403) return "forbidden";
    if (typeof status === "number") return "allowed";
    throw thrown;
  }
}

for (const entry of table) {
  test(`${entry.file}: signed out → ${entry.signedOut ?? "sign-in"}; ${entry.allowed === "any" ? "every role" : ["admin", ...entry.allowed].join(", ")} allowed, others 403`, async () => {
    const module = (await import(`../../routes/${entry.file.replace(/\.tsx?$/, "")}`)) as { loader?: Handler; action?: Handler };
    const handlers = [
      ["GET", module.loader],
      ["POST", module.action],
    ] as const;
    expect(handlers.some(([, handler]) => handler)).toBe(true);
    for (const [method, handler] of handlers) {
      if (!handler) continue;
      expect(await outcomeOf(handler, entry, null, method), `${method} signed out`).toBe(entry.signedOut ?? "sign-in");
      for (const roles of roleSets) {
        const allowed = roles.includes("admin") || entry.allowed === "any" || roles.some((role) => (entry.allowed as readonly StaffRole[]).includes(role));
        expect(await outcomeOf(handler, entry, roles, method), `${method} as ${roles.join(" + ")}`).toBe(allowed ? "allowed" : "forbidden");
      }
    }
  });
}

test("a sales lead who also recruits opens consultations and applications; a recruiter alone gets 403 on consultations", async () => {
  const consultationsList = (await import("../../routes/staff.consultations")) as { loader: Handler };
  const applicationsList = (await import("../../routes/staff.applications._index")) as { loader: Handler };
  const consultationsEntry = table.find((entry) => entry.file === "staff.consultations.tsx")!;
  const applicationsEntry = table.find((entry) => entry.file === "staff.applications._index.tsx")!;
  expect(await outcomeOf(consultationsList.loader, consultationsEntry, ["sales", "recruiter"], "GET")).toBe("allowed");
  expect(await outcomeOf(applicationsList.loader, applicationsEntry, ["sales", "recruiter"], "GET")).toBe("allowed");
  expect(await outcomeOf(consultationsList.loader, consultationsEntry, ["recruiter"], "GET")).toBe("forbidden");
  expect(await outcomeOf(applicationsList.loader, applicationsEntry, ["recruiter"], "GET")).toBe("allowed");
});
