import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { LinkedText } from "../../../components/linked-text.tsx";
import { useIngredientName } from "../../../i18n/food-names.ts";
import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import { formatGrams } from "../../../lib/format.ts";
import { type Item, piecesOf } from "../lib/list.ts";
import { tickedBy } from "../lib/live-list.ts";
import "./live.css";

/**
 * One line of the list in store mode: the whole row is the tap target (at least 56 px high), the
 * total grams on the right; beneath, the amounts as the recipes wrote them and the recipes that asked
 * for it, who ticked it (when someone else did: "ticked by Sam", also the checkbox's description for
 * a screen reader), and "Remove". `children` is what may follow (the "found it here" control).
 */
export function ItemRow({
  item,
  recipeTitles,
  onToggle,
  onRemove,
  children,
}: {
  item: Item;
  recipeTitles: ReadonlyMap<number, string>;
  onToggle: (checked: boolean) => void;
  onRemove: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useT();
  const name = useIngredientName()(item.name);
  // An item added offline has no id from the API yet; it can be checked once it has reached it.
  const provisional = item.id < 0;
  // A tap shows at once: the list with the change follows a moment later (the query layer tells its
  // readers asynchronously), and a controlled checkbox would spring back meanwhile. Any newer copy of
  // the item (which has the waiting change applied) wins.
  const [tap, setTap] = useState<{ checked: boolean; of: Item } | null>(null);
  const checked = tap?.of === item ? tap.checked : item.checked;
  const readable = item.amount_readable;
  const showGrams = item.amount_grams !== null;
  const pieces = piecesOf(item);
  // Not while the person's own tap is on its way: it is theirs then, not the last person's.
  const viewerId = useAuth().session?.userId ?? null;
  const by = tap?.of === item ? null : tickedBy(item, viewerId);
  const byId = useId();
  return (
    <li className="sl-item" data-checked={checked || undefined}>
      <label className="sl-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={provisional}
          aria-describedby={by ? byId : undefined}
          onChange={(e) => {
            setTap({ checked: e.currentTarget.checked, of: item });
            onToggle(e.currentTarget.checked);
          }}
        />
        <span className="sl-name">{name}</span>
        {showGrams && (
          <span className="sl-grams">
            {formatGrams(item.amount_grams ?? 0)}
            {pieces && (
              <span className="sl-pieces">
                {" · "}
                {pieces}
                <span className="visually-hidden"> {t("shopping-lists.pieces", { count: pieces })}</span>
              </span>
            )}
          </span>
        )}
      </label>
      <div className="sl-details">
        {readable && <span className="sl-readable">{readable}</span>}
        {item.recipe_ids.length > 0 && (
          <span className="sl-from">
            {/* The recipes' links go where the sentence puts its placeholder. */}
            <LinkedText
              text={t("shopping-lists.forRecipes", { recipes: "<link></link>" })}
              link={() =>
                item.recipe_ids.map((id, index) => (
                  <span key={id}>
                    {index > 0 && ", "}
                    <Link to="/recipes/$recipeId" params={{ recipeId: String(id) }}>
                      {recipeTitles.get(id) ?? t("shopping-lists.recipeId", { id })}
                    </Link>
                  </span>
                ))
              }
            />
          </span>
        )}
        {by && (
          <span className="sl-by" id={byId}>
            {t("shopping-lists.tickedBy", { name: by })}
          </span>
        )}
        {provisional && <span className="sl-waiting">{t("shopping-lists.waitingToBeSent")}</span>}
        <button
          type="button"
          className="sl-remove"
          disabled={provisional}
          aria-label={t("shopping-lists.removeNamed", { name })}
          onClick={onRemove}
        >
          {t("shopping-lists.remove")}
        </button>
      </div>
      {children}
    </li>
  );
}
