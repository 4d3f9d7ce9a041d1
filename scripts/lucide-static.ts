import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { cardIconSprite, type IconNode } from "#app/content/card-icons.ts";

/** The installed lucide-static (a pinned devDependency), read by scripts/card-icons.ts and its test. */
const root = path.dirname(createRequire(import.meta.url).resolve("lucide-static/package.json"));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Lucide's own ISC notice, and the part about the icons derived from Feather (under MIT), which the sprite does not use. */
export function lucideLicence(): { isc: string; feather: string } {
  const [isc = "", feather = ""] = read("LICENSE").split(/\n-{3,}\n/);
  return { isc, feather };
}

/** The card icons' sprite as the installed lucide-static draws the icons app/content/card-icons.ts names. */
export function cardIconSpriteFromLucide(): string {
  const nodes = JSON.parse(read("icon-nodes.json")) as Record<string, IconNode>;
  const { version } = JSON.parse(read("package.json")) as { version: string };
  return cardIconSprite(nodes, version, lucideLicence().isc);
}
