import { createElement, type ComponentType, type ReactNode } from "react";
import { useMatches } from "react-router";
import islandsEntry from "virtual:islands-entry";
import { drawsIslands, ISLAND_SITE_DATA_ID, ISLANDS, type IslandName } from "#app/islands/island-registry.ts";
import { useSiteData } from "#app/layout/site-data.ts";
import { scriptSafeJson } from "#app/platform/script-safe-json.ts";

const loaded = new Map<IslandName, ComponentType<object>>();

/** The server draws every island in full: their code is loaded before the first render (entry.server). */
export function loadIslands(): Promise<unknown> {
  return Promise.all(Object.entries(ISLANDS).map(async ([name, load]) => loaded.set(name as IslandName, (await load()) as ComponentType<object>)));
}

/**
 * True only while the server draws a page whose route is marked `ISLANDS_PAGE`:
 * in the browser the full app draws every page it reaches by its own navigation
 * as before. False where the build has no islands entry (development).
 */
export function useIslandsPage(): boolean {
  const page = useMatches().at(-1);
  return typeof document === "undefined" && islandsEntry !== null && drawsIslands(page?.handle);
}

/**
 * One interactive part of a page. On an islands page the server draws the
 * island's component inside `<div data-island>` (its props as JSON beside it),
 * which the islands entry hydrates on its own; anywhere else it draws `children`,
 * the part as the full app has it.
 */
export function Island({ name, props, children }: { name: IslandName; props?: object; children: ReactNode }) {
  if (!useIslandsPage()) return children;
  const Component = loaded.get(name);
  if (!Component) throw new Error(`Island ${name} was not loaded before the render`);
  return (
    <div data-island={name} data-island-props={props ? JSON.stringify(props) : undefined} className="contents">
      {/* Looked up, not made, here: every island's component is loaded once, before the first render. */}
      {createElement(Component, props)}
    </div>
  );
}

/**
 * An islands page's scripts, in place of React Router's: the root loader's data,
 * inert, and one inline module script that imports the islands entry, written
 * as React Router writes its own (with the preloads of what it imports), so the
 * server starts it after the first paint and allows it by its hash (decisions 008, 013).
 */
export function IslandScripts() {
  const siteData = useSiteData();
  if (!islandsEntry) return null;
  return (
    <>
      {islandsEntry.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="application/json" id={ISLAND_SITE_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptSafeJson(siteData ?? null) }} />
      <script type="module" async dangerouslySetInnerHTML={{ __html: `import ${JSON.stringify(islandsEntry.file)};` }} />
    </>
  );
}
