import { expect, test } from "vitest";
import { startScriptsAfterFirstPaint } from "#app/platform/scripts-after-paint.server.ts";

// The shape React Router's <Scripts> takes once React has rendered it.
const routeModules =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\n' +
  'window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");';
const document =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/>' +
  '<link rel="modulepreload" href="/assets/root-1.js"/></head><body><main><h1>Hi</h1></main>' +
  "<script>window.__reactRouterContext = {};</script>" +
  `<script type="module" async="">${routeModules}</script></body></html>`;

test("drops the preloads and starts the route modules from a classic script, and says what that script inserts", () => {
  const result = startScriptsAfterFirstPaint(Buffer.from(document));
  const html = result.html.toString();
  const deferredModule = result.deferredModule;
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
  expect(html).toContain("<main><h1>Hi</h1></main>");
  const loader = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(loader).toBeDefined();
  expect(loader).toContain('["/assets/entry.client-1.js","/assets/root-1.js"]');
  expect(loader).toContain(JSON.stringify(routeModules));
  expect(loader).toContain('getEntriesByName("first-contentful-paint")');
  expect(loader).toContain("module.textContent=");
  expect(deferredModule).toBe(routeModules);
});

test("the loader inserts each preload, then the module script, in a task of its own", () => {
  const result = startScriptsAfterFirstPaint(Buffer.from(document));
  const loader = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(result.html.toString())?.[1] ?? "";
  const inserted: { tag: string; rel?: string; href?: string; type?: string; textContent?: string }[] = [];
  const tasks: (() => void)[] = [];
  const append = (element: (typeof inserted)[number]) => void inserted.push(element);
  const fakeDocument = { createElement: (tag: string) => ({ tag }), head: { appendChild: append }, body: { appendChild: append } };
  // A browser without paint timing starts at once.
  new Function("window", "document", "setTimeout", loader)({}, fakeDocument, (task: () => void) => tasks.push(task));

  expect(inserted).toEqual([{ tag: "link", rel: "modulepreload", href: "/assets/entry.client-1.js" }]);
  tasks.shift()!();
  expect(inserted.at(-1)).toEqual({ tag: "link", rel: "modulepreload", href: "/assets/root-1.js" });
  tasks.shift()!();
  expect(inserted.at(-1)).toEqual({ tag: "script", type: "module", textContent: routeModules });
  tasks.shift()!();
  expect(inserted).toHaveLength(3);
  expect(tasks).toHaveLength(0);
});

test("escapes markup in what it embeds, so the loader's element ends where it should", () => {
  const tricky = document.replace('import("/assets/entry.client-1.js");', 'import("/assets/entry.client-1.js"); // <!--<script>');
  const loader = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(startScriptsAfterFirstPaint(Buffer.from(tricky)).html.toString())?.[1];
  expect(loader).toContain("// \\u003c!--\\u003cscript>");
  expect(loader).not.toContain("<");
});

test("leaves a document without route modules as it is", () => {
  const plain = "<!DOCTYPE html><html><head></head><body><p>Not found</p></body></html>";
  expect(startScriptsAfterFirstPaint(Buffer.from(plain)).html.toString()).toBe(plain);
});
