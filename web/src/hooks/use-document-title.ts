import { useEffect } from "react";
import { useT } from "../i18n/index.ts";

/** Each page names itself in the tab and for screen readers announcing the navigation. */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useT();
  // Written in the render, so a change of language renames the tab too.
  const full = title ? t("app.documentTitle", { page: title }) : t("common.brand");
  useEffect(() => {
    document.title = full;
  }, [full]);
}
