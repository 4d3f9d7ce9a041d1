import { expect, test } from "vitest";
import { sameSiteTarget } from "#app/features/forms/redirect-target.ts";

const SITE = "https://www.example.com";

test("paths and same-origin URLs stay, as a path", () => {
  expect(sameSiteTarget("/crm", SITE)).toBe("/crm");
  expect(sameSiteTarget("/careers?q=go#open-roles", SITE)).toBe("/careers?q=go#open-roles");
  expect(sameSiteTarget("https://www.example.com/about", SITE)).toBe("/about");
  expect(sameSiteTarget("about", SITE)).toBe("/about");
});

test.each([
  ["a protocol-relative address", "//evil.example/x"],
  ["a backslash trick", "/\\evil.example"],
  ["backslashes only", "\\\\evil.example"],
  ["another origin", "https://evil.example/"],
  ["another scheme on the same host", "http://www.example.com/"],
  ["a script URL", "javascript:alert(1)"],
  ["a tab inside the slashes", "/\t/evil.example"],
  ["CR/LF (header injection)", "/crm\r\nSet-Cookie: x=1"],
  ["a NUL", "/crm\u0000"],
  ["nothing", ""],
])("%s is refused", (_what, value) => {
  expect(sameSiteTarget(value, SITE)).toBeNull();
});
