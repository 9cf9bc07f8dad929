import { useId, useState } from "react";
import { useT } from "../i18n/index.ts";

/**
 * A search field that submits (Enter or the button) rather than searching on every key: each search
 * becomes one URL, so Back and reload behave. `value` is the search in the URL.
 */
export function SearchBox({
  value,
  label,
  placeholder,
  onSearch,
}: {
  value: string | undefined;
  label: string;
  placeholder: string;
  onSearch: (value: string | undefined) => void;
}) {
  const { t } = useT();
  const id = useId();
  const [draft, setDraft] = useState(value ?? "");
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The URL changed (Back, a link): show its search, not the stale draft.
    setShown(value);
    setDraft(value ?? "");
  }
  return (
    <search>
      <form
        className="search-box"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft.trim() || undefined);
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          type="search"
          placeholder={placeholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          enterKeyHint="search"
        />
        <button type="submit" className="button">
          {t("components.search")}
        </button>
      </form>
    </search>
  );
}
