import { parseArgs } from "node:util";
import { env as loadEnv } from "#app/platform/env.server.ts";
import { askRunningServer, controlSocketPath, rolesOfFlags, StaffCreateRequest, type ControlAnswer } from "#server/control-socket.ts";

/**
 * `npm run staff:create -- --email a@b.c --role admin [--role sales] [--name "Ann Lee"]`
 * (or `--role admin,sales`): creates a staff account holding those roles and
 * prints a one-time link (24 hours) to choose its password; for an existing
 * account, prints a fresh link (its roles stay). While the site runs on the
 * embedded database it asks the server; otherwise it opens the database.
 */
const USAGE =
  'Usage: npm run staff:create -- --email person@example.com --role admin|sales|recruiter|editor [--role …] [--name "Full Name"]\n' +
  "An account may hold several roles: --role admin --role sales, or --role admin,sales.";

async function main(): Promise<number> {
  let options;
  try {
    options = parseArgs({ options: { email: { type: "string" }, role: { type: "string", multiple: true }, name: { type: "string" } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = StaffCreateRequest.safeParse({ command: "staff:create", email: options.email, roles: rolesOfFlags(options.role), name: options.name ?? "" });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => `--${issue.path[0] === "roles" ? "role" : String(issue.path[0])}`))].join(", ");
    console.error(`Please give a valid ${fields}.\n${USAGE}`);
    return 2;
  }
  const env = loadEnv();
  const answer = (await askRunningServer(controlSocketPath(env), JSON.stringify(parsed.data))) ?? (await createDirectly(env, parsed.data));
  if (!answer.ok) {
    console.error(answer.error);
    return 1;
  }
  const held = `${answer.roles.length > 1 ? "roles" : "role"}: ${answer.roles.join(", ")}`;
  const what =
    answer.status === "created"
      ? `Created a staff account for ${parsed.data.email} (${held}).`
      : `${parsed.data.email} already has a staff account (${held}); here is a new link for it.`;
  console.log(`${what}\nOpen this link before ${new Date(answer.expiresAt).toUTCString()} to choose the password. It works once:\n\n${answer.url}\n`);
  return 0;
}

/** Without a running server: opens the database itself. Its code is loaded only then, so asking a running server starts quickly. */
async function createDirectly(
  env: ReturnType<typeof loadEnv>,
  request: { email: string; roles: (typeof StaffCreateRequest)["_output"]["roles"]; name: string },
): Promise<ControlAnswer> {
  const [{ COMMAND_LINE_ACTOR }, { createStaffAccount }, { normaliseRoles }, { openDatabase }] = await Promise.all([
    import("#app/features/staff/audit.server.ts"),
    import("#app/features/staff/password-links.server.ts"),
    import("#app/features/staff/roles.ts"),
    import("#app/platform/db/client.server.ts"),
  ]);
  const database = await openDatabase(env);
  try {
    const result = await createStaffAccount({ db: database.db, env }, request, COMMAND_LINE_ACTOR);
    return {
      ok: true,
      status: result.status,
      roles: result.status === "exists" ? result.roles : normaliseRoles(request.roles),
      url: result.url,
      expiresAt: result.expiresAt.toISOString(),
    };
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
