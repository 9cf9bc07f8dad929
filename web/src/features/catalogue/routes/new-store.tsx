/** Add a store (any signed-in person; the route asks visitors to log in). Its shelves come next, on its page. */
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { StoreEditor } from "../components/store-form.tsx";

export function NewStorePage() {
  const { t } = useT();
  useDocumentTitle(t("catalogue.newStore"));
  return (
    <div className="page narrow">
      <h1>{t("catalogue.newStore")}</h1>
      <StoreEditor />
    </div>
  );
}
