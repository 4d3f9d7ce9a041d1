import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ENV_VARIABLES } from "#app/platform/env.server.ts";

/*
 * The guides beside the README stay true to the tree: the code map names every folder the
 * repository tracks and every route file, every setting the server reads is in the operations
 * guide, and the links between the guides lead somewhere.
 */

const read = (file: string) => fs.readFileSync(file, "utf8");
const ROUTES_FOLDER = "app/routes";
const ARCHITECTURE = "docs/architecture.md";

/** Names written as code (`name`) in a Markdown text. */
const codeNames = (markdown: string) => new Set([...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? ""));

/** Top-level folders with at least one tracked file, dot-folders (.ci) included. */
function trackedTopLevelFolders(): string[] {
  const files = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n");
  return [...new Set(files.filter((file) => file.includes("/")).map((file) => file.slice(0, file.indexOf("/"))))].sort();
}

const routeFiles = () => fs.readdirSync(ROUTES_FOLDER).filter((file) => !/\.test\.tsx?$/.test(file));

/** The section of a Markdown text from a level-2 heading to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`No "## ${heading}" in the text`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

function missingFromArchitecture(doc: string, folders: string[], routes: string[]) {
  const named = codeNames(doc);
  const routeNames = [...codeNames(section(doc, "Routes"))].filter((name) => /^[\w.$[\]-]+\.tsx?$/.test(name));
  return {
    folders: folders.filter((folder) => !named.has(`${folder}/`)),
    routes: routes.filter((route) => !routeNames.includes(route)),
    namedButAbsent: routeNames.filter((name) => !routes.includes(name)),
  };
}

describe("docs/architecture.md", () => {
  test("names every tracked top-level folder and every route file, and no route file that is gone", () => {
    expect(missingFromArchitecture(read(ARCHITECTURE), trackedTopLevelFolders(), routeFiles())).toEqual({
      folders: [],
      routes: [],
      namedButAbsent: [],
    });
  });

  test("a route file left out of the map, or a folder, is reported by name", () => {
    const doc = read(ARCHITECTURE).replace("`staff.audit.tsx`", "`staff.audit-log.tsx`").replace("`bench/`", "bench");
    expect(missingFromArchitecture(doc, trackedTopLevelFolders(), routeFiles())).toEqual({
      folders: ["bench"],
      routes: ["staff.audit.tsx"],
      namedButAbsent: ["staff.audit-log.tsx"],
    });
  });
});

test("docs/operations.md describes every setting the server reads", () => {
  const named = codeNames(read("docs/operations.md"));
  expect(ENV_VARIABLES.filter((name) => !named.has(name) && ![...named].some((text) => text.startsWith(`${name}=`)))).toEqual([]);
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsIn = (markdown: string) =>
  new Set([...markdown.replace(/```[\s\S]*?```/g, "").matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? "")));

test("the relative links of the README and the guides lead to a file, and to a heading there", () => {
  const guides = [
    "README.md",
    ...fs
      .readdirSync("docs")
      .filter((file) => file.endsWith(".md"))
      .map((file) => `docs/${file}`),
  ];
  const broken = guides.flatMap((guide) =>
    [...read(guide).matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1] ?? "")
      .filter((link) => !/^[a-z]+:/.test(link))
      .filter((link) => {
        const [target, anchor] = link.split("#");
        const file = target ? path.join(path.dirname(guide), target) : guide;
        if (!fs.existsSync(file)) return !file.startsWith("../");
        return anchor !== undefined && !anchorsIn(read(file)).has(anchor);
      })
      .map((link) => `${guide}: ${link}`),
  );
  expect(broken).toEqual([]);
});
