import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { CONSENT_VALUE } from "#app/features/forms/form-rules.ts";
import { withinAddressCap } from "#app/features/forms/submission.server.ts";
import { confirmJobAlert, jobAlertToken, unsubscribeJobAlert } from "#app/features/job-alerts/job-alert-links.server.ts";
import { JOB_ALERT_SUCCESS_MESSAGE } from "#app/features/job-alerts/job-alert-schema.ts";
import { alertDayOf, alertMatches, JOB_ALERTS_PER_ADDRESS, morningOf, sweepJobAlerts } from "#app/features/job-alerts/job-alerts.server.ts";
import { handleJobAlertPost } from "#app/features/job-alerts/subscribe-job-alert.server.ts";
import { changeJobStatus } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { jobAlertDays, jobAlertSubscriptions, jobs, outbox } from "#app/platform/db/schema.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 90_000 });

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const KOLKATA = { timeZone: "Asia/Kolkata", start: 9 * 60 + 30 };
const actor = { id: null, email: "recruiter@kraf.example" };

test("a job matches the picked departments (any spelling of the name) and workplaces; no pick means all", () => {
  const job = { department: " Engineering ", workplace: "remote" };
  expect(alertMatches({ departments: [], workplaces: [] }, job)).toBe(true);
  expect(alertMatches({ departments: ["engineering"], workplaces: [] }, job)).toBe(true);
  expect(alertMatches({ departments: ["Design", "Engineering"], workplaces: ["remote", "hybrid"] }, job)).toBe(true);
  expect(alertMatches({ departments: ["Design"], workplaces: [] }, job)).toBe(false);
  expect(alertMatches({ departments: [], workplaces: ["on-site"] }, job)).toBe(false);
  // A job without a workplace is in "all workplaces" only; one without a department in "all departments" only.
  expect(alertMatches({ departments: [], workplaces: ["remote"] }, { department: "Engineering", workplace: null })).toBe(false);
  expect(alertMatches({ departments: ["Engineering"], workplaces: [] }, { department: null, workplace: "remote" })).toBe(false);
});

test("the alert day and its morning are the company's: 23:00 UTC is already the next day in India, whose morning is 09:30 there", () => {
  expect(alertDayOf(new Date("2026-11-26T23:00:00Z"), "Asia/Kolkata")).toBe("2026-11-27");
  expect(alertDayOf(new Date("2026-11-26T17:00:00Z"), "Asia/Kolkata")).toBe("2026-11-26");
  expect(morningOf("2026-11-27", KOLKATA).toISOString()).toBe("2026-11-27T04:00:00.000Z");
});

function withServices(run: (services: Services) => Promise<void>) {
  return async () => {
    for (const driver of await featureDrivers()) {
      await withTestServices(driver, { AUTH_SECRET: SECRET, SITE_URL: "https://www.example.com" }, run);
    }
  };
}

function alertPost(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: "10.1.2.3" });
  const request = new Request("https://www.example.com/careers/alerts", {
    method: "POST",
    body: new URLSearchParams({ consent: CONSENT_VALUE, ...fields }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return { request, context };
}

const mailTo = (services: Services, template: string, to: string) =>
  services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, template), eq(outbox.toAddress, to)))
    .orderBy(outbox.id);

test(
  "subscribing asks for a confirmation with one-click unsubscribe; only the link confirms; unsubscribing removes the address and its picks",
  withServices(async (services) => {
    const { request, context } = alertPost({ email: "asha@example.com", "department-0": "Engineering", "workplace-remote": "on" });
    const response = await handleJobAlertPost(request, context, services);
    expect(response.data).toMatchObject({ status: "success", messages: [JOB_ALERT_SUCCESS_MESSAGE, expect.any(String)] });

    const [row] = await services.db.select().from(jobAlertSubscriptions);
    expect(row).toMatchObject({ email: "asha@example.com", departments: ["Engineering"], workplaces: ["remote"], confirmedAt: null });
    const [confirmation] = await mailTo(services, "job-alert-confirmation", "asha@example.com");
    expect(confirmation!.params).toMatchObject({ choice: "Engineering; remote" });
    const confirmToken = jobAlertToken(SECRET, "confirm", row!);

    // A second post of a known address: the same answer, no second row, no second mail moments later.
    const again = alertPost({ email: "ASHA@example.com" });
    expect((await handleJobAlertPost(again.request, again.context, services)).data).toMatchObject({ status: "success" });
    expect(await services.db.select().from(jobAlertSubscriptions)).toHaveLength(1);
    expect(await mailTo(services, "job-alert-confirmation", "asha@example.com")).toHaveLength(1);

    // The unsubscribe token cannot confirm; the confirm token can, twice without harm.
    expect(await confirmJobAlert(services, jobAlertToken(SECRET, "unsubscribe", row!))).toBeNull();
    expect(await confirmJobAlert(services, confirmToken)).toEqual({ email: "asha@example.com" });
    expect(await confirmJobAlert(services, confirmToken)).toEqual({ email: "asha@example.com" });
    const [confirmed] = await services.db.select().from(jobAlertSubscriptions);
    expect(confirmed!.confirmedAt).not.toBeNull();

    expect(await unsubscribeJobAlert(services, confirmToken)).toBeNull();
    expect(await unsubscribeJobAlert(services, jobAlertToken(SECRET, "unsubscribe", row!))).toEqual({ email: "asha@example.com" });
    expect(await services.db.select().from(jobAlertSubscriptions)).toHaveLength(0);
    expect(await unsubscribeJobAlert(services, jobAlertToken(SECRET, "unsubscribe", row!))).toBeNull();
  }),
);

