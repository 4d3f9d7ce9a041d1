import { once } from "node:events";
import fs from "node:fs";
import { createServer, Socket, type AddressInfo, type Server } from "node:net";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Page } from "playwright-core";
import { createTestDatabaseEnv, isPostgresReachable, postgresTestUrl } from "#tests/support/databases.ts";
import { openDatabase, type OpenDatabase } from "#app/platform/db/client.server.ts";
import type { RunningServer } from "#tests/support/server.ts";

/*
 * Test support for the form journeys: small real files, a fresh PostgreSQL
 * database per server (so rows can be read while the server runs), reading a
 * PGlite data directory once its server has stopped, and a TCP proxy that
 * can cut the server off from PostgreSQL.
 */

/** The smallest files the server recognises by content. */
export const sampleFiles = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1"),
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  csv: Buffer.from("name,value\nalpha,1\nbeta,2\n", "utf8"),
  /** A Windows executable's header: must never pass as an image. */
  exe: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(200, 1)]),
  text: Buffer.from("just some words, not a PDF at all\n", "utf8"),
};

export type FreshPostgres = {
  url: string;
  pool: pg.Pool;
  count(table: string): Promise<number>;
  dispose(): Promise<void>;
};

/**
 * A new PostgreSQL database on the machine's server for a test's servers, dropped by dispose(): a copy of
 * the migrated template (createTestDatabaseEnv), so the servers started on it find it ready, or with
 * `empty` one they must migrate themselves, as on a deployment's first start.
 */
export async function freshPostgres({ empty = false } = {}): Promise<FreshPostgres> {
  if (!(await isPostgresReachable())) {
    throw new Error(`These tests need the PostgreSQL server at ${postgresTestUrl.replace(/\/\/[^@/]*@/, "//***@")}.`);
  }
  const target = await createTestDatabaseEnv("pg", { migrated: !empty });
  const url = target.env.DATABASE_URL!;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => undefined);
  return {
    url,
    pool,
    async count(table) {
      const result = await pool.query<{ n: string }>(`select count(*)::text as n from "${table}"`);
      return Number(result.rows[0]!.n);
    },
    async dispose() {
      await pool.end().catch(() => undefined);
      await target.dispose();
    },
  };
}

/** Stops the server process but keeps its DATA_DIR, so the PGlite database can be opened the way the server does. */
export async function stopKeepingData(server: RunningServer): Promise<number | null> {
  const child = server.process;
  if (child.exitCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
  if (child.exitCode !== 0) console.error(`server exited with ${child.exitCode}:\n${server.output()}`);
  return child.exitCode;
}

export async function openPgliteOf(dataDir: string): Promise<OpenDatabase> {
  return openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
}

export function listFiles(directory: string): string[] {
  return fs.existsSync(directory)
    ? fs
        .readdirSync(directory)
        .filter((name) => !name.startsWith("."))
        .sort()
    : [];
}

export const consultationFilesDir = (dataDir: string) => path.join(dataDir, "files", "consultation");
export const mailDir = (dataDir: string) => path.join(dataDir, "mail");

export async function waitFor<T>(probe: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms (last value: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type TcpProxy = {
  port: number;
  /** Stops listening and destroys every open connection. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/** 127.0.0.1:{random port} → target; cut() makes the target unreachable as far as the client can tell. */
export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    const next = createServer((client) => {
      const upstream = new Socket();
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
      upstream.connect(targetPort, targetHost, () => {
        client.pipe(upstream);
        upstream.pipe(client);
      });
    });
    next.listen(port, "127.0.0.1");
    await once(next, "listening");
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}

/** A multipart/form-data body built by hand, so tests can send bytes no browser would. */
export function multipartBody(
  parts: ({ name: string; value: string } | { name: string; filename: Buffer | string; type?: string; content: Buffer })[],
  boundary = `----e2e${randomBytes(8).toString("hex")}`,
): { body: Uint8Array<ArrayBuffer>; contentType: string; boundary: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ("value" in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="`));
      chunks.push(typeof part.filename === "string" ? Buffer.from(part.filename) : part.filename);
      chunks.push(Buffer.from(`"\r\nContent-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`));
      chunks.push(part.content, Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

/** The five required consultation fields, filled. */
export function consultationValues(overrides: Partial<Record<"fullName" | "email" | "country" | "phone" | "brief", string>> = {}) {
  return {
    fullName: "Asha Verma",
    email: "asha@example.com",
    country: "India",
    phone: "+91 98765 43210",
    brief: "We need a billing system for 40 clinics.",
    ...overrides,
  };
}

/**
 * The ways to pick files the consultation panel shows a person: the browser's
 * own control (the native input drawn at full size) and the drop zone's
 * "Choose files". There should be exactly one, whatever the page's scripts did.
 */
export async function consultationFilePickers(page: Page): Promise<string[]> {
  const panel = page.locator("#consultation");
  const shown: string[] = [];
  const native = await panel.locator('input[type="file"]').boundingBox();
  if (native && native.width > 1 && native.height > 1) shown.push("the browser's file control");
  if (await panel.getByText("Choose files", { exact: true }).isVisible()) shown.push('"Choose files"');
  return shown;
}
