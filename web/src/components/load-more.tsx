import { useEffect, useRef } from "react";
import { useT } from "../i18n/index.ts";

/**
 * The next keyset page: loaded by itself when this comes into view (infinite scroll), and by a real
 * button for keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  label,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label?: string;
}) {
  const { t } = useT();
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  // Observing anew after each page reports "still in view" again, so a tall screen keeps filling.
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: "400px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  return (
    <div ref={ref} className="load-more">
      {hasMore && (
        <button type="button" className="button button-quiet" onClick={onLoad} disabled={loading}>
          {loading ? t("common.loading") : (label ?? t("components.showMore"))}
        </button>
      )}
    </div>
  );
}
