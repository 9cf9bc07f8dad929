import type { ReactNode } from "react";

/** A page of changes the person may not make: said plainly, with the way back, instead of a form that fails. */
export function NotAllowed({ children }: { children: ReactNode }) {
  return (
    <div className="notice" role="status">
      {children}
    </div>
  );
}
