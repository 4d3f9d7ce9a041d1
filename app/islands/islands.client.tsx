import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createMemoryRouter, data, redirect, RouterProvider, UNSAFE_decodeViaTurboStream as decodeViaTurboStream, type ActionFunctionArgs } from "react-router";
import { ISLAND_SITE_DATA_ID, ISLAND_WAKE, ISLANDS, type IslandName } from "#app/islands/island-registry.ts";
import { startVitalsReporting } from "#app/features/vitals/use-vitals-reporting.ts";
import { watch } from "#app/layout/deferred-part.tsx";
import type { SiteData } from "#app/layout/site-data.ts";

/**
 * The only script of an islands page (decision 078), started after the first
 * paint. Each `[data-island]` the server drew is hydrated as a React root of
 * its own when it is wanted: the ones on screen at load once the browser is
 * idle, the others as they come near the screen, any of them at once when the
 * visitor points at, touches or focuses something in it. Until then it is the
 * server's HTML, which works without scripts (links load pages, forms post).
 */

/** How long an idle island waits for an idle moment, at most. */
const IDLE_TIMEOUT_MS = 2_000;

const siteData = JSON.parse(document.getElementById(ISLAND_SITE_DATA_ID)?.textContent ?? "null") as SiteData | null;

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, 1);
}

/**
 * A fetcher's post, as React Router's own client makes it: to the data
 * endpoint of the form's address, answered in its turbo-stream encoding, so
 * the action answers as it does for the full app.
 */
async function postToDataEndpoint({ request }: ActionFunctionArgs) {
  // The memory router's requests are on a placeholder origin: the form's address is on this page's.
  const { pathname, search } = new URL(request.url);
  const url = new URL(`${pathname}${search}`, location.origin);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  const type = request.headers.get("Content-Type") ?? "";
  const body = /\bapplication\/x-www-form-urlencoded\b/.test(type) ? new URLSearchParams(await request.text()) : await request.formData();
  const response = await fetch(url, { method: request.method, body, signal: request.signal });
  const redirectedTo = response.headers.get("X-Remix-Redirect");
  if (redirectedTo) return redirect(redirectedTo);
  if ((response.status >= 400 && !response.headers.has("X-Remix-Response")) || !response.body) {
    throw data(await response.text(), { status: response.status, statusText: response.statusText });
  }
  const { value } = await decodeViaTurboStream(response.body, window);
  const answer = value as { data?: unknown; error?: unknown; redirect?: string };
  if ("error" in answer) throw answer.error;
  if (typeof answer.redirect === "string") return redirect(answer.redirect);
  return data(answer.data, response.status);
}

/**
 * A router of the island's own, holding the root loader's data, so the layout's
 * components run as they do in the full app. It knows no pages: a navigation
 * leaves for a full page load, which the page cache answers.
 */
function islandRouter(island: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => siteData,
        shouldRevalidate: () => false,
        element: island,
        children: [{ path: "*", action: postToDataEndpoint }],
      },
    ],
    { initialEntries: [`${location.pathname}${location.search}${location.hash}`], hydrationData: { loaderData: { root: siteData } } },
  );
  let shown = router.state.location;
  router.subscribe((state) => {
    if (state.location === shown) return;
    shown = state.location;
    location.assign(router.createHref(state.location));
  });
  return router;
}

async function hydrateIsland(element: HTMLElement, name: IslandName) {
  try {
    const Component = (await ISLANDS[name]()) as React.ComponentType<object>;
    const props = JSON.parse(element.dataset.islandProps ?? "{}") as object;
    const router = islandRouter(<Component {...props} />);
    // A transition: React hydrates the island in short slices rather than one long task.
    startTransition(() => void hydrateRoot(element, <RouterProvider router={router} />));
  } catch (error) {
    // An island whose code cannot be loaded (offline, a new deploy) stays the server's HTML, which works without scripts.
    console.warn(`Island ${name} stays without scripts:`, error);
  }
}

/** Hydrates the island when it is wanted; settles once its hydration has started (or it could not). */
function wakeWhenWanted(element: HTMLElement, name: IslandName): Promise<void> {
  return new Promise((resolve) => {
    let woken = false;
    const wake = () => {
      if (woken) return;
      woken = true;
      stopWatching();
      void hydrateIsland(element, name).then(resolve);
    };
    const stopWatching = watch(element, wake, ISLAND_WAKE[name] === "near");
    if (ISLAND_WAKE[name] === "idle") whenIdle(wake);
  });
}

const atLoad: Promise<void>[] = [];
for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = element.dataset.island;
  if (!isIslandName(name)) continue;
  const woken = wakeWhenWanted(element, name);
  if (ISLAND_WAKE[name] === "idle") atLoad.push(woken);
}
// The vitals reporter comes after what the page needs at load, as it does for the full app.
void Promise.all(atLoad).then(() => startVitalsReporting(siteData?.vitalsSampleRate ?? 0));
