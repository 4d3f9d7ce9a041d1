import { expect, test } from "vitest";
import { rolesOfFlags, StaffCreateRequest } from "#server/control-socket.ts";

const request = (flags: string[] | undefined) =>
  StaffCreateRequest.safeParse({ command: "staff:create", email: "ann@example.com", roles: rolesOfFlags(flags), name: "" });

test("staff:create takes one role, a --role flag for each of several, or several joined by commas", () => {
  expect(request(["admin"])).toMatchObject({ success: true, data: { roles: ["admin"] } });
  expect(request(["admin", "sales"])).toMatchObject({ success: true, data: { roles: ["admin", "sales"] } });
  expect(request(["admin,sales"])).toMatchObject({ success: true, data: { roles: ["admin", "sales"] } });
  expect(request(["admin, sales", "editor"])).toMatchObject({ success: true, data: { roles: ["admin", "sales", "editor"] } });
});

test("staff:create refuses no role, an empty one and an unknown one", () => {
  expect(request(undefined).success).toBe(false);
  expect(request([""]).success).toBe(false);
  expect(request(["admin,"]).success).toBe(false);
  expect(request(["admin", "owner"]).success).toBe(false);
});
