import { useInfiniteQuery } from "@tanstack/react-query";
import { ErrorState } from "../../../components/error-state.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { useT } from "../../../i18n/index.ts";
import { categoryQueries } from "../../../lib/api/catalogue.ts";
import { allItems } from "../../../lib/keyset.ts";

/** The recipe's categories: a group of toggles (a multi-select that works the same on every device). */
export function CategoryPicker({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const { t } = useT();
  const categories = useInfiniteQuery(categoryQueries.list());
  const items = allItems(categories.data);
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="category-picker" aria-invalid={error ? true : undefined}>
      <legend>{t("recipe-editor.categories")}</legend>
      {categories.isError && items.length === 0 ? (
        <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <ul className="toggle-chips">
          {items.map((category) => (
            <li key={category.id}>
              <label className="toggle-chip">
                <input
                  type="checkbox"
                  checked={value.includes(category.id)}
                  onChange={(event) => toggle(category.id, event.target.checked)}
                />
                {category.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={categories.hasNextPage}
        loading={categories.isFetchingNextPage}
        onLoad={() => void categories.fetchNextPage()}
        label={t("recipe-editor.moreCategories")}
      />
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
