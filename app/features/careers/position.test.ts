import fc from "fast-check";
import { expect, test } from "vitest";
import { decodePosition, encodePosition } from "#app/features/careers/position.ts";

test("a title survives the base64 round trip, whatever its characters", () => {
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 200, unit: "grapheme" }), (title) => {
      fc.pre(title.trim() === title && title.length > 0);
      expect(decodePosition(encodePosition(title))).toBe(title);
    }),
  );
});

test("the encoding is standard base64 of the UTF-8 bytes", () => {
  expect(encodePosition("Senior Engineer")).toBe(Buffer.from("Senior Engineer").toString("base64"));
  expect(encodePosition("Ingénieur · Back-end")).toBe(Buffer.from("Ingénieur · Back-end", "utf8").toString("base64"));
});

test("a missing, empty or broken pos gives no position", () => {
  expect(decodePosition(null)).toBeNull();
  expect(decodePosition("")).toBeNull();
  expect(decodePosition("%%%not-base64")).toBeNull();
  expect(decodePosition(Buffer.from([0xff, 0xfe, 0xfd]).toString("base64"))).toBeNull();
  expect(decodePosition(encodePosition("x".repeat(201)))).toBeNull();
});

test("a + turned into a space by a form or mail client still decodes", () => {
  const encoded = encodePosition("Développeur ~ Full-stack >>");
  expect(encoded).toContain("+");
  expect(decodePosition(encoded.replace(/\+/g, " "))).toBe("Développeur ~ Full-stack >>");
});
