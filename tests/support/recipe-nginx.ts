import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "#tests/support/server.ts";

/*
 * deploy/nginx.conf, the production recipe's load balancer, run by Debian's
 * nginx on 127.0.0.1: the same file with only what differs on this machine
 * replaced (ports, the upstream's address, certificate paths), so tests
 * check the configuration that ships.
 */

export const NGINX_BINARY = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const RECIPE_NGINX_CONF = path.resolve("deploy/nginx.conf");

/** Why the recipe's nginx cannot run here, or null when it can. */
export function nginxUnavailable(): string | null {
  if (!existsSync(NGINX_BINARY)) return `no nginx at ${NGINX_BINARY} (apt-get install -y nginx)`;
  if (spawnSync("openssl", ["version"]).status !== 0) return "no openssl to make a test certificate";
  return null;
}

/** nginx's version as [major, minor, patch]. */
export function nginxVersion(): [number, number, number] {
  const output = spawnSync(NGINX_BINARY, ["-v"], { encoding: "utf8" }).stderr;
  const [, major = "0", minor = "0", patch = "0"] = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(output) ?? [];
  return [Number(major), Number(minor), Number(patch)];
}

const atLeast = (version: [number, number, number], wanted: [number, number, number]) =>
  version[0] * 1e6 + version[1] * 1e3 + version[2] >= wanted[0] * 1e6 + wanted[1] * 1e3 + wanted[2];

export type AdaptedConf = { conf: string; changes: string[] };

/**
 * The recipe's server blocks for this machine: listening on 127.0.0.1 ports,
 * proxying to `upstream` (host:port), certificates from `certDir`. Directives
 * this nginx is too old for (`resolve` in an upstream needs 1.27.3, `http2 on`
 * 1.25.1) are dropped, and the answer says which.
 */
export function adaptRecipeConf(
  source: string,
  options: { httpPort: number; httpsPort: number; upstream: string; certDir: string; version: [number, number, number] },
): AdaptedConf {
  const changes: string[] = [];
  const replace = (pattern: RegExp, replacement: string, what: string) => {
    if (!pattern.test(source)) throw new Error(`deploy/nginx.conf has no ${what} (${pattern})`);
    source = source.replace(pattern, replacement);
  };
  replace(/^(\s*)server app:3000 resolve;$/m, `$1server ${options.upstream}${atLeast(options.version, [1, 27, 3]) ? " resolve" : ""};`, "upstream server");
  replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.httpPort};`, "plain listener");
  replace(/^(\s*)listen 443 ssl;$/m, `$1listen 127.0.0.1:${options.httpsPort} ssl;`, "TLS listener");
  replace(/\/etc\/nginx\/certs\//g, `${options.certDir}/`, "certificate path");
  if (!atLeast(options.version, [1, 27, 3])) changes.push("upstream without `resolve` (nginx < 1.27.3)");
  if (!atLeast(options.version, [1, 25, 1])) {
    replace(/^\s*http2 on;\n/m, "", "http2 directive");
    changes.push("no `http2 on` (nginx < 1.25.1)");
  }
  return { conf: source, changes };
}

export type RunningNginx = {
  httpPort: number;
  httpsPort: number;
  /** The test certificate (CN and SAN localhost), for clients to trust. */
  ca: Buffer;
  changes: string[];
  log: () => Promise<string>;
  stop: () => Promise<void>;
};

/** A self-signed certificate for localhost in `dir` (site.crt, site.key), as deploy/self-signed-cert.sh makes it. */
export function makeTestCertificate(dir: string): void {
  execFileSync("sh", [path.resolve("deploy/self-signed-cert.sh"), "localhost"], { env: { ...process.env, CERT_DIR: dir }, stdio: "ignore" });
}

/** The prefix folder, a test certificate and the main configuration around the recipe's file. */
async function prepare(upstream: string, ports: { httpsPort?: number } = {}) {
  const prefix = await mkdtemp(path.join(tmpdir(), "recipe-nginx-"));
  // Worker processes (user nobody when started as root) create their temporary folders in here.
  await chmod(prefix, 0o755);
  const certDir = path.join(prefix, "certs");
  makeTestCertificate(certDir);
  const httpsPort = ports.httpsPort ?? (await freePort());
  const httpPort = await freePort();
  const adapted = adaptRecipeConf(await readFile(RECIPE_NGINX_CONF, "utf8"), { httpPort, httpsPort, upstream, certDir, version: nginxVersion() });
  await writeFile(path.join(prefix, "site.conf"), adapted.conf);
  await writeMainConf(prefix, { workerConnections: 512, accessLog: ["access_log off;"] });
  return { prefix, certDir, httpPort, httpsPort, changes: adapted.changes };
}

/** `nginx -t` on the recipe's file: nginx's own answer and whether it accepted it. */
/**
 * What the official image's /etc/nginx/nginx.conf gives the recipe's server block
 * (`site.conf` in `prefix`): an http block around it, everything kept in `prefix`.
 */
export async function writeMainConf(prefix: string, { workerConnections, accessLog }: { workerConnections: number; accessLog: string[] }): Promise<void> {
  await writeFile(
    path.join(prefix, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      `events { worker_connections ${workerConnections}; }`,
      "http {",
      ...accessLog.map((line) => `  ${line}`),
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${prefix}/${kind};`),
      `  include ${prefix}/site.conf;`,
      "}",
    ].join("\n"),
  );
}

export async function testRecipeConf(): Promise<{ ok: boolean; output: string; changes: string[] }> {
  const { prefix, changes } = await prepare("127.0.0.1:9");
  try {
    const result = spawnSync(NGINX_BINARY, ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`, changes };
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }
}

/** The recipe's nginx in front of `upstream` (host:port), until `stop`; TLS on `httpsPort` when given (a site whose SITE_URL names it). */
export async function startRecipeNginx(upstream: string, ports: { httpsPort?: number } = {}): Promise<RunningNginx> {
  const { prefix, certDir, httpPort, httpsPort, changes } = await prepare(upstream, ports);
  let output = "";
  const child: ChildProcess = spawn(NGINX_BINARY, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    const answered = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: "manual" }).then(
      (response) => response.status,
      () => 0,
    );
    if (answered === 301) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not answer within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    httpPort,
    httpsPort,
    ca: await readFile(path.join(certDir, "site.crt")),
    changes,
    log: async () => output + (await readFile(path.join(prefix, "error.log"), "utf8").catch(() => "")),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
