import { expect, test } from "vitest";
import { toFormAnswer } from "#app/features/forms/form-answer.ts";

test("an action's answer is narrowed; anything unexpected reads as the form's failure text", () => {
  const success = { status: "success", messages: ["Confirmation email sent successfully!", "Consultation request submitted successfully!"] };
  expect(toFormAnswer(success, "fallback")).toEqual(success);
  const error = { status: "error", message: "Please fill all required fields: Country", fields: { country: "Required" } };
  expect(toFormAnswer(error, "fallback")).toEqual(error);
  expect(toFormAnswer({ status: "maybe" }, "Error subscribing. Please try again later.")).toEqual({
    status: "error",
    message: "Error subscribing. Please try again later.",
  });
  expect(toFormAnswer("<html>", "fallback")).toEqual({ status: "error", message: "fallback" });
  expect(toFormAnswer({ status: "success", message: "not a list" }, "fallback").status).toBe("error");
});
