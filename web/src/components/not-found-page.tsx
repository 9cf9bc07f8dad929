/** The page for an address that leads nowhere: no route, or a route's row that does not exist (a 404). */
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../hooks/use-document-title.ts";
import { useT } from "../i18n/index.ts";

export function NotFoundPage() {
  const { t } = useT();
  useDocumentTitle(t("components.pageNotFound"));
  return (
    <div className="page narrow">
      <h1>{t("components.pageNotFound")}</h1>
      <p>{t("components.noPageHere")}</p>
      <p>
        <Link to="/" className="button">
          {t("components.browseRecipes")}
        </Link>
      </p>
    </div>
  );
}
