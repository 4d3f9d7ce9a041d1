/**
 * Where a form may send the visitor back to: a path on this site, resolved
 * as a URL against the site's own origin, never anywhere else. Control
 * characters (tabs, CR/LF, which URL parsers silently drop), protocol-relative
 * addresses ("//evil.example", "/\evil.example") and absolute URLs to other
 * origins all give null.
 */
export function sameSiteTarget(value: string, siteOrigin: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (value === "" || /[\u0000-\u001F\u007F]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
