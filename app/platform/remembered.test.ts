import { expect, test } from "vitest";
import { rememberedByInput } from "#app/platform/remembered.ts";

test("computes each input once, a changed input anew, and forgets the least recently used past its bound", () => {
  const computed: string[] = [];
  const upper = rememberedByInput((input: string) => {
    computed.push(input);
    return input.toUpperCase();
  }, 2);
  expect([upper("a"), upper("a"), upper("b")]).toEqual(["A", "A", "B"]);
  expect(computed).toEqual(["a", "b"]);
  upper("a");
  upper("c");
  expect([upper("a"), upper("b")]).toEqual(["A", "B"]);
  expect(computed).toEqual(["a", "b", "c", "b"]);
});
