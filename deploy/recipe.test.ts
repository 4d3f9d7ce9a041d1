import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { validate } from "dockerfile-utils";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { ENV_VARIABLES, parseEnv } from "#app/platform/env.server.ts";
import { nginxUnavailable, startRecipeNginx, testRecipeConf, type RunningNginx } from "#tests/support/recipe-nginx.ts";

/*
 * The production recipe (decision 018): Dockerfile, compose.yaml and
 * deploy/nginx.conf. Docker does not run on this machine, so these tests check
 * what can be checked without it: the Dockerfile against a Dockerfile linter
 * and the recipe's rules, compose.yaml's wiring against the server's settings,
 * and the nginx configuration with nginx itself.
 */

const read = (file: string) => fs.readFileSync(file, "utf8");

type Service = {
  image?: string;
  build?: unknown;
  init?: boolean;
  deploy?: { replicas?: number };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
  volumes?: string[];
  command?: string[] | string;
  healthcheck?: { test: string[] };
  ports?: string[];
};
const compose = parse(read("compose.yaml")) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const app = compose.services.app!;
const appEnv = app.environment ?? {};

/** The values deploy/production.env.example gives, with a stand-in for each left empty for the operator. */
function exampleSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of read("deploy/production.env.example").split("\n")) {
    const match = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match && !line.startsWith("#")) settings[match[1]!] = match[2] || `${match[1]!.toLowerCase()}-stand-in-value-0123456789abcdef`;
  }
  return settings;
}

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error}, and $$ for a dollar. */
function interpolate(value: string, settings: Record<string, string>): string {
  return value
    .replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
      const set = settings[name];
      if (set !== undefined && set !== "") return set;
      if (kind === "-") return rest ?? "";
      throw new Error(`${name} is required: ${rest}`);
    })
    .replace(/\$\$/g, "$");
}

const variablesUsed = (text: string) => new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]!));

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  // Continuation lines joined, comments dropped: one instruction a line.
  const instructions = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("#"));
  const stages = instructions.reduce<string[][]>((all, line) => (line.startsWith("FROM ") ? [...all, [line]] : (all.at(-1)?.push(line), all)), []);
  const final = stages.at(-1) ?? [];

  test("a Dockerfile linter (the one VS Code uses) finds nothing, every rule on", () => {
    const problems = validate(dockerfile, {
      deprecatedMaintainer: 1,
      emptyContinuationLine: 1,
      instructionCasing: 1,
      instructionCmdMultiple: 1,
      instructionEntrypointMultiple: 1,
      instructionHealthcheckMultiple: 1,
      instructionJSONInSingleQuotes: 1,
      instructionWorkdirRelative: 1,
    });
    expect(problems.map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
  });

  test("multi-stage: the build installs everything, the runtime only the dependencies, and the last stage copies both results", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const installs = instructions.filter((line) => /^RUN npm (ci|install)/.test(line));
    // Exactly the lockfile's versions, with no fallback that could install others.
    expect(installs).toEqual(["RUN npm ci --no-audit --no-fund", "RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force"]);
    expect(instructions).toContain("RUN npm run build");
    expect(final.some((line) => /^COPY --from=\S+ .*\/app\/node_modules \.\/node_modules$/.test(line))).toBe(true);
    expect(final.some((line) => /^COPY --from=\S+ .*\/app\/build \.\/build$/.test(line))).toBe(true);
    // The server build is ES modules: package.json's "type" must be beside it.
    expect(final.some((line) => /^COPY .*package\.json \.\/$/.test(line))).toBe(true);
    expect(final.some((line) => /npm (ci|install)/.test(line))).toBe(false);
  });

  test("runs Node 20 (package.json's engines) as an unprivileged user, NODE_ENV=production, node as the process that gets SIGTERM", () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)\.(\d+)\.\d+-/m.exec(dockerfile);
    const engines = /^>=(\d+)\.(\d+)/.exec((JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node);
    expect(image?.[1]).toBe(engines?.[1]);
    expect(Number(image?.[2])).toBeGreaterThanOrEqual(Number(engines?.[2]));
    const user = final.filter((line) => line.startsWith("USER ")).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    expect(final.some((line) => /^ENV .*\bNODE_ENV=production\b/.test(line))).toBe(true);
    // Exec form: no shell between Docker and node, so the signal reaches the server's handler.
    const cmd = final.filter((line) => line.startsWith("CMD ")).at(-1) ?? "";
    expect(JSON.parse(cmd.slice(4))).toEqual(["node", "build/server/index.js"]);
    expect(final.some((line) => line.startsWith("ENTRYPOINT "))).toBe(false);
  });

  test("the health check asks /healthz with node (the slim image has no curl or wget)", () => {
    const healthcheck = final.find((line) => line.startsWith("HEALTHCHECK ")) ?? "";
    const command = JSON.parse(healthcheck.slice(healthcheck.indexOf("CMD ") + 4)) as string[];
    expect(command[0]).toBe("node");
    expect(command.join(" ")).toContain("/healthz");
    expect(healthcheck).not.toMatch(/curl|wget/);
    expect(healthcheck).toMatch(/--interval=\d+s --timeout=\d+s/);
  });

  test(".dockerignore keeps local installs, builds, data, certificates and secrets out of the image", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", "build", "data", ".env", ".git", "deploy/certs", "deploy/production.env"]) expect(ignored, entry).toContain(entry);
  });
});

