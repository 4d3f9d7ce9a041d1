import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { renderCampaign, type CampaignMailParams } from "#app/features/campaigns/campaign-emails.server.ts";
import { countingInForce, MAX_COUNTED_CLICKS, readCampaignTracking } from "#app/features/campaigns/campaign-tracking.server.ts";
import { createCampaign, fillCampaignBatch, findCampaignWithFigures, parseCampaign, sendCampaignNow } from "#app/features/campaigns/campaigns.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { unsubscribe } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { newsletterToken } from "#app/features/newsletter/newsletter-links.server.ts";
import { setCurrentStaff, type StaffUser } from "#app/features/staff/staff-session.server.ts";
import { auditLog, campaignRecipientActivity, newsletterSubscriptions, outbox, staffUsers } from "#app/platform/db/schema.server.ts";
import { paramsToSend } from "#app/platform/email/templates.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { servicesContext } from "#app/services-context.server.ts";
import { loader as privacyLoader } from "#app/routes/content-page.tsx";
import { loader as clickLoader } from "#app/routes/newsletter.click.$token.$link.ts";
import { loader as openLoader } from "#app/routes/newsletter.open.$token.ts";
import { loader as exportLoader } from "#app/routes/staff.campaigns.export[.]csv.ts";
import { action as trackingAction } from "#app/routes/staff.campaigns.tracking.tsx";
import { featureDrivers } from "#tests/support/databases.ts";
import { waitUntil } from "#tests/support/mail.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 120_000 });

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "https://www.example.com";
const admin: StaffUser = { id: "admin-1", name: "Ada Admin", email: "ada@kraf.example", roles: ["admin"], timeZone: null };
const OUTSIDE = "https://example.org/read?x=1&y=2";

function withServices(run: (services: Services) => Promise<void>) {
  return async () => {
    for (const driver of await featureDrivers()) {
      await withTestServices(driver, { AUTH_SECRET: SECRET, SITE_URL: SITE }, async (services) => {
        await services.db.insert(staffUsers).values(admin);
        await run(services);
      });
    }
  };
}

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string>; url: URL };

/** A route's loader or action called as the server calls it, as the admin when signed in. */
function call<Result>(handler: (args: never) => Result, services: Services, request: Request, params: Record<string, string> = {}): Result {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  setCurrentStaff(context, admin);
  return handler({ request, context, params, url: new URL(request.url) } satisfies Args as never);
}

async function setCounting(services: Services, choice: "on" | "off") {
  const { revision } = await readCampaignTracking(services.db);
  const body = new URLSearchParams({ counting: choice, revision: String(revision) });
  const request = new Request(`${SITE}/staff/campaigns/tracking`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
    body,
  });
  expect(await call(trackingAction, services, request)).toMatchObject({ status: "success" });
  await waitUntil(async () => (await countingInForce(services)) === (choice === "on"));
}

async function subscriber(services: Services, email: string) {
  const [row] = await services.db.insert(newsletterSubscriptions).values({ email, confirmedAt: new Date() }).returning();
  return row!;
}

