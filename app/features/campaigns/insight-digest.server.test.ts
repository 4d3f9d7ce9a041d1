import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { findCampaignWithFigures, listCampaigns, sweepCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { digestCampaignIds, makeDueDigest, saveDigestSchedule } from "#app/features/campaigns/insight-digest.server.ts";
import { unsubscribe } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { newsletterToken } from "#app/features/newsletter/newsletter-links.server.ts";
import {
  auditLog,
  featuredInsights,
  insightDigests,
  insightDigestSettings,
  newsletterCampaigns,
  newsletterSubscriptions,
  outbox,
} from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { parseMail, startSmtpServer, waitUntil, type TestSmtpServer } from "#tests/support/mail.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 120_000 });

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "https://www.example.com";
const editor = { id: null, email: "editor@kraf.example" };
const MEDIA = "/media/0b6f6c9e-3c1d-4a51-9f0e-1d2c3b4a5f60";

/*
 * A weekly digest on Mondays at 09:00 in the company's zone (the business
 * hours' default, Asia/Kolkata, UTC+05:30): the week to Monday 16 November
 * 2026 09:00 runs from Monday 9 November 09:00 (03:30 UTC).
 */
const weekEnd = new Date("2026-11-16T03:30:00Z");
const checkedAt = new Date("2026-11-16T04:00:00Z");
const nextWeekCheck = new Date("2026-11-23T04:00:00Z");

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

function withServices(run: (services: Services) => Promise<void>) {
  return async () => {
    for (const driver of await featureDrivers()) {
      await withTestServices(driver, { AUTH_SECRET: SECRET, SITE_URL: SITE, MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url }, run);
    }
  };
}

/** Turns the weekly digest on as an editor would have, before the weeks these tests look at. */
async function weeklyOnMondays(services: Services) {
  await saveDigestSchedule(services.db, { enabled: true, cadence: "weekly", weekday: 1, monthDay: 1, minuteOfDay: 9 * 60 }, editor, null);
  await services.db.update(insightDigestSettings).set({ changedAt: new Date("2026-11-01T00:00:00Z") });
}

async function insight(services: Services, slug: string, publishedDate: string, more: Partial<typeof featuredInsights.$inferInsert> = {}) {
  await services.db.insert(featuredInsights).values({
    slug,
    title: `The ${slug} story`,
    excerpt: `Why ${slug} matters.`,
    category: "Cloud",
    publishedDate: new Date(publishedDate),
    ...more,
  });
}

async function subscribe(services: Services, email: string, confirmed: boolean) {
  const [row] = await services.db
    .insert(newsletterSubscriptions)
    .values({ email, confirmedAt: confirmed ? new Date() : null })
    .returning();
  return row!;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

test(
  "the week's two new insights go to the confirmed subscriber in one digest, a campaign marked as one, with its figures",
  withServices(async (services) => {
    const asha = await subscribe(services, "asha@example.com", true);
    await subscribe(services, "awaiting@example.com", false);
    const leaving = await subscribe(services, "leaving@example.com", true);
    await unsubscribe(services, newsletterToken(SECRET, "unsubscribe", leaving));

    // Off until an editor turns it on.
    expect(await makeDueDigest(services.db, SITE, checkedAt)).toEqual({ made: "nothing", why: "off" });
    await weeklyOnMondays(services);
    const [audited] = await services.db.select().from(auditLog).where(eq(auditLog.action, "insight-digest-changed"));
    expect(audited!.detail).toEqual({ enabled: "on", cadence: "weekly", weekday: 1, minuteOfDay: 540 });

    await insight(services, "before", "2026-11-09T03:00:00Z");
    await insight(services, "cloud-costs", "2026-11-10T06:00:00Z", { image: `${MEDIA}/1280.webp` });
    await insight(services, "zero-trust", "2026-11-13T06:00:00Z", { excerpt: null, description: "<p>Trust <b>nothing</b> by default.</p>" });
    await insight(services, "a-draft", "2026-11-12T06:00:00Z", { status: "draft" });
    await insight(services, "after", "2026-11-16T04:00:00Z");

    const made = await makeDueDigest(services.db, SITE, checkedAt);
    expect(made).toMatchObject({ made: "campaign", insights: 2 });
    const campaignId = made.made === "campaign" ? made.campaignId : 0;
    expect(await services.db.select().from(insightDigests)).toEqual([
      expect.objectContaining({ periodStart: new Date("2026-11-09T03:30:00Z"), periodEnd: weekEnd, insightCount: 2, campaignId }),
    ]);

    // From here it is any campaign: rows made, let go at the rate, sent through the outbox.
    await sweepCampaigns(services);
    await waitUntil(async () => (await services.db.select().from(outbox).where(eq(outbox.campaignId, campaignId))).every((row) => row.status === "sent"));
    const rows = await services.db.select().from(outbox).where(eq(outbox.campaignId, campaignId));
    expect(rows.map((row) => [row.toAddress, row.newsletterSubscriptionId, row.template])).toEqual([["asha@example.com", asha.id, "newsletter-campaign"]]);
    await waitUntil(() => mailsTo("asha@example.com").length > 0);
    expect(mailsTo("awaiting@example.com")).toEqual([]);
    expect(mailsTo("leaving@example.com")).toEqual([]);

    const [sent] = mailsTo("asha@example.com");
    const mail = parseMail(sent!.raw);
    expect(mail.headers.get("subject")).toBe("New from Kraf Technologies: 2 new insights");
    expect(mail.headers.get("list-unsubscribe")).toBe(`<${SITE}/newsletter/unsubscribe?s=${newsletterToken(SECRET, "unsubscribe", asha)}>`);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // Each insight's title and picture link to its page; the excerpt, or the opening words, below.
    expect(mail.html).toMatch(
      new RegExp(
        `href="${SITE}/featured-insights/cloud-costs"><img [^>]*src="${SITE}${MEDIA}/640.webp" alt="" width="552" ?/?><br ?/?>The cloud-costs story</a>`,
      ),
    );
    expect(mail.html).toContain("Why cloud-costs matters.");
    expect(mail.html).toContain(`href="${SITE}/featured-insights/zero-trust">The zero-trust story</a>`);
    expect(mail.html).toContain("Trust nothing by default.");
    expect(mail.html.indexOf("cloud-costs")).toBeLessThan(mail.html.indexOf("zero-trust"));
    for (const left of ["before", "a-draft", "after"]) expect(mail.html).not.toContain(`/featured-insights/${left}`);
    expect(mail.text).toContain(`The zero-trust story (${SITE}/featured-insights/zero-trust)`);

    await sweepCampaigns(services);
    const campaign = await findCampaignWithFigures(services.db, campaignId);
    expect(campaign).toMatchObject({ state: "sent", figures: { recipients: 1, sent: 1 } });
    const listed = await listCampaigns(services.db);
    expect(listed.map((row) => row.id)).toEqual([campaignId]);
    expect([...(await digestCampaignIds(services.db, [campaignId]))]).toEqual([campaignId]);
  }),
);

test(
  "a week with nothing new sends nothing and makes no campaign; the next week's digest covers from that week's end",
  withServices(async (services) => {
    await subscribe(services, "reader@example.com", true);
    await weeklyOnMondays(services);
    await insight(services, "old-news", "2026-11-02T06:00:00Z");

    expect(await makeDueDigest(services.db, SITE, checkedAt)).toEqual({ made: "period", why: "nothing new" });
    expect(await services.db.select().from(newsletterCampaigns)).toEqual([]);
    expect(await services.db.select().from(outbox)).toEqual([]);
    // Asked again within the week: that period is done.
    expect(await makeDueDigest(services.db, SITE, new Date(checkedAt.getTime() + 60 * 60_000))).toEqual({ made: "nothing", why: "not due" });

    await insight(services, "fresh", "2026-11-18T06:00:00Z");
    expect(await makeDueDigest(services.db, SITE, nextWeekCheck)).toMatchObject({ made: "campaign", insights: 1 });
    const periods = await services.db.select().from(insightDigests).orderBy(insightDigests.periodEnd);
    expect(periods.map((period) => [period.periodStart, period.periodEnd, period.insightCount])).toEqual([
      [new Date("2026-11-09T03:30:00Z"), weekEnd, 0],
      [weekEnd, new Date("2026-11-23T03:30:00Z"), 1],
    ]);
  }),
);

test(
  "checking twice, or in several processes at once, makes one digest for the period",
  withServices(async (services) => {
    await subscribe(services, "reader@example.com", true);
    await weeklyOnMondays(services);
    await insight(services, "only-once", "2026-11-12T06:00:00Z");

    const outcomes = await Promise.all([1, 2, 3, 4].map(() => makeDueDigest(services.db, SITE, checkedAt)));
    expect(outcomes.filter((outcome) => outcome.made === "campaign")).toHaveLength(1);
    expect(await makeDueDigest(services.db, SITE, checkedAt)).toEqual({ made: "nothing", why: "not due" });
    expect(await services.db.select().from(newsletterCampaigns)).toHaveLength(1);
    expect(await services.db.select().from(insightDigests)).toHaveLength(1);
  }),
);
