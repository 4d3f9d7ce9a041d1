import sharp from "sharp";
import { expect, test, vi } from "vitest";
import { withEditionPhotos } from "#app/features/staff/events/edition-editor.server.ts";
import { NEW_RECAP_PHOTO_FILE, readEditionInput, speakerField, type EditionInput } from "#app/features/staff/events/edition-rules.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 90_000 });

const values: Record<string, string> = {
  title: "Summit",
  slug: "summit-2026",
  summary: "Talks.",
  timeZone: "Asia/Kolkata",
  startsAt: "2026-12-04T09:30",
  endsAt: "2026-12-04T17:30",
  venueName: "Hall",
  venueCountry: "IN",
  capacity: "10",
  [speakerField(0, "Name")]: "Asha Rao",
  [speakerField(2, "Name")]: "Ben Das",
};

function input(extra: Record<string, string> = {}): EditionInput {
  const read = readEditionInput({ ...values, ...extra });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#204060" } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

test("each photo goes through the image pipeline to its own speaker's slot; a recap photo needs its description; a photo in an empty slot is refused", async () => {
  await withTestServices("pglite", {}, async ({ storage }) => {
    const bytes = await png();
    const file = (field: string) => ({ name: `${field}.png`, contentType: "image/png", bytes, field });

    // Slot 2 is the second speaker (slot 1 was left empty).
    const placed = await withEditionPhotos(storage, input({ recapPhotoAlt: "The hall at noon" }), [
      file(speakerField(2, "PhotoFile")),
      file(NEW_RECAP_PHOTO_FILE),
    ]);
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.input.speakers[0]).not.toHaveProperty("photo");
    expect(placed.input.speakers[1]?.photo).toMatch(/^\/media\/[\w-]+\/[\w.-]+$/);
    expect(placed.input.recapPhotos).toEqual([{ src: expect.stringMatching(/^\/media\//), alt: "The hall at noon" }]);

    expect(await withEditionPhotos(storage, input(), [file(NEW_RECAP_PHOTO_FILE)])).toMatchObject({
      ok: false,
      status: 400,
      fields: { recapPhotoAlt: "Describe the new photo for people who cannot see it." },
    });
    expect(await withEditionPhotos(storage, input(), [file(speakerField(1, "PhotoFile"))])).toMatchObject({
      ok: false,
      fields: { [speakerField(1, "Name")]: "Enter the speaker's name for this photo." },
    });
    // Bytes that are no image are refused by the pipeline's own check, beside the field they came in.
    const broken = { ...file(speakerField(0, "PhotoFile")), bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) };
    expect(await withEditionPhotos(storage, input(), [broken])).toMatchObject({ ok: false, fields: { [speakerField(0, "PhotoFile")]: expect.any(String) } });
  });
});
