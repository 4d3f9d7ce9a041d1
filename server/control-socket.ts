import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { toEmailAddress } from "#app/features/email-address-field.ts";
import { COMMAND_LINE_ACTOR } from "#app/features/staff/audit.server.ts";
import { createStaffAccount } from "#app/features/staff/password-links.server.ts";
import { normaliseRoles } from "#app/features/staff/roles.ts";
import { staffRoles } from "#app/platform/db/schema.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/*
 * The embedded database opens in one process only, so while the site runs,
 * `npm run staff:create` asks the server to create the account. The channel
 * is a Unix socket in the data directory, readable and writable by the
 * owner alone: nothing on the network can reach it.
 */

export const controlSocketPath = (env: Pick<Env, "DATA_DIR">) => path.resolve(env.DATA_DIR, "control.sock");

export const StaffCreateRequest = z.object({
  command: z.literal("staff:create"),
  email: z.string().pipe(toEmailAddress("must be one email address, like person@example.com")),
  roles: z.array(z.enum(staffRoles)).min(1).max(staffRoles.length),
  name: z.string().max(200).default(""),
});

/** The roles of `--role` flags, each a role or several joined by commas: `--role admin --role sales` or `--role admin,sales`. */
export function rolesOfFlags(flags: readonly string[] | undefined): string[] {
  return (flags ?? []).flatMap((flag) => flag.split(",")).map((role) => role.trim());
}

export type ControlAnswer = { ok: true; status: "created" | "exists"; roles: string[]; url: string; expiresAt: string } | { ok: false; error: string };

/** The server's answer, or null when no server listens on this data directory. */
export function askRunningServer(socketPath: string, request: string): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${request}\n`));
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as ControlAnswer);
      } catch {
        reject(new Error("The running server gave an answer that could not be read."));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(null) : reject(error)));
  });
}

const MAX_REQUEST_BYTES = 4096;

export async function startControlSocket(services: Services): Promise<net.Server> {
  const socketPath = controlSocketPath(services.env);
  // Only this process holds the embedded database's lock, so a socket file left here is stale.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = received.indexOf("\n");
      if (end === -1) return;
      socket.pause();
      void answer(services, received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Created owner-only: no moment exists when others could connect.
    const umask = process.umask(0o177);
    server.listen(socketPath, () => {
      process.umask(umask);
      resolve();
    });
  });
  server.unref();
  return server;
}

async function answer(services: Services, line: string): Promise<ControlAnswer> {
  let request: z.infer<typeof StaffCreateRequest>;
  try {
    request = StaffCreateRequest.parse(JSON.parse(line));
  } catch {
    return { ok: false, error: "The request was not understood." };
  }
  try {
    const result = await createStaffAccount(services, request, COMMAND_LINE_ACTOR);
    const roles = result.status === "exists" ? result.roles : normaliseRoles(request.roles);
    return { ok: true, status: result.status, roles, url: result.url, expiresAt: result.expiresAt.toISOString() };
  } catch (error) {
    logger.error({ err: error }, "Could not create a staff account from the command line");
    return { ok: false, error: "The server could not create the account; its log says why." };
  }
}
