import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { refusedByFirstBytes, SIGNATURE_BYTES } from "#app/features/forms/file-type.server.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import { forbiddenCharacterMessage, hasForbiddenCharacter } from "#app/features/forms/text-rules.ts";
import { logger } from "#app/platform/logger.server.ts";

/** A post the server refuses: an HTTP status, a sentence for the visitor, and the field it concerns. */
export class FormRejection extends Error {
  /** The text fields read before the problem, so the page drawn without JavaScript can keep them. */
  values: Record<string, string> = {};

  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type FormEncoding = "urlencoded" | "multipart";

/** What a form says when an upload breaks one of its rules. */
export type UploadMessages = {
  tooMany: () => string;
  tooLarge: (name: string) => string;
  empty: (name: string) => string;
  notAllowed: (name: string) => string;
  badName: () => string;
  storeFailed: string;
};

export type UploadRules = {
  field: string;
  /** Further fields that take a file under the same rules (a form with several pictures); each file says which it came in. */
  moreFields?: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  /** The content type to store the bytes under, or null when the form does not take them. */
  detectType: (bytes: Uint8Array, name: string) => Promise<string | null>;
  /** True when the first SIGNATURE_BYTES already rule the file out; the attachment types' check when not given. */
  refusedByFirstBytes?: (head: Uint8Array, name: string) => Promise<boolean>;
  messages: UploadMessages;
};

export type ReadRules = {
  /** The whole body, counted on the bytes actually read, whatever the headers say. */
  maxBytes: number;
  encodings: readonly FormEncoding[];
  /** Every text field the form has; anything else means the post did not come from it. */
  fields: readonly string[];
  /** Fields that keep line breaks; all others are single lines. */
  multiline: readonly string[];
  /** Visible names, for messages that point at a field. */
  labels: Readonly<Record<string, string>>;
  upload?: UploadRules;
};

export type UploadedFile = { name: string; contentType: string; bytes: Uint8Array; field: string };
export type FormInput = { values: Record<string, string>; files: UploadedFile[] };

/** A text field's value in bytes; far above any field's own limit, which its schema reports in words. */
const MAX_FIELD_BYTES = 64 * 1024;
/** A urlencoded post carries no files: every field at its limit, percent-encoded, fits in this. */
export const MAX_URLENCODED_BYTES = 256 * 1024;
const UNREADABLE = "The form could not be read. Please reload the page and try again.";
const UNSUPPORTED = "This form must be sent from the page's form (unsupported content type).";

export const tooLargeMessage = (maxBytes: number) => `The form is too large to send (limit ${formatBytes(maxBytes)}).`;
const unknownFieldMessage = (name: string) => `The form contained a field it does not have ("${name.slice(0, 40)}"). Please reload the page and try again.`;
const fieldTooLongMessage = (label: string) => `${label} is too long to send.`;

/** The media type of a Content-Type header, lower-cased ("Multipart/Form-Data; boundary=x" is multipart). */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Refuses a post by its headers alone: a content type the form does not take,
 * or an announced size over the limit. Returns the limit for this encoding.
 */
function checkHeaders(request: Request, rules: Pick<ReadRules, "maxBytes" | "encodings">): number {
  const type = mediaType(request);
  const accepted =
    (rules.encodings.includes("urlencoded") && type === "application/x-www-form-urlencoded") ||
    (rules.encodings.includes("multipart") && type === "multipart/form-data");
  if (!accepted) throw new FormRejection(415, UNSUPPORTED);
  const maxBytes = type === "multipart/form-data" ? rules.maxBytes : Math.min(rules.maxBytes, MAX_URLENCODED_BYTES);
  const announced = Number(request.headers.get("content-length") ?? 0);
  if (announced > maxBytes) throw new FormRejection(413, tooLargeMessage(maxBytes));
  return maxBytes;
}

/**
 * Reads a form post as it streams in, never holding more than the rules
 * allow: the body is cut at `maxBytes` as counted, each text field at
 * MAX_FIELD_BYTES, each file at its limit, and a file whose first bytes are
 * not an allowed type is refused before the rest arrives. Every problem is a
 * FormRejection naming the field; nothing is written anywhere.
 */
export async function readForm(request: Request, rules: ReadRules): Promise<FormInput> {
  const maxBytes = checkHeaders(request, rules);
  if (!request.body) return { values: {}, files: [] };
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const upload = rules.upload;
  // Text, part headers and boundaries may take this much of the body; the rest must be file content.
  // Checked as bytes arrive, so a text field that never ends is cut off here, not at the body's limit.
  const textBudget = (rules.fields.length + 2) * MAX_FIELD_BYTES + 64 * 1024;
  const fileBytes = { seen: 0 };
  const counter = new ByteLimit(maxBytes, (seen) => seen - fileBytes.seen > textBudget);
  const parser = formParser({
    headers: { "content-type": request.headers.get("content-type") ?? "" },
    defParamCharset: "utf8",
    limits: {
      fieldSize: MAX_FIELD_BYTES,
      fields: rules.fields.length + 4,
      files: upload ? upload.maxFiles : 0,
      fileSize: upload ? upload.maxFileBytes : 0,
      parts: rules.fields.length + (upload?.maxFiles ?? 0) + 8,
      headerPairs: 16,
    },
  });

  return new Promise<FormInput>((resolve, reject) => {
    const values: Record<string, string> = {};
    const pending: Promise<UploadedFile | null>[] = [];
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop reading: the rest of the body is never buffered (the server closes the connection).
      body.unpipe(counter);
      counter.unpipe(parser);
      body.pause();
      const rejection = error instanceof FormRejection ? error : unreadable(error);
      rejection.values = { ...values };
      reject(rejection);
    };

    parser.on("field", (name, value, info) => {
      if (!rules.fields.includes(name)) return fail(new FormRejection(400, unknownFieldMessage(name)));
      const label = rules.labels[name] ?? name;
      if (info.valueTruncated) return fail(new FormRejection(413, fieldTooLongMessage(label), name));
      const multiline = rules.multiline.includes(name);
      if (hasForbiddenCharacter(value, { multiline })) return fail(new FormRejection(400, forbiddenCharacterMessage(label, { multiline }), name));
      // Browsers send a textarea's line breaks as CRLF while its maxlength counts each as one character.
      values[name] ??= multiline ? value.replace(/\r\n?/g, "\n") : value;
    });

    parser.on("file", (name, stream, info) => {
      // An empty file input posts a nameless, empty part: that is "no file".
      if (info.filename === undefined || info.filename === "") {
        stream.resume();
        return;
      }
      if (!upload || (name !== upload.field && !upload.moreFields?.includes(name))) {
        stream.resume();
        return fail(new FormRejection(400, unknownFieldMessage(name)));
      }
      const fileName = info.filename;
      if (fileName.includes("\uFFFD") || hasForbiddenCharacter(fileName, { multiline: false })) {
        stream.resume();
        return fail(new FormRejection(400, upload.messages.badName(), name));
      }
      pending.push(
        collectFile(stream, fileName, name, upload, fileBytes).catch((error: unknown) => {
          fail(error);
          return null;
        }),
      );
    });

    parser.on("filesLimit", () => upload && fail(new FormRejection(400, upload.messages.tooMany(), upload.field)));
    parser.on("fieldsLimit", () => fail(new FormRejection(400, UNREADABLE)));
    parser.on("partsLimit", () => fail(new FormRejection(400, UNREADABLE)));
    parser.on("error", fail);
    counter.on("error", fail);
    body.on("error", fail);
    parser.on("close", () => {
      void Promise.all(pending).then((files) => {
        if (settled) return;
        settled = true;
        resolve({ values, files: files.filter((file): file is UploadedFile => file !== null) });
      });
    });

    body.pipe(counter).pipe(parser);
  });
}

