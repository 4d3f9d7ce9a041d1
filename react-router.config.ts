import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Two server entries (vite.config.ts): index.js, the HTTP server, and staff-cli.js, the staff command.
  serverBuildFile: "[name].js",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
