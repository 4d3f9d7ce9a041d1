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
  build: { assetsInlineLimit: 0 },
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
