import { expect, test } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";

test("nothing configured: embedded database, local files, mail written to files", () => {
  const env = parseEnv({});
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.STORAGE_DRIVER).toBe("local");
  expect(env.S3_BUCKET).toBe("consultation");
  expect(env.MAIL_TRANSPORT).toBe("file");
  expect(env.SALES_INBOX).toBe("sales@kraftechnologies.com");
  expect(env.EMAILJS_API_URL).toBe("https://api.emailjs.com");
  expect(env.OUTBOX_MAX_ATTEMPTS).toBe(8);
});

test("a transport or storage driver chosen without its settings stops the start with a clear message", () => {
  expect(() => parseEnv({ MAIL_TRANSPORT: "smtp" })).toThrow("SMTP_URL: is required when MAIL_TRANSPORT=smtp");
  expect(() => parseEnv({ MAIL_TRANSPORT: "emailjs", EMAILJS_PUBLIC_KEY: "pk" })).toThrow(
    /EMAILJS_PRIVATE_KEY: is required when MAIL_TRANSPORT=emailjs\n.*EMAILJS_SERVICE_ID/,
  );
  expect(() => parseEnv({ STORAGE_DRIVER: "s3", S3_ACCESS_KEY_ID: "a" })).toThrow("S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3");
  expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
  expect(() => parseEnv({ SMTP_URL: "http://x", MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_URL: must start with smtp/);
});

test("complete settings parse; path-style addressing defaults on for custom S3 endpoints", () => {
  const env = parseEnv({
    DATABASE_URL: "postgres://u@h/db",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: "smtp://u:p@mail:587",
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: "http://minio:9000",
    S3_ACCESS_KEY_ID: "a",
    S3_SECRET_ACCESS_KEY: "b",
    OUTBOX_MAX_ATTEMPTS: "3",
  });
  expect(env.S3_FORCE_PATH_STYLE).toBe(true);
  expect(env.OUTBOX_MAX_ATTEMPTS).toBe(3);
  expect(parseEnv({ S3_FORCE_PATH_STYLE: "false", S3_ENDPOINT: "http://x" }).S3_FORCE_PATH_STYLE).toBe(false);
  expect(parseEnv({}).S3_FORCE_PATH_STYLE).toBe(false);
  expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
});
