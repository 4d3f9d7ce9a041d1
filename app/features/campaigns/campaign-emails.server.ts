import { eq, sql } from "drizzle-orm";
import { site } from "#app/content/site.ts";
import { countingColumn, trackedIfCounting } from "#app/features/campaigns/campaign-tracking.server.ts";
import { withTracking } from "#app/features/campaigns/tracked-links.server.ts";
import { unsubscribeHeaders } from "#app/features/newsletter/newsletter-emails.server.ts";
import { plainText, sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { newsletterCampaigns, newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

/**
 * A campaign's message. Its row keeps only what differs per recipient (the
 * unsubscribe link) and the campaign's id: the words are read from the
 * campaign as each message goes out (`load`), so 100,000 rows do not carry
 * 100,000 copies of the body (decision 075).
 */
export type CampaignMailParams = {
  campaign_id: number;
  site_url: string;
  unsubscribe_url: string;
  /** The recipient's subscription; a test to staff has none. */
  subscription_id?: number;
  subject?: string;
  preheader?: string;
  body_html?: string;
  /** The recipient's token for the open pixel and tracked links (decision 080); used only when the message goes out counted. */
  tracking_token?: string;
  /** Read as the message goes out: whether opens and clicks are counted now. */
  counting?: boolean;
  /** Set as the message goes out: whether it carries the pixel and tracked links. */
  tracked?: boolean;
};

/** Links and images within the site as absolute addresses: a mail program has no page to resolve them against. */
export function absoluteAddresses(html: string, siteUrl: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${siteUrl}/`);
}

const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|figcaption|tr|table|ul|ol)>|<hr\s*\/?>/gi;

/** The text part: a paragraph a block, each link's address after its words (a text mail program cannot follow words). */
function textOf(html: string): string {
  return html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_link, href: string, words: string) => `${words} (${href.replace(/&amp;/g, "&")})`)
    .replace(/<br\s*\/?>/gi, "\n")
    .split(BLOCK_END)
    .map((block) =>
      block
        .split("\n")
        .map((line) => plainText(line))
        .filter(Boolean)
        .join("\n"),
    )
    .filter(Boolean)
    .join("\n\n");
}

export function renderCampaign(p: CampaignMailParams): RenderedMail {
  const body = absoluteAddresses(sanitizeRichText(p.body_html), p.site_url);
  const why = `You get this because you subscribed to the ${site.name} newsletter.`;
  return {
    subject: oneLine(p.subject ?? ""),
    preheader: p.preheader ? oneLine(p.preheader) : undefined,
    text: [textOf(body), "", why, `Unsubscribe with one click: ${p.unsubscribe_url}`].join("\n"),
    // Counted, the HTML's links pass through the site; the text part keeps the addresses, so a reader of plain text sees where each goes.
    html: p.tracked && p.tracking_token ? withTracking(body, p.site_url, p.tracking_token) : body,
    htmlAfterAction: `<p>${escapeHtml(why)} <a href="${escapeHtml(p.unsubscribe_url)}">Unsubscribe</a> with one click.</p>`,
    signature: [],
    headers: unsubscribeHeaders(p.unsubscribe_url),
  };
}

/**
 * The params completed with the campaign's words and whether counting is on, as they are now; null when the campaign is
 * gone or the recipient left the list. One query a message: it runs for every message a campaign sends, at up to NEWSLETTER_SEND_RATE a second.
 */
export async function loadCampaignWords(db: Database, p: CampaignMailParams): Promise<CampaignMailParams | null> {
  // Checked as it goes out: someone who left the list (or was erased) after the rows were made gets nothing.
  const stillSubscribed =
    p.subscription_id === undefined
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from ${newsletterSubscriptions} where ${newsletterSubscriptions.id} = ${p.subscription_id} and ${newsletterSubscriptions.confirmedAt} is not null)`;
  const [campaign] = await db
    .select({
      subject: newsletterCampaigns.subject,
      preheader: newsletterCampaigns.preheader,
      bodyHtml: newsletterCampaigns.bodyHtml,
      stillSubscribed,
      counting: countingColumn,
    })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, p.campaign_id));
  if (!campaign?.stillSubscribed) return null;
  return { ...p, subject: campaign.subject, preheader: campaign.preheader, body_html: campaign.bodyHtml, counting: campaign.counting };
}

export const campaignEmails = {
  "newsletter-campaign": defineMailTemplate<CampaignMailParams>({
    render: renderCampaign,
    emailjsTemplateSetting: "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    emailjsParams: (p, to) => {
      const mail = renderCampaign(p);
      return { to_email: to, subject: mail.subject, message: mail.text };
    },
    secretParams: ["unsubscribe_url", "tracking_token"],
    recipientParams: ["unsubscribe_url", "tracking_token"],
    load: async (db, p) => {
      const words = await loadCampaignWords(db, p);
      return words && trackedIfCounting(db, words);
    },
  }),
};
