import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * A change the router has not drawn yet, and the addresses it may still draw before it does. Addresses
 * are written path and query (`/reports?q=x`), so a change on one screen never shows on another.
 */
type Pending = { path: string; query: string; over: Set<string> };
const key = (path: string, query: string) => `${path}?${query}`;

/**
 * One for the page, as the address is: every list, filter bar and map that keeps its state in the
 * address sees and builds on the same last change.
 */
const address = {
  pending: null as Pending | null,
  /** The address the router last drew (committed). */
  drawn: { path: '', query: '' },
  version: 0,
  listeners: new Set<() => void>(),
};
const subscribe = (listener: () => void) => {
  address.listeners.add(listener);
  return () => address.listeners.delete(listener);
};
const version = () => address.version;

/** The change still on its way, while the router shows one of the addresses it was made over. */
function live(path: string, query: string): Pending | null {
  const p = address.pending;
  return p && p.path === path && p.query !== query && p.over.has(key(path, query)) ? p : null;
}

/**
 * useSearchParams for screens whose filters live in the address, with one difference that matters to a
 * quick hand: what it returns, and what every change starts from, is the last change made, not the last
 * address the router has drawn.
 *
 * BrowserRouter draws a new address in a transition, a moment after the change that asked for it. With
 * useSearchParams alone, a second change made in that moment (a category picked right after typing, two
 * keys in a row on a slow phone, the map moving as a filter is picked) starts from the old address and
 * undoes the first, and a text box shown from the address falls back to the old words after each key.
 * Here each change is shown at once (an external store, which React renders synchronously) and kept until
 * the router has drawn it, or has drawn an address no change asked for (Back, a link), which then wins.
 *
 * `change` edits a copy of the current parameters; the address entry is replaced, not added.
 */
export function useAddressParams(): [URLSearchParams, (edit: (params: URLSearchParams) => void) => void] {
  const [routed, setRouted] = useSearchParams();
  const path = useLocation().pathname;
  const query = routed.toString();
  useSyncExternalStore(subscribe, version);
  useLayoutEffect(() => {
    address.drawn = { path, query };
    // Drawn, or overtaken by an address no change asked for: it is over.
    if (address.pending && !live(path, query)) address.pending = null;
  }, [path, query]);
  const shown = live(path, query);

  const change = (edit: (params: URLSearchParams) => void) => {
    // Read at the moment of the change: this function may be from a render before the last change.
    const router = address.drawn;
    const before = live(router.path, router.query);
    const next = new URLSearchParams(before?.query ?? router.query);
    edit(next);
    // The router may yet draw the address it is leaving, or one asked for before: neither ends this one.
    const over = new Set([...(before?.over ?? []), ...(before ? [key(before.path, before.query)] : []), key(router.path, router.query)]);
    address.pending = { path: router.path, query: next.toString(), over };
    address.version += 1;
    for (const listener of address.listeners) listener();
    setRouted(next, { replace: true });
  };
  return [shown ? new URLSearchParams(shown.query) : routed, change];
}
