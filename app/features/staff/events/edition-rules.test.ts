import { expect, test } from "vitest";
import { registrationWindowAt } from "#app/features/events/event-rules.ts";
import { agendaFrom, editionFormValues, readEditionInput, recapPhotoField, speakerField } from "#app/features/staff/events/edition-rules.ts";
import { editionActionsFor, editionTransition } from "#app/features/staff/events/edition-status.ts";

const good: Record<string, string> = {
  title: "KRAF Think 2026",
  slug: "kraf-think-2026",
  summary: "A day of practical talks.",
  timeZone: "Asia/Kolkata",
  startsAt: "2026-12-04T09:30",
  endsAt: "2026-12-04T17:30",
  venueName: "India Habitat Centre",
  venueStreet: "Lodhi Road",
  venueLocality: "New Delhi",
  venueRegion: "Delhi",
  venuePostalCode: "110003",
  venueCountry: "in",
  venueMapUrl: "https://www.openstreetmap.org/",
  capacity: "250",
  registrationOpensAt: "2026-11-01T10:00",
  registrationClosesAt: "2026-12-03T18:00",
  agenda: "09:30-10:15 | Opening keynote | Asha Rao\n\n10:15–11:00 | Panel",
  recap: "First paragraph.\n\nSecond   paragraph.",
  [speakerField(0, "Name")]: "Asha Rao",
  [speakerField(0, "Role")]: "CTO",
  [speakerField(0, "Photo")]: "/media/abc123/800.webp",
  // A slot left empty between two speakers is skipped; the next one keeps its slot number.
  [speakerField(2, "Name")]: "Ben Das",
  [speakerField(2, "Photo")]: "https://elsewhere.example/evil.png",
  [recapPhotoField(0, "Src")]: "/media/def456/800.webp",
  [recapPhotoField(0, "Alt")]: "The hall during the keynote",
};

test("a complete form reads as an edition: times in its own zone, the agenda and recap parsed, only pipeline photos kept", () => {
  const read = readEditionInput(good);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  const { input } = read;
  // 09:30 in India is 04:00 UTC.
  expect(input.startsAt.toISOString()).toBe("2026-12-04T04:00:00.000Z");
  expect(input.registrationClosesAt?.toISOString()).toBe("2026-12-03T12:30:00.000Z");
  expect(input.venue.countryCode).toBe("IN");
  expect(input.capacity).toBe(250);
  expect(input.agenda).toEqual([
    { starts: "09:30", ends: "10:15", title: "Opening keynote", speaker: "Asha Rao" },
    { starts: "10:15", ends: "11:00", title: "Panel" },
  ]);
  expect(input.recap).toEqual(["First paragraph.", "Second paragraph."]);
  expect(input.speakers).toEqual([
    { name: "Asha Rao", role: "CTO", organisation: "", bio: "", photo: "/media/abc123/800.webp" },
    { name: "Ben Das", role: "", organisation: "", bio: "" },
  ]);
  expect(input.speakerSlots).toEqual([0, 2]);
  expect(input.recapPhotos).toEqual([{ src: "/media/def456/800.webp", alt: "The hall during the keynote" }]);
  // What the edit page shows reads back as the same edition.
  const again = readEditionInput(editionFormValues({ ...input }));
  expect(again.ok && again.input).toMatchObject({ startsAt: input.startsAt, agenda: input.agenda, speakers: input.speakers, recap: input.recap });
});

