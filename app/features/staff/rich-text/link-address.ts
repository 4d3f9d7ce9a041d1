/**
 * The link a member of staff typed, as the page will hold it: a web address
 * (https:// added when left out), an email address (mailto: added) or a path
 * on this site; null for anything else (javascript:, ftp:, a bare word).
 */
export function hrefFrom(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text) || text.startsWith("//")) return null;
  if (/^\/(?!\/)/.test(text)) return text;
  const href = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : text.includes("@") && !text.includes("/") ? `mailto:${text}` : `https://${text}`;
  if (/^mailto:/i.test(href)) return /^mailto:[^@]+@[^@]+\.[^@]+$/i.test(href) ? href : null;
  if (!/^https?:\/\//i.test(href) || !URL.canParse(href)) return null;
  return new URL(href).hostname.includes(".") ? href : null;
}
