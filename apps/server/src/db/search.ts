import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `lower(column) LIKE '%text%'`: case-insensitive on both engines, with the text's own % and _
 * taken literally. Used by the admin's searches, which walk an index in the list's order and stop
 * at the page's end (a rare text reads further; see the admin bench).
 */
export function contains(column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
