/** SQLite and PostgreSQL both cap bound parameters; big id lists are read in slices. */
export const CHUNK = 900;

export async function inChunks<T>(ids: string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  if (ids.length === 0) return [];
  if (ids.length <= CHUNK) return read(ids);
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/** A 24-hex row id (lib/ids newId): what a cursor's id part must be before it reaches a query. */
export const isRowId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{24}$/.test(v);
