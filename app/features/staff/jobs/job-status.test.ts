import { expect, test } from "vitest";
import { effectiveJobStatus, jobTransition } from "#app/features/staff/jobs/job-status.ts";

const now = new Date("2026-11-23T12:00:00Z");
const past = new Date("2026-11-20T23:59:59Z");
const future = new Date("2026-12-31T23:59:59Z");

test("an open job past its closing date is closed; unknown stored statuses count as closed", () => {
  expect(effectiveJobStatus({ status: "open", closesAt: null }, now)).toBe("open");
  expect(effectiveJobStatus({ status: "open", closesAt: future }, now)).toBe("open");
  expect(effectiveJobStatus({ status: "open", closesAt: past }, now)).toBe("closed");
  expect(effectiveJobStatus({ status: "draft", closesAt: past }, now)).toBe("draft");
  expect(effectiveJobStatus({ status: "archived", closesAt: null }, now)).toBe("closed");
});

test("publish, close, reopen and delete move a job only where it may go", () => {
  const draft = { status: "draft", closesAt: null, applications: 0 };
  const open = { status: "open", closesAt: future, applications: 2 };
  const closed = { status: "closed", closesAt: null, applications: 2 };
  expect(jobTransition(draft, "publish", now)).toEqual({ ok: true, to: "open" });
  expect(jobTransition(draft, "close", now)).toMatchObject({ ok: false, message: "Only an open job can be closed; this one is draft." });
  expect(jobTransition(open, "publish", now)).toMatchObject({ ok: false });
  expect(jobTransition(open, "close", now)).toEqual({ ok: true, to: "closed" });
  expect(jobTransition(closed, "reopen", now)).toEqual({ ok: true, to: "open" });
  expect(jobTransition(open, "reopen", now)).toMatchObject({ ok: false });
  // Past its closing date: neither published nor reopened until the date changes.
  expect(jobTransition({ ...draft, closesAt: past }, "publish", now)).toMatchObject({ ok: false, message: expect.stringContaining("closing date has passed") });
  expect(jobTransition({ ...open, closesAt: past }, "reopen", now)).toMatchObject({ ok: false, message: expect.stringContaining("closing date has passed") });
  expect(jobTransition({ ...open, closesAt: past }, "close", now)).toMatchObject({ ok: false });
});

test("only a job nobody applied to may be deleted, whatever its status", () => {
  expect(jobTransition({ status: "draft", closesAt: null, applications: 0 }, "delete", now)).toEqual({ ok: true, to: "deleted" });
  expect(jobTransition({ status: "closed", closesAt: null, applications: 0 }, "delete", now)).toEqual({ ok: true, to: "deleted" });
  expect(jobTransition({ status: "closed", closesAt: null, applications: 1 }, "delete", now)).toEqual({
    ok: false,
    message: "This job has 1 application, so it stays for the record. Close it instead.",
  });
  expect(jobTransition({ status: "open", closesAt: null, applications: 3 }, "delete", now)).toMatchObject({
    ok: false,
    message: expect.stringContaining("3 applications"),
  });
});
