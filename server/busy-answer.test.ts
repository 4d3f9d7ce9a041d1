import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { expect, test } from "vitest";
import { toFormAnswer } from "#app/features/forms/form-answer.ts";
import { BUSY_MESSAGE, busyAnswer } from "#server/busy-answer.ts";

const SITE = "https://www.example.com";
const request = (overrides: Partial<Parameters<typeof busyAnswer>[0]> = {}) => ({ path: "/newsletter", origin: "http://127.0.0.1:3000", ...overrides });

test("a fetcher's post reads the busy answer as the form pipeline's error, decoded by React Router itself", async () => {
  const answer = busyAnswer(request({ path: "/newsletter.data" }), SITE);
  expect(Object.fromEntries(answer.headers)).toEqual({ "Content-Type": "text/x-script", "X-Remix-Response": "yes" });
  const decoded = await decodeViaTurboStream(new Response(answer.body).body!, globalThis as never);
  const value = decoded.value as { data: unknown };
  expect(value).toEqual({ data: { status: "error", message: BUSY_MESSAGE } });
  expect(toFormAnswer(value.data, "fallback")).toEqual({ status: "error", message: BUSY_MESSAGE });
});

test("a browser gets a page with the sentence as an alert and a way back to the page it was on, on this site only", () => {
  const page = (referer?: string) => busyAnswer(request({ accept: "text/html,application/xhtml+xml,*/*;q=0.8", referer }), SITE).body;
  expect(page("https://www.example.com/crm")).toContain(`<p role="alert">${BUSY_MESSAGE}</p>`);
  expect(page("https://www.example.com/crm")).toContain('<a href="/crm">');
  expect(page("http://127.0.0.1:3000/careers/registration?pos=QQ==&a=1")).toContain('<a href="/careers/registration?pos=QQ==&#38;a=1">');
  expect(page("https://evil.example/phish")).toContain('<a href="/">');
  expect(page('https://www.example.com/"><script>alert(1)</script>')).not.toContain("<script>");
  expect(page(undefined)).toContain('<a href="/">');
  expect(page(undefined)).toMatch(/^<!DOCTYPE html><html lang="en">/);
});

test("anything else gets the sentence as text", () => {
  const answer = busyAnswer(request({ accept: "*/*" }), SITE);
  expect(answer.body).toBe(`${BUSY_MESSAGE}\n`);
  expect(answer.headers).toEqual([["Content-Type", "text/plain; charset=utf-8"]]);
});
