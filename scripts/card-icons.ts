import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { cardIconSprite, type IconNode } from "#app/content/card-icons.ts";

/**
 * Writes app/content/card-icons.svg, the card icons' sprite, from the names in
 * app/content/card-icons.ts and the icons of the installed lucide-static
 * (a pinned devDependency). Run after changing either:
 * `npx tsx scripts/card-icons.ts`.
 */
const lucide = path.dirname(createRequire(import.meta.url).resolve("lucide-static/package.json"));
const read = (file: string) => readFileSync(path.join(lucide, file), "utf8");
const nodes = JSON.parse(read("icon-nodes.json")) as Record<string, IconNode>;
const { version } = JSON.parse(read("package.json")) as { version: string };
// Lucide's own notice; the part after "---" is Feather's, for icons the sprite does not use (see the test).
const [notice = ""] = read("LICENSE").split(/\n-{3,}\n/);

writeFileSync("app/content/card-icons.svg", cardIconSprite(nodes, version, notice));
console.log(`Wrote app/content/card-icons.svg (lucide-static ${version})`);
