import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Four projects: `unit` (modules, database, mail; no build needed), `e2e` and `e2e-alone`
 * (a real Chromium against the built site, started once per run) and `scale`
 * (three built processes behind nginx under load and faults; in `npm test` after the build, the static checks beside it).
 */
/**
 * The S3 test server (s3rver, in the test process) makes ListObjectsV2 continuation tokens with DES,
 * which OpenSSL 3 keeps in its legacy provider: without it a listing longer than a page answers 500.
 * Only the test processes get it; the site's processes do not.
 */
const S3_TEST_SERVER_ARGS = ["--openssl-legacy-provider"];
/**
 * The unit files open a PGlite database for nearly every test and run a few queries on each: V8's baseline
 * WebAssembly compiler alone makes that a tenth cheaper than compiling PGlite again with the optimising one
 * (decision 084; the browser tests' servers start the same way, tests/support/server.ts).
 */
const UNIT_ARGS = [...S3_TEST_SERVER_ARGS, "--liftoff-only"];

/**
 * The islands entry's name, which the build hands the server (vite.config.ts, `islandsEntry`): the unit
 * files draw the islands pages as the server does, with an entry of that shape.
 */
const islandsEntryForUnits: Plugin = {
  name: "islands-entry",
  resolveId: (id) => (id === "virtual:islands-entry" ? "\0virtual:islands-entry" : undefined),
  load: (id) => (id === "\0virtual:islands-entry" ? 'export default { file: "/assets/islands.js", imports: [] };' : undefined),
};

/**
 * Browser files whose tests measure time (health answers under a flood, slow clients, a menu's hover
 * delay): another file's pages and servers on the same two cores would make them fail for no fault
 * of the site, so they run alone, after the others. A file holds only its timed tests (decision 087).
 */
const E2E_ALONE = ["tests/e2e/overload.test.ts", "tests/e2e/slow-clients.test.ts", "tests/e2e/header-hover.test.ts"];

/**
 * The projects that hold the site's servers to a time or a volume under load (the timed browser files, the scale
 * test) keep V8's optimising compilers for the servers' JavaScript, which the other files' servers go without (decision 091).
 */
const SERVERS_OPTIMISE_JAVASCRIPT = { SERVERS_OPTIMISE_JAVASCRIPT: "1" };

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the browser files wait on servers, pages and mail as
    // much as they compute, so two at a time take three quarters of the time (the unit files take three).
    maxWorkers: 2,
    projects: [
      {
        plugins: [islandsEntryForUnits],
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "deploy/**/*.test.ts"],
          environment: "node",
          // Three files at a time: the unit files wait on databases, mail servers and timers often enough
          // that a third fills the cores (80 s against 71 s, two runs each in turns). A project with a worker
          // count of its own needs a group of its own: when all run together, the groups go in npm test's order.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
          execArgv: UNIT_ARGS,
          testTimeout: 30_000,
          // A worker's files share its modules, as the browser files do: each file importing Drizzle, PGlite,
          // React DOM's server and the app afresh cost 64 s of the step's 131. The files mock no module and
          // stub no environment; a file that did would have to undo it (decision 085).
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: E2E_ALONE,
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
          // Two files at a time: one file alone left a fifth of the two cores idle
          // (waiting on servers starting, pages loading, mail arriving); two fill it, and the browser
          // step takes three quarters of the time. Each file has its own Chromium, servers and ports
          // (server.ts); the run's one server is shared (global-setup.ts).
          // The files of a worker share its process: each file's own import of Playwright, axe and the
          // support modules cost about 1.5 s of CPU. What those modules keep is the worker's on purpose: its
          // Chromium and the publishing journeys' server pair, started once and stopped when the worker ends
          // (tests/support/worker.ts).
          isolate: false,
        },
      },
      {
        // The browser files that hold the site to a time under load run after the others, one at a time.
        test: {
          name: "e2e-alone",
          include: E2E_ALONE,
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          env: SERVERS_OPTIMISE_JAVASCRIPT,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // The multi-process scale and fault test (decision 018): in `npm test` beside the static checks (decision 090), or `npm run test:scale` alone.
        test: {
          name: "scale",
          include: ["tests/scale/**/*.test.ts"],
          environment: "node",
          execArgv: S3_TEST_SERVER_ARGS,
          env: SERVERS_OPTIMISE_JAVASCRIPT,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
