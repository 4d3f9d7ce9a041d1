import { expect, test } from "vitest";
import { detectAllowedType } from "#app/features/forms/file-type.server.ts";
import { FormRejection, readForm, type ReadRules } from "#app/features/forms/read-form.server.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const rules: ReadRules = {
  maxBytes: 64 * 1024,
  encodings: ["urlencoded", "multipart"],
  fields: ["name", "brief"],
  multiline: ["brief"],
  labels: { name: "Full Name", brief: "Project Brief" },
  upload: {
    field: "files",
    maxFiles: 2,
    maxFileBytes: 32 * 1024,
    detectType: detectAllowedType,
    messages: {
      tooMany: () => "too many",
      tooLarge: (name) => `too large: ${name}`,
      empty: (name) => `empty: ${name}`,
      notAllowed: (name) => `not allowed: ${name}`,
      badName: () => "bad name",
      storeFailed: "store failed",
    },
  },
};

function multipart(parts: { name: string; value?: string; filename?: string; bytes?: Uint8Array }[], boundary = "XyZ123") {
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`);
    // A name with characters a header cannot carry raw goes as RFC 5987's filename*.
    const filename =
      part.filename !== undefined && /^[\x20-\x7e]*$/.test(part.filename)
        ? `filename="${part.filename}"`
        : `filename*=UTF-8''${encodeURIComponent(part.filename ?? "")}`;
    if (part.filename !== undefined) text(`; ${filename}\r\nContent-Type: application/octet-stream`);
    text("\r\n\r\n");
    if (part.bytes) chunks.push(part.bytes);
    else text(part.value ?? "");
    text("\r\n");
  }
  text(`--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A body streamed in chunks with no Content-Length, as a chunked upload arrives. */
function chunked(total: number, first = new Uint8Array()) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0 && first.length > 0) {
        sent += first.length;
        controller.enqueue(first);
        return;
      }
      if (sent >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(16 * 1024, total - sent));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

const post = (body: BodyInit, contentType: string, headers: Record<string, string> = {}) =>
  new Request("http://site.test/form", { method: "POST", body, headers: { "Content-Type": contentType, ...headers }, duplex: "half" } as RequestInit);

async function rejection(promise: Promise<unknown>): Promise<FormRejection> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FormRejection);
  return error as FormRejection;
}

test("reads text fields and files, with a mixed-case content type", async () => {
  const { body, contentType } = multipart([
    { name: "name", value: "Ada" },
    { name: "brief", value: "line one\r\nline two" },
    { name: "files", filename: "plan.pdf", bytes: PDF },
  ]);
  const form = await readForm(post(body, contentType.replace("multipart/form-data", "Multipart/Form-Data")), rules);
  expect(form.values).toEqual({ name: "Ada", brief: "line one\nline two" });
  expect(form.files).toEqual([{ name: "plan.pdf", contentType: "application/pdf", bytes: PDF, field: "files" }]);
});

test("a form with several file fields says which field each file came in; a file in any other field is refused", async () => {
  const several: ReadRules = { ...rules, upload: { ...rules.upload!, moreFields: ["photo1", "photo2"] } };
  const { body, contentType } = multipart([
    { name: "name", value: "Ada" },
    { name: "photo2", filename: "second.pdf", bytes: PDF },
    { name: "files", filename: "first.pdf", bytes: PDF },
  ]);
  const form = await readForm(post(body, contentType), several);
  expect(form.files.map((file) => [file.field, file.name]).sort()).toEqual([
    ["files", "first.pdf"],
    ["photo2", "second.pdf"],
  ]);
  const stray = multipart([{ name: "photo3", filename: "x.pdf", bytes: PDF }]);
  const error = await rejection(readForm(post(stray.body, stray.contentType), several));
  expect(error.status).toBe(400);
  expect(error.message).toContain('"photo3"');
});

test("a chunked body without Content-Length is cut at the limit as counted", async () => {
  const { body, contentType } = multipart([{ name: "name", value: "x".repeat(100) }]);
  const error = await rejection(readForm(post(chunked(50 * 1024 * 1024, body.subarray(0, 60)), contentType), rules));
  expect(error.status).toBe(413);
  expect(error.message).toBe("The form is too large to send (limit 64 KB).");
});

test("a Content-Length that lies small does not lift the limit", async () => {
  const big = new URLSearchParams({ name: "x".repeat(200 * 1024) }).toString();
  const error = await rejection(readForm(post(big, "application/x-www-form-urlencoded", { "Content-Length": "10" }), rules));
  expect(error.status).toBe(413);
});

