import { escapeHtml } from "#app/platform/email/layout.server.ts";

/*
 * A tracked campaign message (decision 080): its links lead through the site,
 * which counts the click and sends the reader on, and an image of one pixel
 * counts the opening. A link is named by its place among the body's distinct
 * web links, so the redirect reads the address from the campaign itself and
 * can lead nowhere else.
 */

/** Where a tracked message's image and links point; the token names the campaign and the recipient. */
export const TRACKING_PATHS = { open: "/newsletter/open", click: "/newsletter/click" } as const;

const LINK_HREF = /(<a\b[^>]*?\bhref=")([^"]*)(")/gi;

/** An attribute's value as the sanitiser writes it, read back as the address it stands for. */
function attributeValue(written: string): string {
  return written.replace(
    /&(amp|quot|lt|gt|#39|#x27);/g,
    (_entity, name: string) => ({ amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'", "#x27": "'" })[name]!,
  );
}

/**
 * Whether a link is counted: a web address, and not the newsletter's own
 * unsubscribe page (leaving is never made to pass through a count).
 */
function isTracked(address: string, siteUrl: string): boolean {
  return /^https?:\/\//i.test(address) && !address.startsWith(`${siteUrl}/newsletter/unsubscribe`);
}

/** The body's distinct counted links, in the order they first appear: a link's place in this list names it. */
export function trackableLinks(html: string, siteUrl: string): string[] {
  const links = new Set<string>();
  for (const [, , written] of html.matchAll(LINK_HREF)) {
    const address = attributeValue(written!);
    if (isTracked(address, siteUrl)) links.add(address);
  }
  return [...links];
}

/** The body with each counted link leading through the site and the pixel after it. */
export function withTracking(html: string, siteUrl: string, token: string): string {
  const places = new Map(trackableLinks(html, siteUrl).map((address, place) => [address, place]));
  const tracked = html.replace(LINK_HREF, (whole, before: string, written: string, after: string) => {
    const place = places.get(attributeValue(written));
    return place === undefined ? whole : `${before}${escapeHtml(`${siteUrl}${TRACKING_PATHS.click}/${token}/${place}`)}${after}`;
  });
  const pixel = escapeHtml(`${siteUrl}${TRACKING_PATHS.open}/${token}`);
  return `${tracked}<img src="${pixel}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
}
