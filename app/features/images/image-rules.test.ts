import { expect, test } from "vitest";
import { srcSetOf, variantWidths } from "#app/features/images/image-rules.ts";

const ID = "0b5e3c1e-7d1a-4c5e-9f0a-2b3c4d5e6f70";

test("variant widths: every web width below the largest, then the largest", () => {
  expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
  expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
  expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
  expect(variantWidths(200)).toEqual([200]);
});

test("srcset follows from the URL of one of our images", () => {
  expect(srcSetOf(`/media/${ID}/1920.webp`)).toBe([320, 640, 960, 1280, 1920].map((width) => `/media/${ID}/${width}.webp ${width}w`).join(", "));
  expect(srcSetOf(`/media/${ID}/700.webp`)).toBe(`/media/${ID}/320.webp 320w, /media/${ID}/640.webp 640w, /media/${ID}/700.webp 700w`);
  expect(srcSetOf(`/media/${ID}/960.webp`)).toBe(`/media/${ID}/320.webp 320w, /media/${ID}/640.webp 640w, /media/${ID}/960.webp 960w`);
});

test("anything that is not one of our images gets no srcset", () => {
  for (const src of [
    "/images/insight-placeholder.svg",
    "https://cdn.example.com/photo.jpg",
    `https://example.com/media/${ID}/1920.webp`,
    `/media/${ID}/1920.png`,
    `/media/${ID}/3840.webp`,
    `/media/${ID}/1920.webp?x=1`,
    `/media/not-an-id/1920.webp`,
    `/media/${ID}/sub/1920.webp`,
    "",
  ]) {
    expect(srcSetOf(src), src).toBeNull();
  }
});
