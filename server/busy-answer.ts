import { site } from "#app/content/site.ts";
import { sameSiteTarget } from "#app/features/forms/redirect-target.ts";

/** What a write refused for overload is told, in every form of answer. */
export const BUSY_MESSAGE = "The site is very busy right now, so this was not sent and nothing was saved. Please try again in a moment.";
/** Sent as Retry-After with every busy answer. */
export const BUSY_RETRY_AFTER_SECONDS = 10;

export type BusyAnswer = { headers: [string, string][]; body: string };

/*
 * The answers cost a few string joins: a refused post must be far cheaper than
 * an admitted one, or refusing would stall the event loop as much as working.
 * So no React render: a browser without JavaScript gets a small page
 * (the sentence in an alert, as the form pipeline shows its errors, and a way
 * back); a fetcher gets the form pipeline's own error answer, as React Router
 * encodes an action's data, so the form shows the sentence where it shows any
 * other error (decision 016). A client over a form's rate limit gets the same,
 * with the form pipeline's 429 sentence.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal's words: the page's title, and the sentence the form shows. */
export type RefusalText = { title: string; message: string };
export const BUSY: RefusalText = { title: "Please try again in a moment", message: BUSY_MESSAGE };

const STYLE =
  `<style>body{margin:0;font:1.125rem/1.6 system-ui,sans-serif;color:#0f172a}header{background:#172a66;padding:1rem 1.5rem}` +
  `header a{color:#fff;font-weight:700;text-decoration:none}main{max-width:40rem;margin:0 auto;padding:3rem 1.5rem}` +
  `h1{font-size:2rem;line-height:1.2;margin:0 0 1.5rem}[role=alert]{background:#fee2e2;color:#7f1d1d;font-weight:600;border-radius:.375rem;padding:.75rem 1rem}` +
  `main a{color:#1f40b8;font-weight:600;text-underline-offset:4px}a:focus-visible{outline:3px solid #2751d9;outline-offset:2px}</style>`;

function page({ title, message }: RefusalText, back: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title>${STYLE}</head>` +
    `<body><header><a href="/">${escapeHtml(site.name)}</a></header><main><h1>${escapeHtml(title)}</h1>` +
    `<p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Back to the page you were on</a></p></main></body></html>`
  );
}

/**
 * React Router's single-fetch encoding (turbo-stream) of an action that returned
 * `{ status: "error", message }`: what the form pipeline answers for any failure.
 * The unit test decodes it with React Router's own decoder.
 */
const singleFetchBody = (message: string) => `${JSON.stringify([{ _1: 2 }, "data", { _3: 4, _5: 6 }, "status", "error", "message", message])}\n`;

/** What the answer depends on: the path, and the request's Accept, Referer and own origin. */
export type BusyRequest = { path: string; accept?: string; referer?: string; origin: string };

/** The refusal this request understands: the form's error for a fetcher, a page for a browser, else the sentence. */
export function busyAnswer(request: BusyRequest, siteUrl: string, text: RefusalText = BUSY): BusyAnswer {
  if (request.path.endsWith(".data")) {
    return {
      headers: [
        ["Content-Type", "text/x-script"],
        ["X-Remix-Response", "yes"],
      ],
      body: singleFetchBody(text.message),
    };
  }
  if (request.accept?.includes("text/html")) {
    return { headers: [["Content-Type", "text/html; charset=utf-8"]], body: page(text, backTarget(request, siteUrl)) };
  }
  return { headers: [["Content-Type", "text/plain; charset=utf-8"]], body: `${text.message}\n` };
}

/** The page the form was on, when the browser said and it is on this site; else the home page. */
function backTarget({ referer, origin }: BusyRequest, siteUrl: string): string {
  if (!referer) return "/";
  return sameSiteTarget(referer, siteUrl) ?? sameSiteTarget(referer, origin) ?? "/";
}
