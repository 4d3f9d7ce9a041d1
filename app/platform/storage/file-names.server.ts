/** Longest sanitised name; keeps `consultation/{timestamp}_{name}` well inside file-system and S3 limits. */
export const MAX_FILE_NAME_LENGTH = 150;

/** What a name with no letter or digit left (e.g. "???" or "---") becomes. */
export const FALLBACK_FILE_NAME = "file";

/**
 * Spec §5: characters other than letters, digits, dot and hyphen become `_`;
 * whitespace and repeated underscores collapse. Accented letters keep their
 * base letter ("résumé" → "resume") so the result is plain ASCII for every
 * file system and S3 provider. Long names are cut to MAX_FILE_NAME_LENGTH,
 * keeping a short extension.
 */
export function sanitizeFileName(name: string): string {
  let result = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/gu, "_")
    .replace(/[^A-Za-z0-9.-]/g, "_")
    .replace(/_+/g, "_");
  if (result.length > MAX_FILE_NAME_LENGTH) {
    const extension = /\.[A-Za-z0-9]{1,10}$/.exec(result)?.[0] ?? "";
    result = result.slice(0, MAX_FILE_NAME_LENGTH - extension.length) + extension;
  }
  return /[A-Za-z0-9]/.test(result) ? result : FALLBACK_FILE_NAME;
}

/** The folders visitors' uploads go to: consultation files and resumes (swept of orphans by app/features/forms/upload-sweep.server.ts). */
export const UPLOAD_FOLDERS = { consultation: "consultation/", resume: "careers/" } as const;

/** Spec §5/§7: where an uploaded consultation file is stored. */
export function consultationKey(timestamp: number | Date, name: string): string {
  const millis = typeof timestamp === "number" ? timestamp : timestamp.getTime();
  return `${UPLOAD_FOLDERS.consultation}${millis}_${sanitizeFileName(name)}`;
}

/**
 * Keys for all files of one submission. Two files whose names sanitise alike
 * ("a b.pdf", "a_b.pdf") would share a key and one would silently replace the
 * other, so later ones get "-2", "-3" before the extension.
 */
export function consultationKeys(timestamp: number | Date, names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    const base = consultationKey(timestamp, name);
    let key = base;
    for (let n = 2; seen.has(key); n++) {
      const dot = base.lastIndexOf(".");
      key = dot > base.lastIndexOf("/") + 1 ? `${base.slice(0, dot)}-${n}${base.slice(dot)}` : `${base}-${n}`;
    }
    seen.add(key);
    return key;
  });
}

/** Where an applicant's resume is stored: careers/{timestamp}_{sanitised name}, like the spec's consultation path. */
export function resumeKey(timestamp: number | Date, name: string): string {
  const millis = typeof timestamp === "number" ? timestamp : timestamp.getTime();
  return `${UPLOAD_FOLDERS.resume}${millis}_${sanitizeFileName(name)}`;
}