describe("compose.yaml", () => {
  test("PostgreSQL, MinIO with its bucket, several app processes and nginx in front", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app", "mailpit", "minio", "minio-bucket", "nginx", "postgres"]);
    expect(app.build).toBe(".");
    expect(app.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(app.init).toBe(true);
    for (const service of ["postgres", "minio", "minio-bucket", "nginx", "mailpit"]) expect(compose.services[service]!.image, service).toMatch(/:[\w.-]*\d/);
    // Only nginx is reachable from outside (and Mailpit's inbox, from this machine only).
    expect(compose.services.nginx!.ports).toEqual(["80:80", "443:443"]);
    expect(app.ports).toBeUndefined();
    expect(compose.services.mailpit!.ports?.every((port) => port.startsWith("127.0.0.1:"))).toBe(true);
  });

  test("every variable the app is given is one the server reads, and with the example settings they pass its validation", () => {
    expect(Object.keys(appEnv).filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    const settings = exampleSettings();
    const env = parseEnv(Object.fromEntries(Object.entries(appEnv).map(([name, value]) => [name, interpolate(String(value), settings)])));
    expect(env.NODE_ENV).toBe("production");
    expect(env.SITE_URL).toMatch(/^https:\/\//);
    expect(env.TRUST_PROXY).toBe("1");
    expect(env.STORAGE_DRIVER).toBe("s3");
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
    expect(env.MAIL_TRANSPORT).toBe("smtp");
    expect(env.AUTH_SECRET?.length).toBeGreaterThanOrEqual(32);
  });

  test("every ${VARIABLE} compose.yaml needs is in deploy/production.env.example", () => {
    const documented = new Set(
      read("deploy/production.env.example")
        .split("\n")
        .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter(Boolean),
    );
    expect([...variablesUsed(read("compose.yaml"))].filter((name) => !documented.has(name))).toEqual([]);
  });

  test("the app's database, store and mail point at the services that provide them, with their credentials", () => {
    const settings = exampleSettings();
    const value = (service: Service, name: string) => interpolate(String(service.environment?.[name] ?? ""), settings);
    const postgres = compose.services.postgres!;
    const database = new URL(value(app, "DATABASE_URL"));
    expect(database.hostname).toBe("postgres");
    expect(database.username).toBe(value(postgres, "POSTGRES_USER"));
    expect(decodeURIComponent(database.password)).toBe(value(postgres, "POSTGRES_PASSWORD"));
    expect(database.pathname).toBe(`/${value(postgres, "POSTGRES_DB")}`);

    const minio = compose.services.minio!;
    expect(new URL(value(app, "S3_ENDPOINT")).host).toBe("minio:9000");
    expect(value(app, "S3_ACCESS_KEY_ID")).toBe(value(minio, "MINIO_ROOT_USER"));
    expect(value(app, "S3_SECRET_ACCESS_KEY")).toBe(value(minio, "MINIO_ROOT_PASSWORD"));
    // The bucket the app writes to is the one created before it starts, with the same credentials.
    const bucketCommand = ([compose.services["minio-bucket"]!.command].flat() as string[]).join(" ");
    expect(bucketCommand).toContain(`mc mb --ignore-existing store/${value(app, "S3_BUCKET")}`);
    expect(bucketCommand).toContain(`http://minio:9000 ${value(minio, "MINIO_ROOT_USER")} "$$MINIO_ROOT_PASSWORD"`);
    expect(value(compose.services["minio-bucket"]!, "MINIO_ROOT_PASSWORD")).toBe(value(minio, "MINIO_ROOT_PASSWORD"));

    expect(new URL(value(app, "SMTP_URL")).hostname).toBe("mailpit");
    expect(app.depends_on).toEqual({ postgres: { condition: "service_healthy" }, "minio-bucket": { condition: "service_completed_successfully" } });
    expect(postgres.healthcheck?.test).toContain("pg_isready");
    expect(minio.healthcheck?.test).toEqual(["CMD", "mc", "ready", "local"]);
  });

  test("Docker waits for the whole shutdown: the grace period, the mail worker's 5 s and the database close fit in stop_grace_period", () => {
    const grace = Number(appEnv.SHUTDOWN_GRACE_MS);
    const stopSeconds = Number(/^(\d+)s$/.exec(app.stop_grace_period ?? "")?.[1]);
    expect(grace).toBeGreaterThan(0);
    expect(stopSeconds * 1000).toBeGreaterThanOrEqual(grace + 5_000 + 10_000);
  });

  test("nginx gets the recipe's configuration and the certificates, and its upstream is the app's service and port", () => {
    const volumes = compose.services.nginx!.volumes ?? [];
    expect(volumes).toContain("./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro");
    expect(volumes).toContain("./deploy/certs:/etc/nginx/certs:ro");
    expect(read("deploy/nginx.conf")).toMatch(new RegExp(`server app:${appEnv.PORT} resolve;`));
    // `resolve` in an upstream needs nginx 1.27.3.
    const [, major, minor] = /^nginx:(\d+)\.(\d+)/.exec(compose.services.nginx!.image ?? "") ?? [];
    expect(Number(major) * 1000 + Number(minor)).toBeGreaterThanOrEqual(1028);
  });
});

const skipNginx = nginxUnavailable();
if (skipNginx) console.warn(`deploy/nginx.conf is not run: ${skipNginx}`);

describe.skipIf(skipNginx !== null)("deploy/nginx.conf run by nginx", () => {
  let nginx: RunningNginx;
  let upstream: http.Server;
  const seen: { headers: http.IncomingHttpHeaders; bytes: number }[] = [];

  beforeAll(async () => {
    // An upstream that says what it received.
    upstream = http.createServer((req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => {
        seen.push({ headers: req.headers, bytes });
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ bytes }));
      });
    });
    upstream.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    nginx = await startRecipeNginx(`127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await nginx?.stop();
    upstream?.close();
    upstream?.closeAllConnections();
  });

  function request(method: string, pathname: string, body?: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        { host: "127.0.0.1", port: nginx.httpsPort, servername: "localhost", ca: nginx.ca, method, path: pathname, headers: { Host: "localhost", ...headers } },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  test("nginx -t accepts it", async () => {
    const result = await testRecipeConf();
    expect(result.output).toContain("test is successful");
    expect(result.ok).toBe(true);
    if (result.changes.length) console.info(`nginx.conf ran with: ${result.changes.join("; ")}`);
  });

  test("plain http is sent to https; over TLS the app hears the scheme, the visitor's address, the host and a request id, on a kept-alive connection", async () => {
    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: "127.0.0.1", port: nginx.httpPort, path: "/careers?x=1", headers: { Host: "localhost" } }, resolve).on("error", reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe("https://localhost/careers?x=1");

    seen.length = 0;
    // A forged X-Forwarded-For is replaced, not passed on: with TRUST_PROXY=1 the app takes the last hop.
    const answer = await request("GET", "/", undefined, { "X-Forwarded-For": "203.0.113.9" });
    expect(answer.status).toBe(200);
    const headers = seen[0]?.headers ?? {};
    expect(headers["x-forwarded-proto"]).toBe("https");
    expect(headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(headers.host).toBe("localhost");
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    expect(headers.connection ?? "keep-alive").not.toBe("close");
  });

  test("the largest form (51 MB) reaches the app whole; a body over 60 MB is refused by nginx", async () => {
    seen.length = 0;
    const largest = Buffer.alloc(51 * 1024 * 1024 + 1024, 97);
    const accepted = await request("POST", "/consultation", largest, { "Content-Type": "application/octet-stream" });
    expect(accepted.status).toBe(200);
    expect(JSON.parse(accepted.text)).toEqual({ bytes: largest.length });
    const tooLarge = await request("POST", "/consultation", undefined, {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(61 * 1024 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    expect(seen).toHaveLength(1);
  });
});
