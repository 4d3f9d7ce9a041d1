import { and, eq, sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { loadCampaignWords, renderCampaign, type CampaignMailParams } from "#app/features/campaigns/campaign-emails.server.ts";
import { NO_RECIPIENTS_MESSAGE } from "#app/features/campaigns/campaign-rules.ts";
import {
  createCampaign,
  fillCampaignBatch,
  findCampaign,
  listCampaigns,
  paceCampaign,
  parseCampaign,
  pauseCampaign,
  resumeCampaign,
  sendCampaignNow,
  sweepCampaigns,
} from "#app/features/campaigns/campaigns.server.ts";
import { unsubscribe } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { newsletterToken } from "#app/features/newsletter/newsletter-links.server.ts";
import { newsletterCampaigns, newsletterSubscriptions, outbox, OUTBOX_HELD_UNTIL } from "#app/platform/db/schema.server.ts";
import { suppress } from "#app/platform/email/suppression.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { waitUntil } from "#tests/support/mail.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 120_000 });

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "https://www.example.com";
// The command line's kind of actor: no account row to make for the campaign's author.
const editor = { id: null, email: "editor@kraf.example" };

function withServices(settings: Record<string, string>, run: (services: Services) => Promise<void>) {
  return async () => {
    for (const driver of await featureDrivers()) {
      await withTestServices(driver, { AUTH_SECRET: SECRET, SITE_URL: SITE, ...settings }, run);
    }
  };
}

async function subscribe(services: Services, email: string, confirmed: boolean) {
  const [row] = await services.db
    .insert(newsletterSubscriptions)
    .values({ email, confirmedAt: confirmed ? new Date() : null })
    .returning();
  return row!;
}

async function newCampaign(services: Services) {
  const parsed = parseCampaign({
    subject: "  November   notes ",
    preheader: "What we shipped",
    body: '<h2>Shipped</h2><p>A faster checkout.</p><p><img src="/media/1/chart.webp" alt="A chart" onerror="alert(1)"></p><script>alert(1)</script>',
  });
  if (!parsed.ok) throw new Error(parsed.message);
  return createCampaign(services.db, parsed.input, editor, null);
}

const rowsOf = (services: Services, campaignId: number) => services.db.select().from(outbox).where(eq(outbox.campaignId, campaignId)).orderBy(outbox.id);

test("a campaign's body is sanitised as insights' are, and the subject, preheader and body are required and bounded", () => {
  const parsed = parseCampaign({ subject: "Hi", preheader: "", body: '<p onclick="x()">Hello</p><script>alert(1)</script><iframe src="https://x"></iframe>' });
  expect(parsed).toEqual({ ok: true, input: { subject: "Hi", preheader: "", bodyHtml: "<p>Hello</p>" } });
  expect(parseCampaign({ subject: "", body: "<p>x</p>" })).toMatchObject({ ok: false, field: "subject" });
  expect(parseCampaign({ subject: "x".repeat(151), body: "<p>x</p>" })).toMatchObject({ ok: false, field: "subject" });
  expect(parseCampaign({ subject: "x", preheader: "y".repeat(201), body: "<p>x</p>" })).toMatchObject({ ok: false, field: "preheader" });
  expect(parseCampaign({ subject: "x", body: "<script>only a script</script>" })).toMatchObject({ ok: false, field: "body" });
});

test(
  "only confirmed, unsuppressed subscribers get a campaign, each with their own unsubscribe link; a campaign to nobody is refused with a sentence",
  withServices({}, async (services) => {
    const id = await newCampaign(services);
    await subscribe(services, "waiting@example.com", false);
    expect(await sendCampaignNow(services.db, id, editor, null)).toEqual({ ok: false, status: 409, message: NO_RECIPIENTS_MESSAGE });
    expect((await findCampaign(services.db, id))!.state).toBe("draft");

    const asha = await subscribe(services, "asha@example.com", true);
    const bounced = await subscribe(services, "bounced@example.com", true);
    await suppress(services.db, { address: bounced.email, reason: "hard-bounce", source: "generic" });
    const leaving = await subscribe(services, "leaving@example.com", true);
    await unsubscribe(services, newsletterToken(SECRET, "unsubscribe", leaving));

    expect(await sendCampaignNow(services.db, id, editor, null)).toMatchObject({ ok: true });
    await fillCampaignBatch(services.db, services.env, id);
    const rows = await rowsOf(services, id);
    expect(rows.map((row) => row.toAddress)).toEqual(["asha@example.com"]);
    const [row] = rows;
    expect(row).toMatchObject({
      kind: "newsletter",
      template: "newsletter-campaign",
      subject: "November notes",
      newsletterSubscriptionId: asha.id,
      status: "pending",
    });
    // Held until the pacer lets it go.
    expect(row!.nextAttemptAt.toISOString()).toBe(new Date(OUTBOX_HELD_UNTIL).toISOString());

    const params = row!.params as CampaignMailParams;
    expect(params.unsubscribe_url).toBe(`${SITE}/newsletter/unsubscribe?s=${newsletterToken(SECRET, "unsubscribe", asha)}`);
    expect(params).not.toHaveProperty("body_html");
    const mail = renderCampaign((await loadCampaignWords(services.db, params))!);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${params.unsubscribe_url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mail.html).toContain(`<img src="${SITE}/media/1/chart.webp" alt="A chart"`);
    expect(mail.html).not.toContain("script");
    expect(mail.html).not.toContain("onerror");
    expect(mail.htmlAfterAction).toContain(`href="${params.unsubscribe_url.replace(/&/g, "&amp;")}"`);
    expect(mail.text).toContain(`Unsubscribe with one click: ${params.unsubscribe_url}`);
    expect(mail.preheader).toBe("What we shipped");

    // The pacer lets it go, the worker sends it, the sweep marks the campaign sent.
    await sweepCampaigns(services);
    await waitUntil(async () => (await rowsOf(services, id))[0]!.status === "sent");
    await sweepCampaigns(services);
    expect((await findCampaign(services.db, id))!.state).toBe("sent");
    // Its link is cleared once sent: only the recipient keeps it.
    expect(((await rowsOf(services, id))[0]!.params as CampaignMailParams).unsubscribe_url).toBe("");

    // Following the link removes them; the campaign's figures count it.
    expect(await unsubscribe(services, newsletterToken(SECRET, "unsubscribe", asha))).not.toBeNull();
    const [listed] = await listCampaigns(services.db);
    expect(listed!.figures).toEqual({ recipients: 1, sent: 1, waiting: 0, failed: 0, notSent: 0, bounced: 0, complaints: 0, unsubscribes: 1 });
  }),
);

test(
  "rows are made once per subscriber however many processes make them, and let go at the send rate; pausing holds what has not gone",
  withServices({ NEWSLETTER_SEND_RATE: "10" }, async (services) => {
    for (let index = 0; index < 25; index++) await subscribe(services, `reader${index}@example.com`, true);
    const id = await newCampaign(services);
    // Hold the worker off these rows for the pacing checks: pause after starting, before any is let go.
    expect(await sendCampaignNow(services.db, id, editor, null)).toMatchObject({ ok: true });
    await services.db.update(newsletterCampaigns).set({ state: "paused" }).where(eq(newsletterCampaigns.id, id));

    // Two "processes" making batches of 7 at once, then the whole fill run again from the start.
    const fill = async () => {
      while (await fillCampaignBatch(services.db, services.env, id, 7)) continue;
    };
    await Promise.all([fill(), fill()]);
    await services.db.update(newsletterCampaigns).set({ filledThrough: 0, filledAt: null }).where(eq(newsletterCampaigns.id, id));
    await fill();
    const rows = await rowsOf(services, id);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((row) => row.newsletterSubscriptionId)).size).toBe(25);

    // A paused campaign lets nothing go.
    expect(await paceCampaign(services.db, id, 10)).toBe(0);
    expect(await resumeCampaign(services.db, id, editor, null)).toMatchObject({ ok: true });
    // Two sweep intervals' worth at 10 a second, a tenth of a second apart; asked again at once, nothing more.
    const [first, again] = await Promise.all([paceCampaign(services.db, id, 10), paceCampaign(services.db, id, 10)]);
    expect(first + again).toBeLessThanOrEqual(20);
    expect(first + again).toBeGreaterThanOrEqual(19);
    expect(await paceCampaign(services.db, id, 10)).toBe(0);
    const released = (await rowsOf(services, id)).filter((row) => row.nextAttemptAt.getTime() !== new Date(OUTBOX_HELD_UNTIL).getTime());
    const times = released.map((row) => row.nextAttemptAt.getTime()).sort((a, b) => a - b);
    for (let index = 1; index < times.length; index++) expect(times[index]! - times[index - 1]!).toBeCloseTo(100, -1);

    expect(await pauseCampaign(services.db, id, editor, null)).toMatchObject({ ok: true });
    const waiting = await services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.campaignId, id), eq(outbox.status, "pending"), sql`${outbox.nextAttemptAt} <> ${OUTBOX_HELD_UNTIL}::timestamptz`));
    expect(waiting).toEqual([]);
    expect((await findCampaign(services.db, id))!.state).toBe("paused");
  }),
);