test("a Content-Length over the limit is refused before reading", async () => {
  const error = await rejection(readForm(post(chunked(0), "application/x-www-form-urlencoded", { "Content-Length": String(10 ** 9) }), rules));
  expect(error.status).toBe(413);
});

test("control characters and line breaks are refused with a sentence naming the field", async () => {
  const nul = await rejection(readForm(post(new URLSearchParams({ brief: "a\u0000b" }), "application/x-www-form-urlencoded"), rules));
  expect([nul.status, nul.field, nul.message]).toEqual([
    400,
    "brief",
    "Project Brief contains a control character that cannot be saved. Please remove it and try again.",
  ]);
  const newline = await rejection(readForm(post(new URLSearchParams({ name: "Ada\r\nBcc: x@y.z" }), "application/x-www-form-urlencoded"), rules));
  expect([newline.status, newline.field]).toEqual([400, "name"]);
  expect(newline.message).toMatch(/^Full Name must be a single line/);
});

test("a text field over 64 KB is refused as too long, not truncated", async () => {
  const error = await rejection(
    readForm(post(new URLSearchParams({ brief: "x".repeat(70 * 1024) }), "application/x-www-form-urlencoded"), { ...rules, maxBytes: 1024 * 1024 }),
  );
  expect([error.status, error.field, error.message]).toEqual([413, "brief", "Project Brief is too long to send."]);
});

test("unknown fields, unsupported types and broken bodies get their own 4xx", async () => {
  const unknown = await rejection(readForm(post(new URLSearchParams({ role: "admin" }), "application/x-www-form-urlencoded"), rules));
  expect(unknown.message).toContain('("role")');
  expect((await rejection(readForm(post("{}", "application/json"), rules))).status).toBe(415);
  const { body, contentType } = multipart([{ name: "name", value: "Ada" }]);
  expect((await rejection(readForm(post(body.subarray(0, body.length - 10), contentType), rules))).status).toBe(400);
  const noBoundary = await rejection(readForm(post(body, "multipart/form-data"), rules));
  expect([noBoundary.status, noBoundary.message]).toEqual([400, "The form could not be read. Please reload the page and try again."]);
});

test("files: a junk file is refused from its first bytes, and name, count, size and emptiness are checked", async () => {
  const junk = multipart([{ name: "files", filename: "plan.pdf", bytes: new Uint8Array(20 * 1024) }]);
  expect((await rejection(readForm(post(junk.body, junk.contentType), rules))).message).toBe("not allowed: plan.pdf");
  const badName = multipart([{ name: "files", filename: "a\u0001.pdf", bytes: PDF }]);
  expect((await rejection(readForm(post(badName.body, badName.contentType), rules))).message).toBe("bad name");
  const three = multipart([1, 2, 3].map((n) => ({ name: "files", filename: `${n}.pdf`, bytes: PDF })));
  expect((await rejection(readForm(post(three.body, three.contentType), rules))).message).toBe("too many");
  const large = new Uint8Array(40 * 1024);
  large.set(PDF);
  const tooLarge = multipart([{ name: "files", filename: "big.pdf", bytes: large }]);
  const error = await rejection(readForm(post(tooLarge.body, tooLarge.contentType), rules));
  expect([error.status, error.field, error.message]).toEqual([413, "files", "too large: big.pdf"]);
  const empty = multipart([{ name: "files", filename: "none.pdf", bytes: new Uint8Array() }]);
  expect((await rejection(readForm(post(empty.body, empty.contentType), rules))).message).toBe("empty: none.pdf");
});

test("a refusal carries the text fields read before it, for the page drawn without JavaScript", async () => {
  const { body, contentType } = multipart([
    { name: "name", value: "Ada" },
    { name: "files", filename: "plan.pdf", bytes: new Uint8Array(8 * 1024) },
  ]);
  const error = await rejection(readForm(post(body, contentType), rules));
  expect([error.status, error.values]).toEqual([415, { name: "Ada" }]);
});

test("an empty file input is no file", async () => {
  const { body, contentType } = multipart([
    { name: "name", value: "Ada" },
    { name: "files", filename: "", bytes: new Uint8Array() },
  ]);
  expect(await readForm(post(body, contentType), rules)).toEqual({ values: { name: "Ada" }, files: [] });
});
