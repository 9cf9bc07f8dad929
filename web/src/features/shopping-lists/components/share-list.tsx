import { useState } from "react";
import { listAsText, type ShoppingList } from "../lib/list.ts";

/** Shares what is left to buy as plain text: the system's share sheet where there is one, else the clipboard. */
export function ShareList({ list }: { list: ShoppingList }) {
  const [said, setSaid] = useState<string | null>(null);
  const share = async () => {
    const text = listAsText(list);
    try {
      if (navigator.share) {
        await navigator.share({ title: list.name, text });
        return;
      }
      await navigator.clipboard.writeText(text);
      setSaid("Copied the list to the clipboard.");
    } catch (error) {
      // Closing the share sheet is not a failure worth a sentence.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setSaid("Sharing did not work here. Select the list and copy it instead.");
    }
  };
  return (
    <>
      <button type="button" className="button button-quiet" onClick={() => void share()}>
        Share
      </button>
      <span className="sl-said" role="status">
        {said}
      </span>
    </>
  );
}
