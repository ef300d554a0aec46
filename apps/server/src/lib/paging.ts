/** Opaque keyset cursors: the sort key of the last row seen, as base64url JSON. */
export function encodeCursor(parts: Array<string | number>): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Array<string | number> | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parsed) && parsed.every((p) => typeof p === 'string' || typeof p === 'number') ? parsed : null;
  } catch {
    return null;
  }
}
