import { expect, test } from "vitest";
import {
  ALLOWED_EXTENSIONS,
  ALLOWED_FILE_TYPES,
  CONFIRMATION_EMAIL_SENT_MESSAGE,
  CONSULTATION_SUCCESS_MESSAGE,
  FILE_INPUT_ACCEPT,
  MAX_FILE_BYTES,
  MAX_FILES,
  addFiles,
  confirmationEmailFailedMessage,
  consultationFieldLabels,
  consultationFieldLimits,
  consultationSchema,
  fileProblem,
  fileUploadFailedMessage,
  findMissingFields,
  isAllowedFileType,
  missingFieldsMessage,
  submissionFailedMessage,
  submissionPhase,
} from "#app/features/consultation/consultation-schema.ts";
import { formatBytes, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";

const valid = {
  fullName: "Asha Verma",
  email: "asha@example.com",
  country: "India",
  phone: "+91 98100 00000",
  brief: "We need a CRM for our field sales team.",
};

test("the missing-fields message is exact", () => {
  expect(missingFieldsMessage(["fullName", "country"])).toBe("Please fill all required fields: Full Name, Country");
  expect(missingFieldsMessage(["country", "fullName"])).toBe("Please fill all required fields: Full Name, Country");
  expect(missingFieldsMessage(["fullName", "email", "country", "phone", "brief"])).toBe(
    "Please fill all required fields: Full Name, Email Address, Country, Phone Number, Project Brief",
  );
});

test("missing means absent or blank", () => {
  expect(findMissingFields({})).toEqual(["fullName", "email", "country", "phone", "brief"]);
  expect(findMissingFields({ ...valid, fullName: "   ", country: undefined })).toEqual(["fullName", "country"]);
  expect(findMissingFields(valid)).toEqual([]);
});

test("labels and limits", () => {
  expect(consultationFieldLabels).toEqual({
    fullName: "Full Name",
    email: "Email Address",
    country: "Country",
    phone: "Phone Number",
    brief: "Project Brief",
  });
  expect(consultationFieldLimits).toEqual({ fullName: 120, email: 254, country: 80, phone: 40, brief: 5000 });
  expect(MAX_FILES).toBe(5);
  expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
});

test("the spec's consultation texts", () => {
  expect(CONSULTATION_SUCCESS_MESSAGE).toBe("Consultation request submitted successfully!");
  expect(CONFIRMATION_EMAIL_SENT_MESSAGE).toBe("Confirmation email sent successfully!");
  expect(confirmationEmailFailedMessage("timeout")).toBe("Failed to send confirmation email: timeout");
  expect(fileUploadFailedMessage("disk full")).toBe("File upload failed: disk full");
  expect(submissionFailedMessage("database down")).toBe("Error: Submission failed: database down");
});

test("the schema accepts a full request and enforces lengths; no format check on phone or country", () => {
  expect(consultationSchema.parse({ ...valid, phone: "call me", country: "??" }).phone).toBe("call me");
  const tooLong = consultationSchema.safeParse({ ...valid, fullName: "x".repeat(121) });
  expect(tooLong.error?.issues[0]?.message).toBe("Full Name must be at most 120 characters.");
  expect(consultationSchema.safeParse({ ...valid, brief: "x".repeat(5000) }).success).toBe(true);
  expect(consultationSchema.safeParse({ ...valid, email: "a@b" }).error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
  expect(consultationSchema.safeParse({ ...valid, country: " " }).error?.issues[0]?.message).toBe("Country is required.");
});

test("allowed types: PDF, Word, Excel, PowerPoint, text/CSV, PNG, JPEG", () => {
  expect(ALLOWED_FILE_TYPES.map((type) => type.label)).toEqual(["PDF", "Word", "Excel", "PowerPoint", "Text", "CSV", "PNG", "JPEG"]);
  expect([...ALLOWED_EXTENSIONS].sort()).toEqual([".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".txt", ".csv", ".png", ".jpg", ".jpeg"].sort());
  expect(FILE_INPUT_ACCEPT).toContain("application/pdf");
  expect(FILE_INPUT_ACCEPT).toContain(".docx");
  expect(isAllowedFileType({ name: "Brief.PDF", size: 1, type: "application/pdf" })).toBe(true);
  expect(isAllowedFileType({ name: "data.csv", size: 1, type: "application/vnd.ms-excel" })).toBe(true);
  expect(isAllowedFileType({ name: "notes.docx", size: 1, type: "" })).toBe(true);
  expect(isAllowedFileType({ name: "setup.exe", size: 1, type: "application/x-msdownload" })).toBe(false);
  expect(isAllowedFileType({ name: "photo.png", size: 1, type: "application/x-msdownload" })).toBe(false);
  expect(isAllowedFileType({ name: "pdf", size: 1, type: "application/pdf" })).toBe(false);
});

test("each file is checked for type, size and emptiness with a clear message", () => {
  expect(fileProblem({ name: "a.pdf", size: MAX_FILE_BYTES, type: "application/pdf" })).toBeNull();
  expect(fileProblem({ name: "big.pdf", size: MAX_FILE_BYTES + 1, type: "application/pdf" })).toBe(
    '"big.pdf" is larger than 10 MB. Each file must be 10 MB or smaller.',
  );
  expect(fileProblem({ name: "setup.exe", size: 10, type: "" })).toBe(
    '"setup.exe" is not an allowed file type. Attach PDF, Word, Excel, PowerPoint, Text, CSV, PNG or JPEG files.',
  );
  expect(fileProblem({ name: "empty.txt", size: 0, type: "text/plain" })).toBe('"empty.txt" is empty.');
});

test("adding files keeps the good ones, skips duplicates and stops at the limit", () => {
  const file = (name: string, size = 10) => ({ name, size, type: "", lastModified: 1 });
  const first = addFiles([], [file("a.pdf"), file("b.exe"), file("a.pdf")]);
  expect(first.files.map((f) => f.name)).toEqual(["a.pdf"]);
  expect(first.problems).toHaveLength(1);

  const six = addFiles(
    [],
    ["1", "2", "3", "4", "5", "6", "7"].map((n) => file(`${n}.png`)),
  );
  expect(six.files).toHaveLength(MAX_FILES);
  expect(six.problems).toEqual(["You can attach up to 5 files, so 2 files were not added."]);
  expect(addFiles(six.files, [file("8.png")]).problems).toEqual(['You can attach up to 5 files, so "8.png" was not added.']);
  // A new array every time, so the input's file list is always re-synchronised.
  const current = [file("a.pdf")];
  expect(addFiles(current, []).files).not.toBe(current);
});

test("sizes read in binary units", () => {
  expect(formatBytes(512)).toBe("512 B");
  expect(formatBytes(2048)).toBe("2 KB");
  expect(formatBytes(1536)).toBe("1.5 KB");
  expect(formatBytes(MAX_FILE_BYTES)).toBe("10 MB");
  expect(formatBytes(11 * 1024 * 1024)).toBe("11 MB");
});

test("phases: idle, uploading when files are attached, then submitting", () => {
  expect(submissionPhase("idle", true)).toBe("idle");
  expect(submissionPhase("submitting", true)).toBe("uploading");
  expect(submissionPhase("submitting", false)).toBe("submitting");
  expect(submissionPhase("loading", true)).toBe("submitting");
});
