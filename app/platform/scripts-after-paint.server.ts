import { scriptSafeJson } from "#app/platform/script-safe-json.ts";

/**
 * Makes a server-rendered document load its scripts after the first paint.
 *
 * React Router's `<Scripts>` writes a modulepreload link for every module of
 * the page (React hoists them into the head) and an inline module script that
 * imports them. The browser fetches all of it at once, at high priority, while
 * the stylesheet is still on its way: on a slow link the page stays blank until
 * about 130 KB of JavaScript has arrived. Every page renders and works without
 * JavaScript, so the document can be painted first and hydrated after; this
 * rewrites the markup so that happens (decision 008).
 *
 * The preloads are dropped from the head, and the module script is replaced by
 * a classic script that adds the preloads and the module script once the page
 * has been painted. The module's code is returned too: the document's policy
 * must allow it by its hash (decision 013). The document stays bytes: only the
 * few parts that change are read as text (decision 014).
 */
const MODULE_PRELOAD = '<link rel="modulepreload" href="';
const ROUTE_MODULES = ' type="module" async="">';
const SCRIPT_END = "</script>";

/**
 * Starts once the browser reports the first contentful paint (a tab opened
 * in the background paints, and so hydrates, when it is first shown), or
 * straight away in a browser that does not report paints. Each preload, and
 * then the module script, is inserted in a task of its own: inserting them
 * all at once (starting seven fetches and compiling the module's inline code)
 * was one task of 35-96 ms on a test machine, long enough to hold up a tap
 * (decision 027).
 */
function loader(preloads: string[], code: string): string {
  return [
    "(function(){var started=false;function start(){if(started)return;started=true;",
    `var steps=${scriptSafeJson(preloads)}.map(function(href){return function(){var link=document.createElement("link");`,
    'link.rel="modulepreload";link.href=href;document.head.appendChild(link)}});',
    'steps.push(function(){var module=document.createElement("script");module.type="module";',
    `module.textContent=${scriptSafeJson(code)};document.body.appendChild(module)});`,
    "(function next(){var step=steps.shift();if(step){step();setTimeout(next,0)}})()}",
    'if(!window.PerformanceObserver||PerformanceObserver.supportedEntryTypes.indexOf("paint")===-1)return start();',
    'new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){',
    'observer.disconnect();start()}}).observe({type:"paint",buffered:true})})()',
  ].join("");
}

export function startScriptsAfterFirstPaint(html: Buffer<ArrayBuffer>): { html: Buffer<ArrayBuffer>; deferredModule?: string } {
  const marker = html.indexOf(ROUTE_MODULES);
  const start = marker === -1 ? -1 : html.lastIndexOf("<script", marker);
  const end = start === -1 ? -1 : html.indexOf(SCRIPT_END, marker);
  if (end === -1) return { html };
  const attributes = html.toString("utf8", start + "<script".length, marker);
  const code = html.toString("utf8", marker + ROUTE_MODULES.length, end);

  const parts: Buffer[] = [];
  const preloads: string[] = [];
  let cursor = 0;
  for (let at = html.indexOf(MODULE_PRELOAD); at !== -1 && at < start; at = html.indexOf(MODULE_PRELOAD, cursor)) {
    const hrefStart = at + MODULE_PRELOAD.length;
    const close = html.indexOf("/>", hrefStart);
    if (close === -1) break;
    preloads.push(html.toString("utf8", hrefStart, html.indexOf('"', hrefStart)));
    parts.push(html.subarray(cursor, at));
    cursor = close + "/>".length;
  }
  parts.push(html.subarray(cursor, start), Buffer.from(`<script${attributes}>${loader(preloads, code)}</script>`), html.subarray(end + SCRIPT_END.length));
  return { html: Buffer.concat(parts), deferredModule: code };
}
