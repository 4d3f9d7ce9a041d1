/** The PostgreSQL error behind a Drizzle error (both drivers wrap it as `cause`). */
function postgresErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  const direct = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return direct?.code ? direct : direct?.cause;
}

/** A unique constraint refused the row (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorOf(error)?.code === "23505";
}

/** The name of the constraint that refused the row, when the database says. */
export function constraintOf(error: unknown): string | undefined {
  return postgresErrorOf(error)?.constraint;
}
