/** What the route guards hand to /login: the page a visitor without a session tried to open. */
export interface ReturnTo {
  from: string;
}

/**
 * Where Login goes after signing in: the page the visitor came from when it is a path of this app
 * (one leading slash: never another origin such as `//evil.example`, never back to /login or /signup),
 * otherwise home.
 */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<ReturnTo>).from : undefined;
  if (typeof from !== 'string' || !/^\/(?![/\\])/.test(from) || from.length > 2000) return '/';
  if (/^\/(login|signup)(?=$|[/?#])/.test(from)) return '/';
  return from;
}
