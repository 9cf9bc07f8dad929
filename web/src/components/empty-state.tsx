import type { ReactNode } from "react";

/** Nothing to show, said plainly, with what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="notice" role="status">
      <h2 className="notice-title">{title}</h2>
      {children}
    </div>
  );
}
