import { useEffect, useRef, useState } from 'react';

/** The 1 s like animation (spec 000 §2). */
export const LIKE_ANIMATION_MS = 1000;

/**
 * A like button's state: `like()` runs `onLike` once at a time (`busy` meanwhile) and, when it
 * resolves true (the like went through), animates the heart for 1 s.
 */
export function useLike(onLike: () => Promise<boolean>) {
  const [animating, setAnimating] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const like = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (await onLike()) {
        setAnimating(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setAnimating(false), LIKE_ANIMATION_MS);
      }
    } finally {
      setBusy(false);
    }
  };
  return { like, busy, animating };
}
