import { useState } from "react";
import { useT } from "../../../i18n/index.ts";
import { listAsText, type ShoppingList } from "../lib/list.ts";

/** Shares what is left to buy as plain text: the system's share sheet where there is one, else the clipboard. */
export function ShareList({ list }: { list: ShoppingList }) {
  const { t } = useT();
  const [said, setSaid] = useState<string | null>(null);
  const share = async () => {
    const text = listAsText(list);
    try {
      if (navigator.share) {
        await navigator.share({ title: list.name, text });
        return;
      }
      await navigator.clipboard.writeText(text);
      setSaid(t("shopping-lists.copiedList"));
    } catch (error) {
      // Closing the share sheet is not a failure worth a sentence.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setSaid(t("shopping-lists.sharingFailed"));
    }
  };
  return (
    <>
      <button type="button" className="button button-quiet" onClick={() => void share()}>
        {t("shopping-lists.share")}
      </button>
      <span className="sl-said" role="status">
        {said}
      </span>
    </>
  );
}
