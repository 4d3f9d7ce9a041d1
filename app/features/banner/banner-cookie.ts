/**
 * The announcement banner's closed state lives in a session cookie (no expiry):
 * it survives page loads and reloads, ends with the browser session, and lets
 * the server render the page without the banner, so nothing jumps on load.
 */
const BANNER_COOKIE = "banner_closed";

export function isBannerClosed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${BANNER_COOKIE}=1`);
}

export const bannerClosedCookie = `${BANNER_COOKIE}=1; Path=/; SameSite=Lax`;
