import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server bundle's entry is our HTTP server, which embeds the app.
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
  },
});
