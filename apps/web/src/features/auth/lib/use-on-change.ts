import { useEffect, useRef } from 'react';

/**
 * Runs `effect` after a render in which `value` changed, never on mount (so StrictMode's double
 * mount does not trigger it either). The pages use it to move focus with their state.
 */
export function useOnChange<T>(value: T, effect: (value: T) => void): void {
  const previous = useRef(value);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    effect(value);
  });
}
