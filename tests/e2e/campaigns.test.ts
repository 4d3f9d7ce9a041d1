import { createHmac } from "node:crypto";
import { rm } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEFAULT_DIGEST_SCHEDULE, digestDueTimes } from "#app/features/campaigns/digest-schedule.ts";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";
import { newsletterToken } from "#app/features/newsletter/newsletter-links.server.ts";
import { axeViolations, DESKTOP, PHONE, setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { parseMail, startSmtpServer, waitUntil, type TestSmtpServer } from "#tests/support/mail.ts";
import { notice } from "#tests/support/publishing.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * A newsletter campaign end to end on one server whose mail goes to a real
 * SMTP sink, on a PostgreSQL database the test reads: three subscribers
 * (confirmed, awaiting confirmation, unsubscribed); an editor writes a
 * campaign with an uploaded image, previews it, sends a test, then sends it;
 * only the confirmed subscriber gets it, with their own unsubscribe link, and
 * following that link removes them. Then the mail provider reports a hard
 * bounce for a new subscriber, and the next campaign goes to everyone but them.
 * On the same server: the digest of new insights, turned on without
 * JavaScript, goes out as a campaign when its period falls due; and an admin
 * turns on counting opens and clicks (decision 080), which the privacy policy
 * then states.
 */

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const WEBHOOK_SECRET = "a-webhook-secret-for-the-test";
const { newPage } = setupBrowser();
let smtp: TestSmtpServer;
let database: FreshPostgres;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await freshPostgres();
  server = await startServer({
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: smtp.url,
    DATABASE_URL: database.url,
    AUTH_SECRET: SECRET,
    NEWSLETTER_SEND_RATE: "20",
    MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});

afterAll(async () => {
  await server?.stop();
  if (server) await rm(server.dataDir, { recursive: true, force: true });
  await database?.dispose();
  await smtp?.stop();
});

/** The server stopped and started again at the same address, on the same database and data folder: the pages' sessions stay valid. */
async function restartServer() {
  const { env, baseURL } = server;
  await server.stop({ keepData: true });
  server = await startServer(env, { port: Number(new URL(baseURL).port) });
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw));

async function mailTo(address: string, subject: string) {
  const matching = () => mailsTo(address).filter((mail) => mail.headers.get("subject") === subject);
  await waitUntil(() => matching().length > 0, 40_000).catch((error: Error) => {
    throw new Error(`${error.message}; no "${subject}" to ${address}\n${server.output().slice(-3000)}`);
  });
  return matching()[0]!;
}

async function subscriber(email: string, confirmed: boolean) {
  const { rows } = await database.pool.query<{ id: string }>(
    "insert into newsletter_subscriptions (email, consent_at, confirmed_at) values ($1, now(), $2) returning id",
    [email, confirmed ? new Date() : null],
  );
  return { id: Number(rows[0]!.id), email };
}

