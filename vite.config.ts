import { cpSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type ViteBuilder } from "vite";

/** The server applies migrations at start, so they travel with the server build. */
function copyMigrations(): Plugin {
  return {
    name: "copy-migrations",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(options) {
      if (options.dir) cpSync("app/platform/db/migrations", path.join(options.dir, "migrations"), { recursive: true });
    },
  };
}

/**
 * The islands pages' script (app/islands/islands.client.tsx, decision 078), built
 * on its own as the `islands` environment, into the browser's folder beside the
 * full app. Built apart, it takes only the part of React Router it uses (the
 * memory router and the fetcher, about 10 KB gzip less): in one build the router
 * is one module, which goes whole into the chunk the staff app needs. The server's
 * build reads its URL and imports from `virtual:islands-entry` to write the
 * page's script; in the browsers' builds and in development the module is null,
 * and every page hydrates as one app.
 */
function islandsEntry(): Plugin {
  const VIRTUAL = "virtual:islands-entry";
  const RESOLVED = `\0${VIRTUAL}`;
  let builder: ViteBuilder | undefined;
  let built: { file: string; imports: string[] } | null = null;
  return {
    name: "islands-entry",
    config(config, { command }) {
      if (command !== "build") return;
      return {
        environments: {
          islands: {
            consumer: "client",
            build: {
              outDir: config.environments?.client?.build?.outDir,
              emptyOutDir: false,
              copyPublicDir: false,
              rolldownOptions: {
                input: { islands: "./app/islands/islands.client.tsx" },
                // The islands' components are imported by name (app/islands/island-registry.ts) and some also
                // by the entry's eager part: the same chunk either way, which is what is wanted.
                checks: { ineffectiveDynamicImport: false },
                // React Router's modules say "use client", which means nothing to a browser's bundle (as React Router's own builds treat it).
                onwarn(warning, warn) {
                  if (warning.code !== "MODULE_LEVEL_DIRECTIVE" || !warning.message.includes("use client")) warn(warning);
                },
                output: { codeSplitting: { groups: [ISLANDS, FRAMEWORK] } },
              },
            },
          },
        },
      };
    },
    // Only to keep the builder: React Router's own `buildApp` builds the environments.
    async buildApp(viteBuilder) {
      builder = viteBuilder;
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      return `export default ${JSON.stringify(this.environment.config.consumer === "client" ? null : built)};`;
    },
    // React Router builds the full app's browser files and then the server's: the islands come between, once
    // the browser's folder has been emptied and before the server's build reads their names.
    async writeBundle() {
      if (this.environment.name === "client" && builder?.environments.islands) await builder.build(builder.environments.islands);
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "islands") return;
      const entry = Object.values(bundle).find((chunk) => chunk.type === "chunk" && chunk.isEntry);
      if (entry?.type !== "chunk") throw new Error("The islands build has no entry chunk");
      const base = this.environment.config.base;
      built = { file: `${base}${entry.fileName}`, imports: entry.imports.map((imported) => `${base}${imported}`) };
    },
  };
}

/**
 * What every public page draws at once: the layout, its content and the shared controls, as one chunk (better
 * compressed, fewer requests). With them the vitals reporter's starter.
 */
const EAGER_LAYOUT =
  /\/app\/(layout|components\/ui)\/|\/app\/content\/(navigation|site)\.ts$|\/app\/features\/(consultation\/consultation-action|vitals\/use-vitals-reporting)\.ts$|vite\/preload-helper/;
/** The layout's parts that load only when wanted (app/layout/deferred-part.tsx): each stays a chunk of its own. */
const DEFERRED_LAYOUT = /\/app\/layout\/(site-footer|consultation-panel|header\/mobile-menu)\.tsx$/;
const isEagerLayout = (id: string) => EAGER_LAYOUT.test(id) && !DEFERRED_LAYOUT.test(id);

/**
 * React and React DOM, as one chunk that both browser builds make alike (same modules, same file name), so a
 * visitor who goes from an islands page to a page of the full app has it already.
 */
const FRAMEWORK = {
  name: "framework",
  priority: 2,
  test: (id: string) => /node_modules\/(react|react-dom|scheduler)\/|rolldown\/runtime|^\0rolldown/.test(id),
};
/** The full app's router, whole: its staff pages use most of it. */
const ROUTER = { name: "router", priority: 2, test: (id: string) => /node_modules\/react-router\//.test(id) };
/**
 * The islands pages' one chunk besides React's: the entry, the part of the router it uses and the layout's eager
 * parts, which it wakes once the browser is idle (the banner, the header, the toasts).
 */
const ISLANDS = { name: "islands", priority: 1, test: (id: string) => /\/app\/islands\/|node_modules\/react-router\//.test(id) || isEagerLayout(id) };

/**
 * react-router's exports name only its development build, whose warnings the
 * browser does not need; the production build is the same code without them
 * (0.6 KB less gzip). Only the browser bundle: on the server a second copy
 * beside the one @react-router/node imports would split the router's state.
 */
function reactRouterProductionBuild(): Plugin {
  const builds: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "react-router-production-build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    resolveId(id) {
      const file = builds[id];
      return file ? fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url)) : undefined;
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [tailwindcss(), reactRouter(), islandsEntry(), copyMigrations(), ...(mode === "production" ? [reactRouterProductionBuild()] : [])],
  build: {
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // The islands' registry (app/islands/island-registry.ts) imports their components by name, which the
          // full app's layout imports as well: the same chunks either way, which is what is wanted.
          checks: { ineffectiveDynamicImport: false },
          output: {
            // Without groups, every module the staff pages share with the public layout becomes a chunk
            // of its own (more requests, worse compression for visitors). React travels as one chunk,
            // the router as another, the layout's eager code as a third, and the form parts (loaded with
            // the consultation panel and the footer, or by a form's page) as a fourth. Only the browser's
            // bundle: on the server the groups would make the staff command load the S3 client and
            // React with the settings it shares with the server (0.6 s for each account made).
            codeSplitting: {
              groups: [
                { name: "layout", priority: 1, test: isEagerLayout },
                { name: "form-kit", priority: 1, test: (id: string) => /\/app\/features\/forms\//.test(id) },
                FRAMEWORK,
                ROUTER,
              ],
            },
          },
        },
      },
    },
    // The server bundle's entries: our HTTP server, which embeds the app, and the staff command.
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "./server/index.ts", "staff-cli": "./server/staff-cli.ts" },
        },
      },
    },
  },
}));
