import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** Closes a popover on Escape (returning focus to its trigger) and on a click outside it. */
export function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        trigger.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && !container.current?.contains(target) && !trigger.current?.contains(target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, container, trigger]);
}

/**
 * A header popover's state: open flag, ids and refs, closed by Escape, an outside click or a route
 * change (spec 2.2: menus close on route change).
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, trigger);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return { open, setOpen, id, panel, trigger };
}
