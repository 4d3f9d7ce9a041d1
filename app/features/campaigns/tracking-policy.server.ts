import type { PageContent, ProseSection } from "#app/content/page-types.ts";
import { countingInForce } from "#app/features/campaigns/campaign-tracking.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { PublishedReads } from "#app/platform/published-reads.server.ts";

/*
 * The privacy policy's words on counting newsletter opens and clicks
 * (decision 080): shown while an admin has counting on, and only then, so the
 * policy never promises less than the site does. Kept in code beside the
 * counting rather than in the page's editable copy: the setting, not an
 * editor, decides whether they stand.
 */

export const PRIVACY_POLICY_PATH = "/privacy-policy";

export const trackingPolicySection: ProseSection = {
  kind: "prose",
  title: "Newsletter opens and clicks",
  blocks: [
    {
      p: "Each newsletter we send carries a tiny image and links that pass through our website, both marked for your copy alone. When your e-mail program loads that image, or you follow one of the links, we record it against your subscription: that you opened that newsletter and when you first did, and that you followed a link in it, when you first did and how many times.",
    },
    {
      p: "We do this to learn how many of our readers each newsletter reaches and how many it brings to our website, so we write more of what readers find useful and less of what they do not. Our staff see only each newsletter's totals. Legal basis: our legitimate interest in measuring our own newsletter.",
    },
    {
      p: "To avoid it, set your e-mail program not to load images, and use the addresses written out in the plain-text version of the newsletter rather than its links; or unsubscribe at any time. When you unsubscribe, these records lose their link to you: we keep only each newsletter's totals.",
    },
  ],
};

/** Where the section goes: before the reasons and legal bases, after what is collected and how you found us. */
const BEFORE_TITLE = "Why we use it";

/** The page with the section when it is the privacy policy and counting is on; any other page, or counting off, as it is. */
export async function withTrackingPolicy(services: { db: Database; content: { read: PublishedReads } }, page: PageContent): Promise<PageContent> {
  if (page.path !== PRIVACY_POLICY_PATH) return page;
  let counting: boolean;
  try {
    counting = await countingInForce(services);
  } catch (error) {
    logger.error({ err: error }, "Whether newsletter opens and clicks are counted could not be read; the privacy policy is shown without it");
    return page;
  }
  if (!counting) return page;
  const [hero, ...rest] = page.sections;
  const found = rest.findIndex((section) => "title" in section && section.title.startsWith(BEFORE_TITLE));
  const at = found === -1 ? rest.length : found;
  return { ...page, sections: [hero, ...rest.slice(0, at), trackingPolicySection, ...rest.slice(at)] };
}
