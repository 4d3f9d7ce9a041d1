import { describe, expect, test } from "vitest";
import { editablePages } from "#app/content/pages/index.ts";
import {
  blockArrangement,
  blockValues,
  imageFieldOfFile,
  MAX_BLOCKS,
  pageFieldNames,
  pageImageFileNames,
  readBlocks,
  replaceImages,
  textOfBlocks,
  uploadOf,
} from "#app/features/site-pages/page-blocks.ts";

describe("a page's blocks in its edit form", () => {
  test.each(editablePages.map((page) => [page.path, page] as const))("%s reads back from its form exactly as written", (_path, page) => {
    const values = blockValues(page.sections);
    for (const name of Object.keys(values)) if (name !== "blocks") expect(pageFieldNames).toContain(name);
    expect(readBlocks(values)).toEqual({ ok: true, sections: page.sections });
  });

  test("an item left empty is dropped, and a half-filled one is named by its field", () => {
    const values = {
      blocks: "hero,figures",
      "b0.eyebrow": "CRM",
      "b0.title": "A CRM",
      "b0.lead": "Lead.",
      "b1.title": "In figures",
      "b1.items.0.value": "40 %",
      "b1.items.0.label": "Fewer lost leads",
      "b1.items.1.value": "",
      "b1.items.2.value": "3x",
    };
    expect(readBlocks(values)).toEqual({ ok: false, errors: { "b1.items.2.label": "Fill in what it counts, or remove it." } });
    const read = readBlocks({ ...values, "b1.items.2.value": "" });
    expect(read.ok && read.sections[1]).toEqual({
      kind: "figures",
      title: "In figures",
      items: [{ value: "40 %", label: "Fewer lost leads" }],
    });
  });

  test("a page starts with its one title block, holds at most 60 blocks, and refuses unknown kinds, bad links and half buttons", () => {
    expect(readBlocks({ blocks: "cta,hero" })).toMatchObject({ ok: false, errors: { blocks: expect.stringContaining("starts with its title block") } });
    expect(readBlocks({ blocks: ["hero", ...Array.from({ length: MAX_BLOCKS }, () => "cta")].join(",") })).toMatchObject({
      ok: false,
      errors: { blocks: `A page holds at most ${MAX_BLOCKS} blocks; it has ${MAX_BLOCKS + 1}.` },
    });
    expect(readBlocks({ blocks: "hero,carousel" })).toMatchObject({ ok: false, errors: { blocks: expect.stringContaining("“carousel”") } });
    const hero = { blocks: "hero", "b0.eyebrow": "E", "b0.title": "T", "b0.lead": "L" };
    expect(readBlocks({ ...hero, "b0.primary.label": "Go", "b0.primary.href": "javascript:alert(1)" })).toMatchObject({
      ok: false,
      errors: { "b0.primary.href": expect.stringContaining("must be a path of this site") },
    });
    expect(readBlocks({ ...hero, "b0.secondary.label": "Go" })).toMatchObject({
      ok: false,
      errors: { "b0.secondary.href": expect.stringContaining("link too") },
    });
    expect(readBlocks({ ...hero, "b0.art": "dragons" })).toMatchObject({ ok: false, errors: { "b0.art": "Choose artwork from the list." } });
  });

  test("blocks are added at the end, moved and removed; the title block stays first", () => {
    const page = editablePages.find((candidate) => candidate.path === "/crm")!;
    const kinds = (sections: readonly { kind: string }[]) => sections.map((section) => section.kind);
    const added = blockArrangement("block-add", "testimonials")!(page.sections);
    expect(added.ok && kinds(added.sections)).toEqual([...kinds(page.sections), "testimonials"]);
    const up = blockArrangement("block-up:2", undefined)!(page.sections);
    expect(up.ok && kinds(up.sections).slice(0, 3)).toEqual(["hero", page.sections[2]!.kind, page.sections[1]!.kind]);
    expect(blockArrangement("block-up:1", undefined)!(page.sections)).toMatchObject({ ok: false });
    expect(blockArrangement("block-remove:0", undefined)!(page.sections)).toMatchObject({ ok: false });
    const removed = blockArrangement("block-remove:1", undefined)!(page.sections);
    expect(removed.ok && removed.sections.length).toBe(page.sections.length - 1);
    expect(blockArrangement("block-add", "hero")!(page.sections)).toMatchObject({ ok: false, message: "Choose the kind of block to add." });
    expect(blockArrangement("save", undefined)).toBeNull();
  });

  test("the history compares blocks as words, a line a block named by its kind", () => {
    const text = textOfBlocks([{ kind: "cta", title: "Talk to us", body: "Within one business hour." }]);
    expect(text).toBe("[Call to action] Talk to us · Within one business hour.");
  });

  test("pictures: a new file waits for the save, the current one comes back only if it is ours, and a required one is asked for", () => {
    const hero = { blocks: "hero,badges", "b0.eyebrow": "E", "b0.title": "T", "b0.lead": "L", "b1.title": "Clients" };
    const logo = "/media/0b6f4a0e-5c2e-4b8e-9a57-1c1d2e3f4a5b/640.webp";
    const kept = readBlocks({ ...hero, "b1.items.0.image": `${logo} 640 320`, "b1.items.0.name": "Northwind" });
    expect(kept.ok && kept.sections[1]).toEqual({
      kind: "badges",
      title: "Clients",
      items: [{ image: { src: logo, width: 640, height: 320 }, name: "Northwind" }],
    });
    // A file chosen for the second logo: it is a logo of its own even before it is stored.
    expect(imageFieldOfFile(pageImageFileNames[0]!)).toBeDefined();
    const chosen = readBlocks({ ...hero, "b1.items.0.name": "Contoso" }, new Set(["b1.items.0.image"]));
    const sections = chosen.ok ? chosen.sections : [];
    expect(replaceImages(sections, (image) => (uploadOf(image) === "b1.items.0.image" ? { src: logo, width: 1, height: 1 } : image))[1]).toMatchObject({
      items: [{ image: { src: logo }, name: "Contoso" }],
    });
    // A hidden field pointing anywhere else is refused; a badge with its name but no picture is asked for.
    expect(readBlocks({ ...hero, "b1.items.0.image": "https://evil.example/x.png 1 1", "b1.items.0.name": "Evil" })).toMatchObject({
      ok: false,
      errors: { "b1.items.0.image": expect.stringContaining("could not be read back") },
    });
    expect(readBlocks({ ...hero, "b1.items.0.name": "Northwind" })).toEqual({
      ok: false,
      errors: { "b1.items.0.image": "Choose a file for badge, or remove it." },
    });
  });
});
