import { useEffect } from "react";

/** Each page names itself in the tab and for screen readers announcing the navigation. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Recipes` : "Recipes";
  }, [title]);
}
