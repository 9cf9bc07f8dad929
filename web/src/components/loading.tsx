/** A polite "loading" line: announced to screen readers, shown after a short delay by CSS. */
export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}
