import { useEffect, useRef, useState } from 'react';

/**
 * A form whose picked photos are still being resized (PhotoPicker's onPreparing) holds its submit until
 * the last one arrives, then sends: no "at least one image" refusal for photos that are on their way.
 * Used by Create Issue, a department's final update and the reporter's "Not fixed yet".
 *
 * `send` runs on the render where the last resized photo arrived: PhotoPicker reports the count and adds
 * the photos in one batch, so `send` sees them.
 */
export function useHeldSubmit(send: () => void): {
  /** Give to PhotoPicker's onPreparing. */
  onPreparing: (count: number) => void;
  /** Submit was pressed and waits for photos: say "Preparing photos…". */
  held: boolean;
  /** Call on submit: true when it is held (the form returns), false when it may send now. */
  hold: () => boolean;
} {
  const [preparing, setPreparing] = useState(0);
  const [held, setHeld] = useState(false);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    if (!held || preparing > 0) return;
    setHeld(false);
    sendRef.current();
  }, [held, preparing]);
  const hold = () => {
    if (preparing === 0) return false;
    setHeld(true);
    return true;
  };
  return { onPreparing: setPreparing, held, hold };
}
