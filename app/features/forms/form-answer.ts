/**
 * What every form's action answers, with or without JavaScript.
 * - success: `messages` show as success messages in order; `warnings` as
 *   error messages that do not undo the submission (e.g. "Failed to send
 *   confirmation email: …").
 * - error: `message` names the problem; `fields` marks the fields it
 *   concerns; `values` hands back what was typed, for the page drawn without
 *   JavaScript.
 */
export type FormAnswer<Success extends object = object> =
  | ({ status: "success"; messages: string[]; warnings?: string[] } & Success)
  | { status: "error"; message: string; fields?: Record<string, string>; values?: Record<string, string> };

export type SuccessAnswer<Success extends object = object> = Extract<FormAnswer<Success>, { status: "success" }>;

/** Narrows whatever came back; anything unexpected (a proxy's error page, a crash) reads as `fallback`. */
export function toFormAnswer<Success extends object = object>(data: unknown, fallback: string): FormAnswer<Success> {
  const answer = data as { status?: unknown; messages?: unknown; message?: unknown } | null | undefined;
  if (answer?.status === "success" && Array.isArray(answer.messages)) return answer as FormAnswer<Success>;
  if (answer?.status === "error" && typeof answer.message === "string") return answer as FormAnswer<Success>;
  return { status: "error", message: fallback };
}
