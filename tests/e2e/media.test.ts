import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { srcSetOf } from "#app/features/images/image-rules.ts";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { auditLog } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Images (decision 012): an editor uploads through the editor's endpoint; the
 * image is public in every web width with a year-long, immutable cache
 * header; others are refused; the upload is in the audit log.
 */
const { newPage } = setupBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
}, 60_000);

afterAll(async () => {
  if (!server) return;
  await server.stop({ keepData: true });
  await rm(server.dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: { src?: string; width?: number; height?: number; message?: string } | string };

/** Posts a file as the rich-text editor does: FormData with the field `image`, by fetch from a staff page. */
function upload(page: Page, bytes: Buffer, name: string, type: string): Promise<Answer> {
  return page.evaluate(
    async ({ base64, name, type }) => {
      const form = new FormData();
      form.append("image", new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
      const response = await fetch("/staff/media", { method: "POST", body: form });
      const text = await response.text();
      try {
        return { status: response.status, body: JSON.parse(text) };
      } catch {
        return { status: response.status, body: text };
      }
    },
    { base64: bytes.toString("base64"), name, type },
  );
}

test(
  "an editor uploads an image; it is served in every web width with long cache headers; others are refused; the audit log has it",
  { timeout: 60_000 },
  async () => {
    const photo = await sharp({ create: { width: 2000, height: 1333, channels: 3, background: "#3a6ea5" } })
      .composite([{ input: Buffer.from('<svg width="2000" height="1333"><circle cx="1000" cy="666" r="500" fill="#f5a623"/></svg>') }])
      .jpeg()
      .toBuffer();

    // The endpoint is staff-only: a visitor is sent to sign in, and nothing is stored.
    const anonymous = await fetch(`${server.baseURL}/staff/media`, { method: "POST", body: new FormData(), redirect: "manual" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/staff\/sign-in\?/);

    const editor = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 415/ });
    const editorEmail = await signInAs(editor, server, "editor", { name: "Edith Editor" });
    const started = Date.now();
    const uploaded = await upload(editor, photo, "harbour.jpg", "image/jpeg");
    const uploadMs = Date.now() - started;
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const { src, width, height } = uploaded.body as { src: string; width: number; height: number };
    expect(src).toMatch(/^\/media\/[0-9a-f-]{36}\/1920\.webp$/);
    expect([width, height]).toEqual([1920, 1280]);
    console.info(`upload of a ${Math.round(photo.length / 1024)} KB 2000×1333 JPEG answered in ${uploadMs} ms`);

    // Public, with no session: every width the srcset names, as WebP, cached for a year.
    const candidates = srcSetOf(src)!
      .split(", ")
      .map((candidate) => candidate.split(" "));
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(["320w", "640w", "960w", "1280w", "1920w"]);
    for (const [url, descriptor] of candidates) {
      const response = await fetch(`${server.baseURL}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, `${metadata.width}w`]).toEqual(["webp", descriptor]);
      expect(metadata.exif).toBeUndefined();
    }
    const head = await fetch(`${server.baseURL}${src}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);

    // Unknown or malformed names are 404, never a look through storage.
    for (const path of [
      src.replace(/[0-9a-f]{12}\//, "000000000000/"),
      src.replace("1920.webp", "1921.webp"),
      src.replace(".webp", ".png"),
      "/media/..%2F..%2Fetc/1.webp",
    ]) {
      const response = await fetch(`${server.baseURL}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }

    // An image seen on a page loads: the page's policy allows our images.
    const loaded = await editor.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth;
    }, src);
    expect(loaded).toBe(1920);

    // SVG is refused by its content, with a sentence the editor can act on.
    const svg = await upload(editor, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "logo.png", "image/png");
    expect(svg).toEqual({ status: 415, body: { message: "logo.png is not a PNG, JPEG, WebP or AVIF image." } });

    // A recruiter is signed in but has no business with insights.
    const recruiter = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 403/ });
    await signInAs(recruiter, server, "recruiter");
    const refused = await upload(recruiter, photo, "harbour.jpg", "image/jpeg");
    expect(refused.status).toBe(403);

    // The upload is in the audit log, with who and what (read from the stopped server's database).
    await Promise.all([editor.context().close(), recruiter.context().close()]);
    await server.stop({ keepData: true });
    const database = await openDatabase(parseEnv({ DATA_DIR: server.dataDir }));
    try {
      const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "image-uploaded"));
      expect(entries.map((entry) => ({ actor: entry.actorEmail, detail: entry.detail }))).toEqual([{ actor: editorEmail, detail: { src } }]);
    } finally {
      await database.close();
    }
  },
);