test(
  "the first new job of a day goes at once, later ones that day wait for one email the next morning, and nobody gets two a day",
  withServices(async (services) => {
    const db = services.db;
    const subscribers = await db
      .insert(jobAlertSubscriptions)
      .values([
        { email: "eng@example.com", departments: ["Engineering"], workplaces: ["remote"], confirmedAt: new Date() },
        { email: "design@example.com", departments: ["Design"], confirmedAt: new Date() },
        { email: "all@example.com", confirmedAt: new Date() },
        { email: "unconfirmed@example.com" },
      ])
      .returning();
    const publish = async (title: string, department: string, workplace: string) => {
      const [job] = await db
        .insert(jobs)
        .values({ title, department, workplace, status: "draft", slug: title.toLowerCase().replace(/ /g, "-") })
        .returning();
      expect((await changeJobStatus(db, job!.id, "publish", actor, "10.0.0.1")).ok).toBe(true);
      return job!;
    };
    const sweep = (at: string) => sweepJobAlerts({ db, outbox: services.outbox, env: services.env }, new Date(at));
    const alertsTo = async (to: string) =>
      (await mailTo(services, "job-alert", to)).map((row) => (row.params as { jobs: { title: string; url: string }[] }).jobs.map((job) => job.title));

    // Day one, 11:00 in India.
    await publish("Backend Engineer", "Engineering", "remote");
    // Any number of processes sweep at once: each publication and day row is taken by one.
    expect((await Promise.all([sweep("2026-11-26T05:30:00Z"), sweep("2026-11-26T05:30:00Z")])).reduce((a, b) => a + b)).toBe(2);
    expect(await alertsTo("eng@example.com")).toEqual([["Backend Engineer"]]);
    expect(await alertsTo("all@example.com")).toEqual([["Backend Engineer"]]);
    expect(await alertsTo("design@example.com")).toEqual([]);
    expect(await alertsTo("unconfirmed@example.com")).toEqual([]);
    const [first] = await mailTo(services, "job-alert", "eng@example.com");
    expect((first!.params as { jobs: { url: string }[] }).jobs[0]!.url).toBe("https://www.example.com/careers/backend-engineer");

    // Later that day two more: nothing now, both in tomorrow's morning row; the designer's first of the day goes at once.
    await publish("Frontend Engineer", "Engineering", "remote");
    await publish("Product Designer", "Design", "hybrid");
    expect(await sweep("2026-11-26T12:00:00Z")).toBe(1);
    expect(await alertsTo("eng@example.com")).toEqual([["Backend Engineer"]]);
    expect(await alertsTo("design@example.com")).toEqual([["Product Designer"]]);
    const [waiting] = await db
      .select()
      .from(jobAlertDays)
      .where(and(eq(jobAlertDays.subscriptionId, subscribers[2]!.id), eq(jobAlertDays.day, "2026-11-27")));
    expect(waiting!.sendAt.toISOString()).toBe("2026-11-27T04:00:00.000Z");

    // Before the morning nothing; at 09:30 the next day one email each with everything gathered.
    expect(await sweep("2026-11-27T03:59:00Z")).toBe(0);
    expect(await sweep("2026-11-27T04:00:00Z")).toBe(2);
    expect(await alertsTo("all@example.com")).toEqual([["Backend Engineer"], ["Frontend Engineer", "Product Designer"]]);
    expect(await alertsTo("eng@example.com")).toEqual([["Backend Engineer"], ["Frontend Engineer"]]);

    // That day has had its email: a job published at noon waits for the morning after.
    await publish("Data Engineer", "Engineering", "remote");
    expect(await sweep("2026-11-27T06:30:00Z")).toBe(0);
    expect(await sweep("2026-11-28T04:00:00Z")).toBe(2);
    expect(await alertsTo("eng@example.com")).toEqual([["Backend Engineer"], ["Frontend Engineer"], ["Data Engineer"]]);
  }),
);

test(
  "alert emails are capped per address like the confirmations: a capped day's email is dropped, not sent later",
  withServices(async (services) => {
    const db = services.db;
    await db.insert(jobAlertSubscriptions).values({ email: "busy@example.com", confirmedAt: new Date() });
    for (let i = 0; i < JOB_ALERTS_PER_ADDRESS.limit; i++) await withinAddressCap(db, "job-alert", "Busy@Example.com", JOB_ALERTS_PER_ADDRESS);
    const [job] = await db.insert(jobs).values({ title: "Tester", status: "draft" }).returning();
    await changeJobStatus(db, job!.id, "publish", actor, "10.0.0.1");
    expect(await sweepJobAlerts({ db, outbox: services.outbox, env: services.env })).toBe(0);
    expect(await mailTo(services, "job-alert", "busy@example.com")).toHaveLength(0);
    expect((await db.select().from(jobAlertDays))[0]!.sentAt).not.toBeNull();
  }),
);
