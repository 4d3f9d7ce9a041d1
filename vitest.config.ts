import { defineConfig } from "vitest/config";

/**
 * Three projects: `unit` (modules, database, mail; no build needed), `e2e`
 * (a real Chromium against the built site, started once per run) and `scale`
 * (three built processes behind nginx under load and faults; the last step of `npm test`).
 */
/**
 * The S3 test server (s3rver, in the test process) makes ListObjectsV2 continuation tokens with DES,
 * which OpenSSL 3 keeps in its legacy provider: without it a listing longer than a page answers 500.
 * Only the test processes get it; the site's processes do not.
 */
const S3_TEST_SERVER_ARGS = ["--openssl-legacy-provider"];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the unit files wait on databases as much as they
    // compute, and each has its own database, so two at a time take three quarters of the time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "deploy/**/*.test.ts"],
          environment: "node",
          execArgv: S3_TEST_SERVER_ARGS,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: one browser-heavy file at a time keeps timings honest.
          fileParallelism: false,
        },
      },
      {
        // The multi-process scale and fault test (decision 018): last in `npm test`, or `npm run test:scale` alone.
        test: {
          name: "scale",
          include: ["tests/scale/**/*.test.ts"],
          environment: "node",
          execArgv: S3_TEST_SERVER_ARGS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