test(
  "while the worker falls behind the rate, the pacer lets go of no more than two leads' worth, so a pause still holds the rest",
  withServices({ NEWSLETTER_SEND_RATE: "10" }, async (services) => {
    for (let index = 0; index < 60; index++) await subscribe(services, `behind${index}@example.com`, true);
    const id = await newCampaign(services);
    expect(await sendCampaignNow(services.db, id, editor, null)).toMatchObject({ ok: true });
    await services.db.update(newsletterCampaigns).set({ state: "paused" }).where(eq(newsletterCampaigns.id, id));
    while (await fillCampaignBatch(services.db, services.env, id)) continue;
    await services.db.update(newsletterCampaigns).set({ state: "sending" }).where(eq(newsletterCampaigns.id, id));
    // Each round as if the slots let go before had all come, with nothing sent meanwhile.
    const letGo: number[] = [];
    for (let round = 0; round < 3; round++) {
      await services.db
        .update(newsletterCampaigns)
        .set({ pacedUntil: sql`now() - interval '1 hour'` })
        .where(eq(newsletterCampaigns.id, id));
      letGo.push(await paceCampaign(services.db, id, 10));
    }
    expect(letGo).toEqual([20, 20, 0]);
  }),
);

test(
  "a campaign's message interrupted mid-send is failed, never sent again; one its recipient left before it went is not sent",
  withServices({}, async (services) => {
    const stays = await subscribe(services, "stays@example.com", true);
    const leaves = await subscribe(services, "leaves@example.com", true);
    const id = await newCampaign(services);
    await sendCampaignNow(services.db, id, editor, null);
    await fillCampaignBatch(services.db, services.env, id);
    // As if a process died after claiming this one: its lease ran out.
    await services.db
      .update(outbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(outbox.newsletterSubscriptionId, stays.id));
    await unsubscribe(services, newsletterToken(SECRET, "unsubscribe", leaves));
    await services.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.campaignId, id));
    services.outbox.nudge();
    await waitUntil(async () => (await rowsOf(services, id)).every((row) => row.status !== "pending" && row.status !== "sending"));
    const rows = await rowsOf(services, id);
    expect(rows.map((row) => [row.toAddress, row.status, row.attempts])).toEqual([
      ["stays@example.com", "failed", 1],
      ["leaves@example.com", "suppressed", 1],
    ]);
    expect(rows[1]!.lastError).toBe("Not sent: the recipient left the list before it went out");
  }),
);
