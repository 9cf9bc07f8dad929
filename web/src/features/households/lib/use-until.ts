import { useEffect, useState } from "react";

/** True until the moment `at` (ms) has passed, then false: the component renders again at that moment. */
export function useUntil(at: number | null): boolean {
  const [, rerender] = useState(0);
  const waiting = at !== null && Date.now() < at;
  useEffect(() => {
    if (at === null) return;
    const left = at - Date.now();
    if (left <= 0) return;
    // setTimeout takes at most 2^31-1 ms; a longer wait is checked again then.
    const timer = setTimeout(() => rerender((n) => n + 1), Math.min(left + 50, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [at]);
  return waiting;
}
