/*
 * What a redirect may be, without the database (decision 055): the path it
 * is from, normalised the way the site matches addresses, and where it leads.
 */

export const REDIRECT_FROM_MAX_LENGTH = 512;
export const REDIRECT_TO_MAX_LENGTH = 2048;
/** Enough for a site's whole history of moved pages; a list far longer is a mistake (or an import that belongs elsewhere). */
export const MAX_REDIRECTS = 5000;
/** How many redirects the screen lists at once; a search narrows a longer list. */
export const REDIRECTS_SHOWN = 200;

export const redirectStatuses = [301, 302] as const;
export type RedirectStatus = (typeof redirectStatuses)[number];
export const redirectStatusLabels: Record<RedirectStatus, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
};

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

// Control characters are what the rule is about.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f]/u;

/**
 * A request's path as redirects are stored and looked up: percent-encoded,
 * dot segments resolved, lowercase (the router matches addresses whatever
 * their case), and without a trailing slash except the home page's.
 */
export function redirectKey(pathname: string): string {
  // Joined, not resolved against a base: a request for //host/x stays a path of this site.
  const path = new URL(`http://site.invalid${pathname}`).pathname.toLowerCase().replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/** The "from" an editor typed: a path (or the site's full address, whose path is taken), without a query or a fragment. */
export function checkFrom(raw: string): Checked<string> {
  const typed = raw.trim();
  if (!typed) return { ok: false, message: "Enter the old path, starting with /." };
  if (CONTROL_OR_SPACE.test(typed)) return { ok: false, message: "The old path cannot hold spaces or control characters; write a space as %20." };
  let path = typed;
  if (/^https?:\/\//i.test(typed)) {
    try {
      const url = new URL(typed);
      path = url.pathname + url.search + url.hash;
    } catch {
      return { ok: false, message: "The old path is not a valid address." };
    }
  }
  if (!path.startsWith("/") || path.startsWith("//")) return { ok: false, message: "The old path starts with a single / (for example /old-page)." };
  if (path.includes("?") || path.includes("#"))
    return { ok: false, message: "The old path is a path alone, without ? or #: a visitor's query string is passed on by itself." };
  const key = redirectKey(path);
  if (key.length > REDIRECT_FROM_MAX_LENGTH) return { ok: false, message: `The old path can be at most ${REDIRECT_FROM_MAX_LENGTH} characters.` };
  return { ok: true, value: key };
}

/** Where a redirect leads: a path on this site or an absolute http(s) address, and nothing a browser would run or read as another host. */
export function checkTo(raw: string): Checked<string> {
  const to = raw.trim();
  if (!to) return { ok: false, message: "Enter where it leads: a path starting with / or an address starting with https://." };
  if (to.length > REDIRECT_TO_MAX_LENGTH) return { ok: false, message: `Where it leads can be at most ${REDIRECT_TO_MAX_LENGTH} characters.` };
  if (CONTROL_OR_SPACE.test(to)) return { ok: false, message: "Where it leads cannot hold spaces or control characters; write a space as %20." };
  if (to.startsWith("/")) {
    // Browsers read //host and /\host as another site's address.
    if (to.startsWith("//") || to.startsWith("/\\"))
      return { ok: false, message: "A path starts with a single /; an address on another site starts with https://." };
    return { ok: true, value: to };
  }
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return { ok: false, message: "Where it leads is a path starting with / or an address starting with https:// or http://." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, message: "Where it leads is a path starting with / or an address starting with https:// or http://." };
  if (url.username || url.password) return { ok: false, message: "An address with a user name or password in it is refused." };
  return { ok: true, value: to };
}

export function checkStatus(raw: string): Checked<RedirectStatus> {
  const status = Number(raw);
  return redirectStatuses.includes(status as RedirectStatus)
    ? { ok: true, value: status as RedirectStatus }
    : { ok: false, message: "Choose 301 (moved permanently) or 302 (temporary)." };
}

/** The path a target names on this site (null for another site's address), as a redirect key, to follow chains of redirects. */
export function sitePathOf(to: string, siteUrl: string): string | null {
  if (to.startsWith("/")) return redirectKey(new URL(to, "http://site.invalid").pathname);
  const url = new URL(to);
  return url.origin === new URL(siteUrl).origin ? redirectKey(url.pathname) : null;
}

/** The Location of a redirect for a request: a path target keeps the request's query string (after its own parameters). */
export function locationFor(to: string, requestSearch: string): string {
  if (!to.startsWith("/") || requestSearch.length <= 1) return to;
  const hashAt = to.indexOf("#");
  const [beforeHash, hash] = hashAt === -1 ? [to, ""] : [to.slice(0, hashAt), to.slice(hashAt)];
  const joiner = beforeHash.includes("?") ? "&" : "?";
  return `${beforeHash}${joiner}${requestSearch.slice(1)}${hash}`;
}