test("bad input gets a sentence beside each field and nothing is read", () => {
  const read = readEditionInput({
    ...good,
    title: "",
    slug: "Kraf Think!",
    timeZone: "Mars/Olympus",
    endsAt: "2026-12-04T09:00",
    capacity: "-1",
    registrationClosesAt: "2026-10-01T10:00",
    venueCountry: "India",
    venueMapUrl: "javascript:alert(1)",
    summary: "x".repeat(501),
    agenda: "half past nine | Keynote",
    [speakerField(1, "Role")]: "Moderator",
  });
  expect(read.ok).toBe(false);
  if (read.ok) return;
  expect(read.errors).toEqual({
    title: "Enter the title.",
    slug: "Use only lowercase letters a to z, digits and single hyphens between them, e.g. kraf-think-2026.",
    summary: "Keep the summary to 500 characters.",
    timeZone: 'Enter a time zone by its IANA name, e.g. "Asia/Kolkata" or "Europe/London".',
    endsAt: "The end must come after the start.",
    registrationClosesAt: "Registration must close after it opens.",
    venueCountry: 'Enter the country as its two-letter code, e.g. "IN".',
    venueMapUrl: "Enter a map link starting with https:// (at most 500 characters), or leave it empty.",
    capacity: "Enter the number of places as a whole number from 0 to 100,000.",
    agenda: 'Line 1 of the agenda must read like "09:30-10:15 | Opening keynote | Asha Rao" (the speaker may be left out).',
    [speakerField(1, "Name")]: "Enter the speaker's name, or clear the speaker's other fields.",
  });
});

test("a slug the site uses itself, or too long, is refused; capacity 0 is allowed", () => {
  const errorsOf = (values: Record<string, string>) => {
    const read = readEditionInput({ ...good, ...values });
    return read.ok ? {} : read.errors;
  };
  expect(errorsOf({ slug: "staff" }).slug).toBe('"staff" is an address the site uses itself; choose another.');
  expect(errorsOf({ slug: "new" }).slug).toContain("uses itself");
  expect(errorsOf({ slug: "a--b" }).slug).toContain("single hyphens");
  expect(errorsOf({ slug: "a".repeat(81) }).slug).toBe("Keep the address to 80 characters.");
  expect(errorsOf({ capacity: "0" })).toEqual({});
  expect(errorsOf({ capacity: "100001" }).capacity).toContain("from 0 to 100,000");
  expect(errorsOf({ startsAt: "2026-02-30T09:00" }).startsAt).toBe("Enter the start as a date and a time.");
  expect(agendaFrom("10:00-09:00 | Backwards")).toEqual({ ok: false, message: "Line 1 of the agenda ends before it starts." });
});

test("registration is open only inside its window and before the start", () => {
  const event = {
    startsAt: new Date("2026-12-04T04:00:00Z"),
    registrationOpensAt: new Date("2026-11-01T04:30:00Z"),
    registrationClosesAt: new Date("2026-12-03T12:30:00Z"),
  };
  expect(registrationWindowAt(new Date("2026-11-01T04:29:59Z"), event)).toBe("not-yet");
  expect(registrationWindowAt(new Date("2026-11-01T04:30:00Z"), event)).toBe("open");
  expect(registrationWindowAt(new Date("2026-12-03T12:30:00Z"), event)).toBe("closed");
  const openEnded = { ...event, registrationOpensAt: null, registrationClosesAt: null };
  expect(registrationWindowAt(new Date("2026-12-04T03:59:59Z"), openEnded)).toBe("open");
  expect(registrationWindowAt(new Date("2026-12-04T04:00:00Z"), openEnded)).toBe("closed");
});

test("the status machine: a draft is published, a published edition unpublished, only an unregistered draft deleted", () => {
  expect(editionActionsFor("draft")).toEqual(["publish"]);
  expect(editionActionsFor("published")).toEqual(["unpublish"]);
  expect(editionTransition({ status: "draft", registrations: 0 }, "publish")).toEqual({ ok: true, to: "published" });
  expect(editionTransition({ status: "published", registrations: 0 }, "publish")).toMatchObject({ ok: false });
  expect(editionTransition({ status: "published", registrations: 3 }, "unpublish")).toEqual({ ok: true, to: "draft" });
  expect(editionTransition({ status: "draft", registrations: 0 }, "unpublish")).toMatchObject({ ok: false });
  expect(editionTransition({ status: "published", registrations: 0 }, "delete")).toEqual({ ok: false, message: "Unpublish the edition before deleting it." });
  expect(editionTransition({ status: "draft", registrations: 2 }, "delete")).toMatchObject({ ok: false });
  expect(editionTransition({ status: "draft", registrations: 0 }, "delete")).toEqual({ ok: true, to: "deleted" });
});
