import { useT } from "../i18n/index.ts";
/** A polite "loading" line: announced to screen readers, shown after a short delay by CSS. */
export function Loading({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <p className="loading" role="status">
      {label ?? t("common.loading")}
    </p>
  );
}
