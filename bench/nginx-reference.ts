import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { freePort } from "#tests/support/server.ts";

/*
 * The yardstick for a page-cache hit (decision 013): Debian's nginx serving the
 * same page's bytes precompressed from disk (gzip_static, and brotli_static
 * when Debian's module is installed), one worker process against our one
 * Node process. `apt-get install -y nginx libnginx-mod-http-brotli-static`.
 */

const NGINX = "/usr/sbin/nginx";
const BROTLI_STATIC = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

export type NginxReference = { baseURL: string; brotli: boolean; pid: number | undefined; stop(): Promise<void> };

export function nginxInstalled(): boolean {
  return existsSync(NGINX);
}

/** "/" → "index.html", "/crm" → "crm.html": the file nginx answers the path with. */
const fileOf = (page: string) => (page === "/" ? "index.html" : `${page.slice(1).replaceAll("/", "_")}.html`);

/** Starts nginx on 127.0.0.1 serving `pages` (path → HTML) with .gz and .br files beside each; stop() ends it and removes its files. */
export async function startNginxReference(pages: Record<string, string>): Promise<NginxReference> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-nginx-"));
  // Started as root, nginx's worker drops to an unprivileged user, which must be able to read the pages.
  await chmod(dir, 0o755);
  const www = path.join(dir, "www");
  await mkdir(www);
  await mkdir(path.join(dir, "temp"));
  const brotli = existsSync(BROTLI_STATIC);
  const locations: string[] = [];
  for (const [page, html] of Object.entries(pages)) {
    const file = path.join(www, fileOf(page));
    await writeFile(file, html);
    await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
    await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    locations.push(`location = ${page} { try_files /${fileOf(page)} =404; }`);
  }
  const port = await freePort();
  const temp = path.join(dir, "temp");
  const config = `
${brotli ? `load_module ${BROTLI_STATIC};` : ""}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi; uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;
  default_type text/html;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    gzip_static on;
    ${brotli ? "brotli_static on;" : ""}
    ${locations.join("\n    ")}
  }
}`;
  const configFile = path.join(dir, "nginx.conf");
  await writeFile(configFile, config);
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", configFile, "-e", `${dir}/error.log`], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      const probe = await fetch(`${baseURL}${Object.keys(pages)[0]}`);
      if (probe.ok) break;
      errors ||= `${Object.keys(pages)[0]} answered ${probe.status}`;
    } catch {
      // not listening yet
    }
    if (tries > 50 || child.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    brotli,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      await rm(dir, { recursive: true, force: true });
    },
  };
}