/** A campaign sending to everyone subscribed so far, its rows made. */
async function sentCampaign(services: Services) {
  const parsed = parseCampaign({
    subject: "November notes",
    body: `<p><a href="${OUTSIDE.replace("&", "&amp;")}">Read it</a>, <a href="/featured-insights/1">our insight</a>, <a href="${OUTSIDE}">again</a>, <a href="mailto:hello@example.com">write</a>.</p>`,
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const id = await createCampaign(services.db, parsed.input, admin, null);
  expect(await sendCampaignNow(services.db, id, admin, null)).toMatchObject({ ok: true });
  await fillCampaignBatch(services.db, services.env, id);
  return id;
}

/** The recipient's message as the outbox worker sends it. */
async function messageTo(services: Services, subscriptionId: number) {
  const [row] = await services.db.select().from(outbox).where(eq(outbox.newsletterSubscriptionId, subscriptionId));
  const params = (await paramsToSend(mailTemplates, "newsletter-campaign", services.db, row!.params)) as CampaignMailParams;
  return { token: (row!.params as CampaignMailParams).tracking_token!, mail: renderCampaign(params), params };
}

const open = (services: Services, token: string) => call(openLoader, services, new Request(`${SITE}/newsletter/open/${token}`), { token });
const click = (services: Services, token: string, link: string) =>
  call(clickLoader, services, new Request(`${SITE}/newsletter/click/${token}/${link}`), { token, link });

async function engagement(services: Services, id: number) {
  return (await findCampaignWithFigures(services.db, id))!.engagement;
}

test(
  "with counting off, as it is until an admin turns it on, a message has no pixel and its links as written, opening it counts nothing, and the figures say so",
  withServices(async (services) => {
    expect((await readCampaignTracking(services.db)).counting).toBe(false);
    const asha = await subscriber(services, "asha@example.com");
    const id = await sentCampaign(services);
    const { token, mail } = await messageTo(services, asha.id);
    expect(token).toMatch(/^\d+\.\d+\.[A-Za-z0-9_-]{22}$/);
    expect(mail.html).not.toContain("/newsletter/open/");
    expect(mail.html).not.toContain("/newsletter/click/");
    expect(mail.html).toContain(`href="${OUTSIDE.replace("&", "&amp;")}"`);
    expect(mail.html).toContain(`href="${SITE}/featured-insights/1"`);

    const pixel = await open(services, token);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("Content-Type")).toBe("image/gif");
    expect((await click(services, token, "0")).headers.get("Location")).toBe(OUTSIDE);
    expect(await services.db.select().from(campaignRecipientActivity)).toEqual([]);
    expect(await engagement(services, id)).toBeNull();
  }),
);

test(
  "with counting on, each message carries its recipient's pixel and counted links; opens and clicks count once a recipient, and a forged token counts nothing and leads only home",
  withServices(async (services) => {
    await setCounting(services, "on");
    const [entry] = await services.db.select().from(auditLog).where(eq(auditLog.action, "campaign-tracking-changed"));
    expect(entry).toMatchObject({ actorId: admin.id, detail: { counting: "on" } });

    const asha = await subscriber(services, "asha@example.com");
    const ben = await subscriber(services, "ben@example.com");
    const id = await sentCampaign(services);
    const { token, mail, params } = await messageTo(services, asha.id);
    expect(params.tracked).toBe(true);
    expect(mail.html).toContain(`<img src="${SITE}/newsletter/open/${token}" width="1" height="1" alt=""`);
    // The same address twice is one link; a mailto: link and the unsubscribe link are left as they are.
    expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([
      `${SITE}/newsletter/click/${token}/0`,
      `${SITE}/newsletter/click/${token}/1`,
      `${SITE}/newsletter/click/${token}/0`,
      "mailto:hello@example.com",
    ]);
    expect(mail.htmlAfterAction).toContain(`href="${params.unsubscribe_url.replace(/&/g, "&amp;")}"`);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${params.unsubscribe_url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    // The text part keeps the addresses themselves.
    expect(mail.text).toContain(`(${OUTSIDE})`);

    for (let time = 0; time < 3; time++) {
      const pixel = await open(services, token);
      expect(pixel.status).toBe(200);
      expect(pixel.headers.get("Content-Type")).toBe("image/gif");
      expect(pixel.headers.get("Cache-Control")).toBe("private, no-store");
      expect(pixel.headers.has("Set-Cookie")).toBe(false);
    }
    expect(await engagement(services, id)).toEqual({ counted: 1, opened: 1, clicked: 0, clicks: 0 });

    const followed = await click(services, token, "0");
    expect(followed.status).toBe(302);
    expect(followed.headers.get("Location")).toBe(OUTSIDE);
    expect(followed.headers.has("Set-Cookie")).toBe(false);
    expect((await click(services, token, "1")).headers.get("Location")).toBe(`${SITE}/featured-insights/1`);
    await click(services, token, "0");
    const { token: benToken } = await messageTo(services, ben.id);
    await click(services, benToken, "1");
    expect(await engagement(services, id)).toEqual({ counted: 2, opened: 2, clicked: 2, clicks: 4 });

    // Forged, mangled, moved to another campaign, or naming no link: an image, or the home page, and nothing counted.
    const [campaignId, subscriptionId, signature] = token.split(".");
    const forged = [
      `${campaignId}.${subscriptionId}.${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`,
      `${Number(campaignId) + 1}.${subscriptionId}.${signature}`,
      `${campaignId}.${ben.id}.${signature}`,
      "nonsense",
      `${token}.extra`,
    ];
    for (const bad of forged) {
      expect((await open(services, bad)).headers.get("Content-Type")).toBe("image/gif");
      expect((await click(services, bad, "0")).headers.get("Location")).toBe("/");
    }
    for (const place of ["4", "99999", "-1", "01", "https:%2F%2Fevil.example"]) {
      expect((await click(services, token, place)).headers.get("Location")).toBe("/");
    }
    expect(await engagement(services, id)).toEqual({ counted: 2, opened: 2, clicked: 2, clicks: 4 });

    // The CSV has them; a campaign sent while counting was off has empty cells, not zeros.
    await setCounting(services, "off");
    const carol = await subscriber(services, "carol@example.com");
    const uncounted = await sentCampaign(services);
    const carolsMail = await messageTo(services, carol.id);
    expect(carolsMail.mail.html).not.toContain("/newsletter/");
    const csv = await (await call(exportLoader, services, new Request(`${SITE}/staff/campaigns/export.csv`))).text();
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toContain('"Messages counted","Opened","Clicked","Clicks in all"');
    expect(lines.find((line) => line.startsWith(`"${id}"`))).toMatch(/"2","2","2","4"$/);
    expect(lines.find((line) => line.startsWith(`"${uncounted}"`))).toMatch(/"\d+","","","",""$/);

    // Turned off, nothing more is counted for the messages that went out counted; their links still lead on.
    await open(services, benToken);
    expect((await click(services, token, "1")).headers.get("Location")).toBe(`${SITE}/featured-insights/1`);
    expect(await engagement(services, id)).toEqual({ counted: 2, opened: 2, clicked: 2, clicks: 4 });

    // Leaving the list unlinks the recipient from their record; the campaign keeps its count.
    await unsubscribe(services, newsletterToken(SECRET, "unsubscribe", asha));
    const kept = await services.db.select().from(campaignRecipientActivity).where(eq(campaignRecipientActivity.campaignId, id));
    expect(kept.map((row) => row.newsletterSubscriptionId).sort()).toEqual([ben.id, null].sort());
    expect(await engagement(services, id)).toEqual({ counted: 2, opened: 2, clicked: 2, clicks: 4 });
  }),
);

test(
  "clicks on one message are counted up to a bound, so a link scanner cannot grow the figures without end",
  withServices(async (services) => {
    await setCounting(services, "on");
    const asha = await subscriber(services, "asha@example.com");
    const id = await sentCampaign(services);
    const { token } = await messageTo(services, asha.id);
    await services.db.update(campaignRecipientActivity).set({ clicks: MAX_COUNTED_CLICKS - 1 });
    await click(services, token, "0");
    await click(services, token, "0");
    expect(await engagement(services, id)).toMatchObject({ clicked: 1, clicks: MAX_COUNTED_CLICKS });
  }),
);

test(
  "the privacy policy says newsletter opens and clicks are counted, and why, only while counting is on",
  withServices(async (services) => {
    const titles = async () => {
      const request = new Request(`${SITE}/privacy-policy`);
      const { page } = await call(privacyLoader, services, request);
      return page.sections.map((section) => ("title" in section ? section.title : ""));
    };
    expect(await titles()).not.toContain("Newsletter opens and clicks");

    await setCounting(services, "on");
    await waitUntil(async () => (await titles()).includes("Newsletter opens and clicks"));
    const shown = await titles();
    expect(shown[shown.indexOf("Newsletter opens and clicks") + 1]).toBe("Why we use it and our legal basis");
    const request = new Request(`${SITE}/privacy-policy`);
    const { page } = await call(privacyLoader, services, request);
    const words = JSON.stringify(page.sections);
    expect(words).toContain("against your subscription");
    expect(words).toContain("We do this to learn how many of our readers each newsletter reaches");

    await setCounting(services, "off");
    await waitUntil(async () => !(await titles()).includes("Newsletter opens and clicks"));
  }),
);
