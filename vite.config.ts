import { cpSync } from "node:fs";
import path from "node:path";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), copyMigrations()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Without groups, every module the staff pages share with the public layout becomes a chunk
        // of its own (more requests, worse compression for visitors). React and the router travel
        // as one chunk; the form parts every public page uses (the layout holds two forms) as another.
        codeSplitting: {
          groups: [
            { name: "form-kit", priority: 1, test: (id: string) => /\/app\/(components\/ui|features\/forms)\//.test(id) },
            { name: "framework", priority: 2, test: (id: string) => /node_modules\/(react|react-dom|react-router|scheduler)\/|rolldown\/runtime|^\0rolldown/.test(id) },
          ],
        },
      },
    },
  },
  environments: {
    // The server bundle's entries: our HTTP server, which embeds the app, and the staff command.
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "./server/index.ts", "staff-cli": "./server/staff-cli.ts" },
        },
      },
    },
  },
});
