import { and, eq, inArray } from "drizzle-orm";
import { absoluteAddresses } from "#app/features/campaigns/campaign-emails.server.ts";
import { countingInForce, recipientOfToken, recordClick, recordOpen } from "#app/features/campaigns/campaign-tracking.server.ts";
import { trackableLinks } from "#app/features/campaigns/tracked-links.server.ts";
import { sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { newsletterCampaigns } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";

/*
 * What the open pixel's and the tracked links' addresses answer (decision
 * 080). Every request gets its image or its redirect, whatever its token: a
 * forged or mangled one is checked without reading the database and counts
 * nothing, and a failure to count is logged, never shown. Each answer is
 * uncached and sets no cookie; a recipient's message is written to at most
 * once for its opening and a bounded number of times for its clicks, so
 * requests in bulk (a mail provider's image proxy, a link scanner) cost no
 * more than reads.
 */

/** A transparent GIF of one pixel. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const PERSONAL = { "Cache-Control": "private, no-store" };

type TrackingServices = Pick<Services, "db" | "env" | "content">;

/** Counts only what a reader's program fetched: a HEAD (a link checker) is answered alike and counts nothing. */
const counts = (request: Request) => request.method === "GET";

export async function openAnswer(services: TrackingServices, request: Request, token: string): Promise<Response> {
  try {
    const recipient = recipientOfToken(await siteSecret(services), token);
    if (recipient && counts(request) && (await countingInForce(services))) await recordOpen(services.db, recipient);
  } catch (error) {
    logger.warn({ err: error }, "A campaign message's opening could not be counted");
  }
  return new Response(PIXEL, {
    headers: {
      ...PERSONAL,
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.length),
      // Webmail pages of another origin show it.
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

/** The address of a sent campaign's link at `place` among its counted links, or null. */
async function campaignLink(db: Database, siteUrl: string, campaignId: number, place: number): Promise<string | null> {
  const [campaign] = await db
    .select({ bodyHtml: newsletterCampaigns.bodyHtml })
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.id, campaignId), inArray(newsletterCampaigns.state, ["sending", "paused", "sent"])));
  if (!campaign) return null;
  const address = trackableLinks(absoluteAddresses(sanitizeRichText(campaign.bodyHtml), siteUrl), siteUrl)[place];
  return address && URL.canParse(address) ? new URL(address).href : null;
}

/** Up to five digits: a link's place in a body of at most 100,000 characters. */
const PLACE_PATTERN = /^(0|[1-9][0-9]{0,4})$/;

/**
 * Sends the reader to the link that was in the campaign's body, counting the
 * click; a token or a place that names no such link goes to the home page,
 * never to an address the request carries.
 */
export async function clickAnswer(services: TrackingServices, request: Request, token: string, place: string): Promise<Response> {
  let target = "/";
  try {
    const recipient = recipientOfToken(await siteSecret(services), token);
    const address = recipient && PLACE_PATTERN.test(place) ? await campaignLink(services.db, services.env.SITE_URL, recipient.campaignId, Number(place)) : null;
    if (recipient && address) {
      target = address;
      if (counts(request) && (await countingInForce(services))) await recordClick(services.db, recipient);
    }
  } catch (error) {
    logger.warn({ err: error }, "A campaign message's click could not be counted");
  }
  return new Response(null, { status: 302, headers: { ...PERSONAL, Location: target } });
}
