import { afterAll, beforeAll, expect, test } from "vitest";
import { DEFAULT_DIGEST_SCHEDULE, digestDueTimes } from "#app/features/campaigns/digest-schedule.ts";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";
import { axeViolations, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { parseMail, startSmtpServer, waitUntil, type TestSmtpServer } from "#tests/support/mail.ts";
import { notice } from "#tests/support/publishing.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * The digest of new insights end to end, without JavaScript: an editor turns
 * it on from the campaign list; once a period falls due (the test moves the
 * schedule's saving back a week rather than waiting one), the server's own
 * check makes the digest, which reaches the confirmed subscriber only and
 * shows in the campaign list marked as a digest.
 */

const { newPage } = setupBrowser();
let smtp: TestSmtpServer;
let database: FreshPostgres;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await freshPostgres();
  server = await startServer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, DATABASE_URL: database.url, NEWSLETTER_SEND_RATE: "20" });
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  await smtp?.stop();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw));

test(
  "an editor turns the weekly digest on without JavaScript; when it falls due the week's insight goes to the confirmed subscriber as a campaign marked as a digest",
  { timeout: 240_000 },
  async () => {
    await database.pool.query(
      "insert into newsletter_subscriptions (email, consent_at, confirmed_at) values ('reader@example.com', now(), now()), ('waiting@example.com', now(), null)",
    );

    const editor = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
    editor.setDefaultTimeout(30_000);
    await signInAs(editor, server, "editor", "Edna Editor");
    await editor.goto("/staff/campaigns");
    await editor.getByRole("link", { name: "Digest of new insights" }).click();
    await editor.getByRole("heading", { level: 1, name: "Digest of new insights" }).waitFor();
    await editor.getByText("The digest is off.").waitFor();
    // axe runs as a script: the same page in a second tab that runs them.
    const checker = await newPage({ baseURL: server.baseURL });
    checker.setDefaultTimeout(30_000);
    await signInAs(checker, server, "editor");
    await checker.goto("/staff/campaigns/digest");
    expect(await axeViolations(checker), "digest page at 1280 px").toEqual([]);
    await checker.setViewportSize(PHONE);
    expect(await axeViolations(checker), "digest page at 375 px").toEqual([]);

    await editor.getByLabel("Send the digest").check();
    await editor.getByLabel("Weekly, on the day of the week below").check();
    await editor.getByLabel(/^Day of the week/).selectOption({ label: "Monday" });
    await editor.getByLabel(/^Time of day/).fill("09:00");
    await editor.getByRole("button", { name: "Save the digest" }).click();
    await notice(editor, "Saved: the digest goes out at the next time it falls due.");
    await editor.getByText(/^The digest is on\. The next one is due /).waitFor();
    const audited = await database.pool.query("select detail from audit_log where action = 'insight-digest-changed'");
    expect(audited.rows).toEqual([{ detail: { enabled: "on", cadence: "weekly", weekday: 1, minuteOfDay: 540 } }]);

    // As if it had been saved a week ago, with an insight published in the week to the last Monday 09:00.
    const { due } = digestDueTimes({ ...DEFAULT_DIGEST_SCHEDULE, enabled: true }, DEFAULT_BUSINESS_HOURS.timeZone, new Date());
    await database.pool.query(
      `insert into "FeaturedInsights" (title, slug, excerpt, "publishedDate") values ('Cutting cloud costs', 'cloud-costs', 'Where the money went.', $1)`,
      [new Date(due.getTime() - 60 * 60_000)],
    );
    await database.pool.query("update insight_digest_settings set changed_at = $1", [new Date(due.getTime() - 24 * 60 * 60_000)]);

    await waitUntil(() => mailsTo("reader@example.com").length > 0, 90_000);
    const [mail] = mailsTo("reader@example.com");
    expect(mail!.headers.get("subject")).toBe("New from Kraf Technologies: one new insight");
    expect(mail!.html).toContain(`href="${server.baseURL}/featured-insights/cloud-costs"`);
    expect(mail!.headers.get("list-unsubscribe")).toMatch(/^<http.*\/newsletter\/unsubscribe\?s=/);
    expect(mailsTo("waiting@example.com")).toEqual([]);

    await editor.goto("/staff/campaigns");
    const row = editor.getByRole("row", { name: /New from Kraf Technologies: one new insight/ });
    await row.getByText("Digest", { exact: true }).waitFor();
    await editor.goto("/staff/campaigns/digest");
    await editor.getByRole("link", { name: "The digest's campaign" }).waitFor();
    expect(await database.count("newsletter_campaigns")).toBe(1);
  },
);
