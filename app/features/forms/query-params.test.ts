import { expect, test } from "vitest";
import { checkQueryValue, readQueryParameter, type QueryParameter } from "#app/features/forms/query-params.ts";

const SEARCH: QueryParameter = { name: "q", label: "search text", maxLength: 10 };

/** What a loader would answer: the thrown value's status and body, or the value read. */
function answer(read: () => string | null) {
  try {
    return { value: read() };
  } catch (thrown) {
    const refusal = thrown as { data: unknown; init: ResponseInit | null };
    return { status: refusal.init?.status, body: refusal.data };
  }
}

test("a present parameter is returned as it is; a missing one is null", () => {
  expect(readQueryParameter(new URLSearchParams("q=%20Zo%C3%AB%20dev%20"), SEARCH)).toBe(" Zoë dev ");
  expect(readQueryParameter(new URLSearchParams("q="), SEARCH)).toBe("");
  expect(readQueryParameter(new URLSearchParams("other=x"), SEARCH)).toBeNull();
});

test("NUL, other C0 controls, DEL, tabs and line breaks answer 400 with a sentence naming the parameter", () => {
  for (const raw of ["%00", "a%01b", "%1B", "%7F", "a%09b", "a%0Ab", "%0D", "%E2%80%A8"]) {
    expect(
      answer(() => readQueryParameter(new URLSearchParams(`q=${raw}`), SEARCH)),
      raw,
    ).toEqual({
      status: 400,
      body: "The search text in this address contains a character that cannot be used (a control character or line break). Remove it and try again.",
    });
  }
});

test("a value longer than the parameter's bound answers 400 naming it and the bound; the bound itself passes", () => {
  expect(readQueryParameter(new URLSearchParams({ q: "x".repeat(10) }), SEARCH)).toBe("x".repeat(10));
  expect(answer(() => readQueryParameter(new URLSearchParams({ q: "x".repeat(11) }), SEARCH))).toEqual({
    status: 400,
    body: "The search text in this address is longer than 10 characters. Shorten it and try again.",
  });
});

test("text carried inside a parameter gets the same refusal", () => {
  const position: QueryParameter = { name: "pos", label: "job title", maxLength: 800 };
  expect(checkQueryValue("Senior Engineer", position)).toBe("Senior Engineer");
  expect(answer(() => checkQueryValue("a\u0000b", position))).toMatchObject({
    status: 400,
    body: expect.stringMatching(/^The job title in this address contains/),
  });
});