test(
  "a campaign with an image is previewed on a desktop and a phone, test-sent, then sent: only the confirmed subscriber gets it, with their own unsubscribe link, which removes them; a reported bounce keeps the next campaign from that address",
  { timeout: 300_000 },
  async () => {
    const reader = await subscriber("reader@example.com", true);
    await subscriber("waiting@example.com", false);
    // The third confirmed once and left with the one-click unsubscribe of an earlier mail.
    const leaver = await subscriber("leaver@example.com", true);
    const oneClick = await fetch(`${server.baseURL}/newsletter/unsubscribe?s=${newsletterToken(SECRET, "unsubscribe", leaver)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await database.count("newsletter_subscriptions")).toBe(2);

    const editor = await newPage({ baseURL: server.baseURL });
    editor.setDefaultTimeout(30_000);
    const editorEmail = await signInAs(editor, server, "editor", { name: "Edna Editor" });
    await editor.getByRole("link", { name: "Newsletter campaigns" }).first().click();
    await editor.getByRole("heading", { level: 1, name: "Newsletter campaigns" }).waitFor();
    await editor.getByRole("link", { name: "New campaign" }).click();
    await waitForStaffHydration(editor);

    // The image goes through the insights' pipeline, as the editor's "Insert image" sends it.
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#3a6ea5" } })
      .png()
      .toBuffer();
    const uploaded = await editor.evaluate(async (base64) => {
      const form = new FormData();
      form.append("image", new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], "chart.png", { type: "image/png" }));
      const response = await fetch("/staff/media", { method: "POST", body: form });
      return (await response.json()) as { src: string };
    }, png.toString("base64"));
    expect(uploaded.src).toMatch(/^\/media\/[0-9a-f-]{36}\/\d+\.webp$/);

    await editor.getByLabel("Subject").fill("November notes");
    await editor.getByLabel("Preheader").fill("What we shipped this month");
    await editor.getByRole("button", { name: "Edit HTML" }).click();
    await editor
      .getByLabel(/^Body/)
      .fill(`<h2>Shipped</h2><p>A faster checkout.</p><p><img src="${uploaded.src}" alt="The checkout chart"></p><script>alert(1)</script>`);
    const absoluteSrc = `${server.baseURL}${uploaded.src}`;
    const imageLoaded = editor
      .waitForEvent("requestfinished", (request) => request.url() === absoluteSrc)
      .then(async (request) => (await request.response())!.status());
    await editor.getByRole("button", { name: "Save the draft" }).click();
    await editor.waitForURL(/\/staff\/campaigns\/\d+\?done=created$/);
    await notice(editor, "Draft saved.");
    await editor.getByText("1 person now").waitFor();

    // The preview: the branded message at a desktop's width and a phone's, the image at its full address and loaded.
    // The frames run no scripts, so the test reads what they were given and watches what they fetch.
    expect(await imageLoaded).toBe(200);
    for (const title of ["The campaign on a desktop", "The campaign on a phone"]) {
      const html = (await editor.locator(`iframe[title="${title}"]`).getAttribute("srcdoc"))!;
      expect(html).toMatch(/<img [^>]*src="[^"]+" alt="The checkout chart"/);
      expect(html).toContain(` src="${absoluteSrc}" alt="The checkout chart"`);
      expect(html).toContain("A faster checkout.");
      expect(html).not.toContain("<script");
    }
    expect((await editor.locator("iframe[title='The campaign on a phone']").boundingBox())!.width).toBeLessThanOrEqual(375);
    // axe cannot run inside frames without scripts: the page around them is checked (the frames' titles were found above).
    await editor.evaluate(() => document.querySelectorAll("iframe").forEach((frame) => frame.remove()));
    expect(await axeViolations(editor), "campaign page at 1280 px").toEqual([]);
    await editor.setViewportSize(PHONE);
    expect(await axeViolations(editor), "campaign page at 375 px").toEqual([]);
    await editor.setViewportSize(DESKTOP);

    // A test to the editor, through the outbox.
    await editor.getByRole("button", { name: "Send a test to me" }).click();
    await notice(editor, `A test is on its way to ${editorEmail}.`);
    const test = await mailTo(editorEmail, "November notes");
    expect(test.html).toContain(absoluteSrc);

    await editor.getByRole("button", { name: "Send now" }).click();
    await notice(editor, "The campaign is sending.");
    const mail = await mailTo(reader.email, "November notes");
    const unsubscribeUrl = `${server.baseURL}/newsletter/unsubscribe?s=${newsletterToken(SECRET, "unsubscribe", reader)}`;
    expect(mail.headers.get("list-unsubscribe")).toBe(`<${unsubscribeUrl}>`);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(unsubscribeUrl);
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
    expect(mail.html).toContain(absoluteSrc);
    expect(mail.html).not.toContain("<script");

    // The campaign finishes; nobody else got it, and the reader got it once.
    await waitUntil(async () => {
      const { rows } = await database.pool.query<{ state: string }>("select state from newsletter_campaigns");
      return rows[0]?.state === "sent";
    }, 30_000);
    expect(mailsTo("waiting@example.com")).toEqual([]);
    expect(mailsTo("leaver@example.com")).toEqual([]);
    expect(mailsTo(reader.email)).toHaveLength(1);

    // Following the link removes them.
    const visitor = await newPage({ baseURL: server.baseURL });
    await visitor.goto(unsubscribeUrl);
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await visitor.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
    const { rows: left } = await database.pool.query("select 1 from newsletter_subscriptions where email = $1", [reader.email]);
    expect(left).toEqual([]);

    // The list shows the campaign sent, with its figures.
    await editor.goto("/staff/campaigns");
    const row = editor.getByRole("row", { name: /November notes/ });
    await row.getByText("Sent", { exact: true }).waitFor();
    expect(await row.locator("td").allTextContents()).toEqual(["Sent", expect.any(String), "1", "1", "0", "0", "0", "1", "Not counted", "Not counted"]);

    // The provider reports a hard bounce for one of two new subscribers: the next campaign skips that address.
    const staying = await subscriber("staying@example.com", true);
    const bouncer = await subscriber("bouncer@example.com", true);
    const report = JSON.stringify({ events: [{ type: "hard-bounce", address: bouncer.email, detail: "550 5.1.1 no such mailbox" }] });
    const bounce = await fetch(`${server.baseURL}/webhooks/mail/generic`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Mail-Webhook-Signature": `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(report).digest("hex")}`,
      },
      body: report,
    });
    expect(bounce.status).toBe(200);
    await editor.getByRole("link", { name: "New campaign" }).click();
    await waitForStaffHydration(editor);
    await editor.getByLabel("Subject").fill("December notes");
    await editor.getByRole("button", { name: "Edit HTML" }).click();
    await editor.getByLabel(/^Body/).fill("<p>Plans for the new year.</p>");
    await editor.getByRole("button", { name: "Save the draft" }).click();
    await notice(editor, "Draft saved.");
    await editor.getByText("1 person now").waitFor();
    await editor.getByRole("button", { name: "Send now" }).click();
    await notice(editor, "The campaign is sending.");
    await mailTo(staying.email, "December notes");
    await waitUntil(async () => {
      const { rows } = await database.pool.query<{ state: string }>("select state from newsletter_campaigns where subject = 'December notes'");
      return rows[0]?.state === "sent";
    }, 30_000);
    expect(mailsTo(bouncer.email)).toEqual([]);
  },
);

test(
  "an editor turns the weekly digest on without JavaScript; when it falls due the week's insight goes to the confirmed subscriber as a campaign marked as a digest",
  { timeout: 240_000 },
  async () => {
    await database.pool.query(
      "insert into newsletter_subscriptions (email, consent_at, confirmed_at) values ('digest-reader@example.com', now(), now()), ('digest-waiting@example.com', now(), null)",
    );

    const editor = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
    editor.setDefaultTimeout(30_000);
    await signInAs(editor, server, "editor", { name: "Edna Editor", at: "/staff/campaigns" });
    await editor.getByRole("link", { name: "Digest of new insights" }).click();
    await editor.getByRole("heading", { level: 1, name: "Digest of new insights" }).waitFor();
    await editor.getByText("The digest is off.").waitFor();
    // axe runs as a script: the same page in a second tab that runs them.
    const checker = await newPage({ baseURL: server.baseURL });
    checker.setDefaultTimeout(30_000);
    await signInAs(checker, server, "editor", { at: "/staff/campaigns/digest" });
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
    // A process checks for a due digest a second after it starts and then every half minute: one started after
    // the digest fell due sends it at once, where a running one could take up to 30 s to look.
    await restartServer();

    await waitUntil(() => mailsTo("digest-reader@example.com").length > 0, 90_000);
    const [mail] = mailsTo("digest-reader@example.com");
    expect(mail!.headers.get("subject")).toBe("New from Kraf Technologies: one new insight");
    expect(mail!.html).toContain(`href="${server.baseURL}/featured-insights/cloud-costs"`);
    expect(mail!.headers.get("list-unsubscribe")).toMatch(/^<http.*\/newsletter\/unsubscribe\?s=/);
    expect(mailsTo("digest-waiting@example.com")).toEqual([]);

    await editor.goto("/staff/campaigns");
    const row = editor.getByRole("row", { name: /New from Kraf Technologies: one new insight/ });
    await row.getByText("Digest", { exact: true }).waitFor();
    await editor.goto("/staff/campaigns/digest");
    await editor.getByRole("link", { name: "The digest's campaign" }).waitFor();
    const digests = await database.pool.query("select campaign_id from insight_digests where campaign_id is not null");
    expect(digests.rowCount).toBe(1);
  },
);

const SECTION = "Newsletter opens and clicks";
const policySays = async () => (await (await fetch(`${server.baseURL}/privacy-policy`)).text()).includes(SECTION);

test(
  "without JavaScript, an admin turns on counting opens and clicks and the privacy policy says so; the counting addresses answer any token safely",
  { timeout: 120_000 },
  async () => {
    expect(await policySays()).toBe(false);
    // axe runs in the page: it is checked with JavaScript, the form is sent without.
    const checked = await newPage({ baseURL: server.baseURL });
    await signInAs(checked, server, "admin", { at: "/staff/campaigns/tracking" });
    expect(await axeViolations(checked)).toEqual([]);
    const page = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
    await signInAs(page, server, "admin", { name: "Second Admin", at: "/staff/campaigns/tracking" });
    expect(await page.getByLabel("Off: count nothing").isChecked()).toBe(true);
    await page.getByLabel("On: count them, and say so in the privacy policy").check();
    await page.getByRole("button", { name: "Save" }).click();
    await notice(page, /^Counting is on/);
    await waitUntil(policySays);
    await checked.goto("/privacy-policy");
    await checked.getByRole("heading", { name: SECTION }).waitFor();
    expect(await axeViolations(checked)).toEqual([]);

    for (const [path, status] of [
      ["/newsletter/open/1.1.AAAAAAAAAAAAAAAAAAAAAA", 200],
      ["/newsletter/click/1.1.AAAAAAAAAAAAAAAAAAAAAA/0", 302],
    ] as const) {
      const answer = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
      expect(answer.status, path).toBe(status);
      if (status === 200) expect(answer.headers.get("content-type")).toBe("image/gif");
      else expect(answer.headers.get("location")).toBe("/");
      expect(answer.headers.get("set-cookie"), path).toBeNull();
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
      expect(answer.headers.get("content-security-policy"), path).toContain("default-src 'self'");
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  },
);
