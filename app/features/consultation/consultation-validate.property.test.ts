import fc from "fast-check";
import { expect, test } from "vitest";
import {
  consultationFieldLabels,
  consultationFields,
  findMissingFields,
  missingFieldsMessage,
  type ConsultationField,
} from "#app/features/consultation/consultation-schema.ts";

const blank = fc.oneof(fc.constant(undefined), fc.constant(""), fc.stringMatching(/^[ \t\n\r]{1,5}$/));
const filled = fc.string({ minLength: 1 }).filter((value) => value.trim() !== "");

test("the missing-fields message lists exactly the blank fields, with their labels, in form order", () => {
  const form = fc.record(
    Object.fromEntries(consultationFields.map((field) => [field, fc.tuple(fc.boolean(), blank, filled)])) as Record<
      ConsultationField,
      fc.Arbitrary<[boolean, string | undefined, string]>
    >,
  );
  fc.assert(
    fc.property(form, (choices) => {
      const values = Object.fromEntries(consultationFields.map((field) => [field, choices[field][0] ? choices[field][1] : choices[field][2]]));
      const expected = consultationFields.filter((field) => choices[field][0]);
      expect(findMissingFields(values)).toEqual(expected);
      const message = missingFieldsMessage(findMissingFields(values));
      expect(message).toBe(`Please fill all required fields: ${expected.map((field) => consultationFieldLabels[field]).join(", ")}`);
    }),
    { numRuns: 500 },
  );
});

test("missingFieldsMessage orders by the form whatever order it is given, and never repeats a label", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...consultationFields), { maxLength: 10 }), (given) => {
      const message = missingFieldsMessage(given);
      const listed = message.slice("Please fill all required fields: ".length).split(", ").filter(Boolean);
      expect(listed).toEqual(consultationFields.filter((field) => given.includes(field)).map((field) => consultationFieldLabels[field]));
    }),
  );
});
