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
 * must allow it by its hash (decision 013).
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const ROUTE_MODULES_SCRIPT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;

/** JSON that can sit inside a `<script>` element without closing it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export function startScriptsAfterFirstPaint(html: string): { html: string; deferredModule?: string } {
  const script = ROUTE_MODULES_SCRIPT.exec(html);
  if (!script) return { html };
  const [element, attributes, code] = script;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // Starts once the browser reports the first contentful paint (a tab opened
  // in the background paints, and so hydrates, when it is first shown), or
  // straight away in a browser that does not report paints.
  const loader = [
    "(function(){var started=false;function start(){if(started)return;started=true;",
    `${scriptSafeJson(preloads)}.forEach(function(href){var link=document.createElement("link");`,
    'link.rel="modulepreload";link.href=href;document.head.appendChild(link)});',
    'var module=document.createElement("script");module.type="module";',
    `module.textContent=${scriptSafeJson(code)};document.body.appendChild(module)}`,
    'if(!window.PerformanceObserver||PerformanceObserver.supportedEntryTypes.indexOf("paint")===-1)return start();',
    'new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){',
    'observer.disconnect();start()}}).observe({type:"paint",buffered:true})})()',
  ].join("");
  return { html: html.replace(MODULE_PRELOAD, "").replace(element, () => `<script${attributes}>${loader}</script>`), deferredModule: code };
}
