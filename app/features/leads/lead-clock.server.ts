import { sql } from "drizzle-orm";
import { CLOSED_WITHOUT_RESPONSE } from "#app/features/leads/lead-clock.ts";
import { consultations } from "#app/platform/db/schema.server.ts";

/**
 * True for a lead owed no response: answered, or marked spam or lost before an answer (lead-clock.ts).
 * The "Most urgent" and "Oldest waiting" indexes lead with exactly this expression (list-indexes.server.ts),
 * so the statuses are written into it as constants: a parameter would not match the index.
 */
export const owedNoResponse = sql<boolean>`(${consultations.firstResponseAt} is not null or ${consultations.status} in (${sql.raw(
  CLOSED_WITHOUT_RESPONSE.map((status) => `'${status}'`).join(", "),
)}))`;
