import fc from "fast-check";
import { expect, test } from "vitest";
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH, normaliseEmailAddress } from "#app/features/forms/form-rules.ts";

/** The spec's minimal pattern, written independently: text, at sign, text, dot, text (no spaces, one @). */
const SPEC_MINIMUM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a mail library reads as a display name, a comment, a group, a list or a quoted string. */
const ADDRESS_SYNTAX = /[<>"(),;:[\]\\\s]/;

test("a plain mailbox is kept as typed, trimmed", () => {
  expect(normaliseEmailAddress("a@b.c")).toBe("a@b.c");
  expect(normaliseEmailAddress("first.last+tag@example.co.in")).toBe("first.last+tag@example.co.in");
  expect(normaliseEmailAddress("o'brien_{x}|y=z?^~#$%&*/!`@mail-1.example.com")).toBe("o'brien_{x}|y=z?^~#$%&*/!`@mail-1.example.com");
  expect(normaliseEmailAddress("  reader@example.com \t\n")).toBe("reader@example.com");
});

test("the domain is lower-cased; the part before the at sign keeps its case (only the receiving server may read it)", () => {
  expect(normaliseEmailAddress("Ann.Lee@Example.COM")).toBe("Ann.Lee@example.com");
});

test("an internationalised domain comes back in its ASCII (punycode) form, however it was written", () => {
  expect(normaliseEmailAddress("ann@bücher.example")).toBe("ann@xn--bcher-kva.example");
  expect(normaliseEmailAddress("ann@BÜCHER.example")).toBe("ann@xn--bcher-kva.example");
  expect(normaliseEmailAddress("ann@XN--BCHER-KVA.example")).toBe("ann@xn--bcher-kva.example");
  expect(normaliseEmailAddress("ann@例え.テスト")).toBe("ann@xn--r8jz45g.xn--zckzah");
  // Full-width letters are the same letters.
  expect(normaliseEmailAddress("ann@ｅｘａｍｐｌｅ.com")).toBe("ann@example.com");
});

test("a display name, a list, quotes, brackets, a comment or a group is refused: the value must be one mailbox", () => {
  for (const value of [
    "x0<victim@example.com>",
    "x <victim@example.com>",
    '"x" <victim@example.com>',
    "<victim@example.com>",
    '"victim"@example.com',
    '"a@b.c"@example.com',
    "victim@example.com, other@example.com",
    "victim@example.com,other@example.com",
    "victim@example.com;other@example.com",
    "a,victim@example.com",
    "victim@example.com (comment)",
    "victim(x)@example.com",
    "group:victim@example.com;",
    "victim@[127.0.0.1]",
    "vic\\tim@example.com",
  ]) {
    expect(normaliseEmailAddress(value), value).toBeNull();
  }
});

test("spaces and control characters inside, and malformed domains, are refused", () => {
  for (const value of [
    "vic tim@example.com",
    "victim@exa mple.com",
    "victim@example.com\r\nBcc: other@example.com",
    "victim\u0000@example.com",
    "victim@example\u0000.com",
    "victim@exam\u0085ple.com",
    "victim\u2028@example.com",
    "a@b",
    "@b.c",
    "a@.c",
    "a@b.",
    "a@b..c",
    "a@@b.c",
    "a@b@c.d",
    "a@-b.com",
    "a@b-.com",
    "a@exa_mple.com",
    "a@1.2.3.4",
    "a@example.123",
    "a@ab\u2488com",
    "a@example\u3002com",
    "a@%41.com",
    "",
    "   ",
  ]) {
    expect(normaliseEmailAddress(value), JSON.stringify(value)).toBeNull();
  }
});

test("RFC 5321's lengths: 64 characters before the at sign, 254 in all, counted after normalising", () => {
  const domain = "@example.com";
  expect(normaliseEmailAddress(`${"a".repeat(EMAIL_LOCAL_PART_MAX_LENGTH)}${domain}`)).not.toBeNull();
  expect(normaliseEmailAddress(`${"a".repeat(EMAIL_LOCAL_PART_MAX_LENGTH + 1)}${domain}`)).toBeNull();
  const labels = (count: number) => Array.from({ length: count }, () => "b".repeat(60)).join(".");
  const longest = `a@${labels(4)}.${"c".repeat(EMAIL_MAX_LENGTH - 2 - 4 * 61)}`;
  expect(longest.length).toBe(EMAIL_MAX_LENGTH);
  expect(normaliseEmailAddress(longest)).toBe(longest);
  expect(normaliseEmailAddress(`a${longest}`)).toBeNull();
  // 4 Unicode characters become 11 in punycode: the limit holds for what is sent, not what was typed.
  const typed = `a@${"ü".repeat(60)}.${labels(3)}.com`;
  expect(typed.length).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
  expect(normaliseEmailAddress(typed)).toBeNull();
});

test("never looser than the spec: whatever is accepted matches text, at sign, text, dot, text, and holds no address syntax", () => {
  const anyValue = fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme" }),
    fc.emailAddress(),
    fc
      .tuple(fc.string(), fc.constantFrom("@", "<", ">", '"', ",", ";", " ", "."), fc.emailAddress(), fc.constantFrom("", ">", ",", " "))
      .map((parts) => parts.join("")),
  );
  fc.assert(
    fc.property(anyValue, (value) => {
      const address = normaliseEmailAddress(value);
      if (address === null) return;
      expect(value.trim()).toMatch(SPEC_MINIMUM);
      expect(address).toMatch(SPEC_MINIMUM);
      expect(address).not.toMatch(ADDRESS_SYNTAX);
      expect(address.length).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
      // Normalising twice changes nothing.
      expect(normaliseEmailAddress(address)).toBe(address);
    }),
    { numRuns: 2000 },
  );
});

test("every well-formed address is accepted, with only its domain lower-cased", () => {
  fc.assert(
    fc.property(fc.emailAddress(), (value) => {
      const at = value.lastIndexOf("@");
      expect(normaliseEmailAddress(value)).toBe(value.slice(0, at) + value.slice(at).toLowerCase());
    }),
    { numRuns: 1000 },
  );
});
