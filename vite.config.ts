import { cpSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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
 * The islands pages' script (app/islands/islands.client.tsx, decision 078): a
 * chunk of the browser's build of its own, whose URL and imports the server's
 * build reads from `virtual:islands-entry` to write the page's script. The client
 * is built first; in the browser's own build and in development the module is
 * null, and every page hydrates as one app.
 */
function islandsEntry(): Plugin {
  const VIRTUAL = "virtual:islands-entry";
  const RESOLVED = `\0${VIRTUAL}`;
  let reference: string | undefined;
  let built: { file: string; imports: string[] } | null = null;
  return {
    name: "islands-entry",
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      return `export default ${JSON.stringify(this.environment.name === "client" ? null : built)};`;
    },
    buildStart() {
      if (this.environment.name === "client" && this.environment.mode === "build") {
        reference = this.emitFile({ type: "chunk", id: "./app/islands/islands.client.tsx", name: "islands" });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client" || !reference) return;
      const file = this.getFileName(reference);
      const chunk = bundle[file];
      const base = this.environment.config.base;
      built = { file: `${base}${file}`, imports: chunk?.type === "chunk" ? chunk.imports.map((imported) => `${base}${imported}`) : [] };
    },
  };
}

/**
 * What every public page draws at once: the layout, its content and the shared controls, as one chunk (better
 * compressed, fewer requests). With them the vitals reporter's starter, which the islands entry shares with the root.
 */
const EAGER_LAYOUT =
  /\/app\/(layout|components\/ui)\/|\/app\/content\/(navigation|site)\.ts$|\/app\/features\/(consultation\/consultation-action|vitals\/use-vitals-reporting)\.ts$|vite\/preload-helper/;
/** The layout's parts that load only when wanted (app/layout/deferred-part.tsx): each stays a chunk of its own. */
const DEFERRED_LAYOUT = /\/app\/layout\/(site-footer|consultation-panel|header\/mobile-menu)\.tsx$/;

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
    applyToEnvironment: (environment) => environment.name === "client",
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
          // The islands entry imports the islands' components by name (app/islands/island-registry.ts), which the
          // full app's layout imports as well: the same chunks either way, which is what is wanted.
          checks: { ineffectiveDynamicImport: false },
          output: {
            // Without groups, every module the staff pages share with the public layout becomes a chunk
            // of its own (more requests, worse compression for visitors). React and the router travel
            // as one chunk, the layout's eager code as another, and the form parts (loaded with the
            // consultation panel and the footer, or by a form's page) as a third. Only the browser's
            // bundle: on the server the groups would make the staff command load the S3 client and
            // React with the settings it shares with the server (0.6 s for each account made).
            codeSplitting: {
              groups: [
                { name: "layout", priority: 1, test: (id: string) => EAGER_LAYOUT.test(id) && !DEFERRED_LAYOUT.test(id) },
                { name: "form-kit", priority: 1, test: (id: string) => /\/app\/features\/forms\//.test(id) },
                {
                  name: "framework",
                  priority: 2,
                  test: (id: string) => /node_modules\/(react|react-dom|react-router|scheduler)\/|rolldown\/runtime|^\0rolldown/.test(id),
                },
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
