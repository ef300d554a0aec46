/** True when a write failed on a UNIQUE constraint, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

/**
 * True when a write failed on a FOREIGN KEY constraint, on either engine: the row it refers to (a post,
 * a comment, an account) was deleted between the request's read and its write.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: unknown } | null;
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503';
}