/** A body the parser could not make sense of: the client's fault, worth a line in the log but no stack. */
function unreadable(error: unknown): FormRejection {
  logger.warn({ reason: error instanceof Error ? error.message : String(error) }, "A form post could not be read");
  return new FormRejection(400, UNREADABLE);
}

/** Busboy's parser; a multipart type without its boundary is a form we cannot read, not a fault of ours. */
function formParser(config: busboy.BusboyConfig): busboy.Busboy {
  try {
    return busboy(config);
  } catch (error) {
    throw unreadable(error);
  }
}

/** One file, held in memory only while it keeps to the rules. */
function collectFile(
  stream: Readable & { truncated?: boolean },
  name: string,
  field: string,
  upload: UploadRules,
  fileBytes: { seen: number },
): Promise<UploadedFile> {
  return new Promise<UploadedFile>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let headChecked = false;
    const refuse = (rejection: FormRejection) => {
      stream.removeAllListeners("data");
      stream.resume();
      reject(rejection);
    };
    stream.on("limit", () => refuse(new FormRejection(413, upload.messages.tooLarge(name), field)));
    stream.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      fileBytes.seen += chunk.length;
      if (!headChecked && size >= SIGNATURE_BYTES) {
        headChecked = true;
        stream.pause();
        const refusedByHead = upload.refusedByFirstBytes ?? refusedByFirstBytes;
        void refusedByHead(Buffer.concat(chunks, size), name).then((refused) => {
          if (refused) refuse(new FormRejection(415, upload.messages.notAllowed(name), field));
          else stream.resume();
        }, reject);
      }
    });
    stream.on("end", () => {
      if (stream.truncated) return;
      if (size === 0) return reject(new FormRejection(400, upload.messages.empty(name), field));
      const bytes = new Uint8Array(Buffer.concat(chunks, size));
      chunks.length = 0;
      void upload.detectType(bytes, name).then((contentType) => {
        if (!contentType) reject(new FormRejection(415, upload.messages.notAllowed(name), field));
        else resolve({ name, contentType, bytes, field });
      }, reject);
    });
    stream.on("error", reject);
  });
}

/** Passes bytes through until more than `maxBytes` have gone by, or the text among them is over budget, then fails with 413. */
class ByteLimit extends Transform {
  #seen = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly textOverBudget: (seen: number) => boolean,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#seen += chunk.length;
    if (this.#seen > this.maxBytes || this.textOverBudget(this.#seen)) callback(new FormRejection(413, tooLargeMessage(this.maxBytes)));
    else callback(null, chunk);
  }
}
