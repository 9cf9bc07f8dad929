/** Add a store (any signed-in person; the route asks visitors to log in). Its shelves come next, on its page. */
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { StoreEditor } from "../components/store-form.tsx";

export function NewStorePage() {
  useDocumentTitle("New store");
  return (
    <div className="page narrow">
      <h1>New store</h1>
      <StoreEditor />
    </div>
  );
}
