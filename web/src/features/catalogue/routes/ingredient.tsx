import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { Picture } from "../../../components/picture.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useIngredientDisplayName } from "../../../i18n/food-names.ts";
import { around, useT } from "../../../i18n/index.ts";
import { LANGUAGE_NAMES } from "../../../i18n/languages.ts";
import { ingredientQueries } from "../../../lib/api/catalogue.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useAuth } from "../../../lib/auth.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { positiveInt } from "../../../lib/search.ts";
import { IngredientNutrition } from "../components/ingredient-nutrition.tsx";
import "../catalogue.css";

/** An ingredient: what it is, the recipe that makes it, and where to find it (store and shelf). */
export function IngredientPage() {
  const { ingredientId } = useParams({ from: "/ingredients/$ingredientId" });
  const id = positiveInt(ingredientId) ?? 0;
  const query = useQuery({ ...ingredientQueries.detail(id), enabled: id > 0 });
  const stores = useInfiniteQuery({ ...ingredientQueries.stores(id), enabled: id > 0 });
  const ingredient = query.data;
  const { session } = useAuth();
  const { t } = useT();
  // The name in the reader's language where it has one of its own or the built-in foods have one;
  // the stored name beneath it when that differs, so that whoever edits it knows what they edit.
  const ingredientName = useIngredientDisplayName();
  useDocumentTitle(ingredient && ingredientName(ingredient));

  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading />;
  if (!ingredient) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const name = ingredientName(ingredient);

  return (
    <div className="page narrow">
      <div className="entity-head">
        {ingredient.img && (
          <Picture src={ingredient.img} alt={name} ratio="1" eager className="entity-picture" />
        )}
        <div>
          <h1>{name}</h1>
          {name !== ingredient.name && (
            <p className="hint stored-name">
              {t("catalogue.name")}: {ingredient.name}
            </p>
          )}
          <AlsoCalled otherNames={ingredient.other_names} />
          {ingredient.description && <p className="lead">{ingredient.description}</p>}
        </div>
      </div>
      {mayEdit(session, ingredient.user_id) && (
        <p className="page-actions">
          <Link
            to="/ingredients/$ingredientId/edit"
            params={{ ingredientId: String(ingredient.id) }}
            className="button button-quiet"
          >
            {t("catalogue.editIngredient")}
          </Link>
        </p>
      )}
      <ul className="link-list">
        <li>
          <Link to="/" search={{ ingredient_id: [ingredient.id] }}>
            {t("catalogue.recipesWith", { name })}
          </Link>
        </li>
        {ingredient.recipe_id && (
          <li>
            <Link to="/recipes/$recipeId" params={{ recipeId: String(ingredient.recipe_id) }}>
              {t("catalogue.makeItYourself")}
            </Link>
          </li>
        )}
      </ul>
      {(ingredient.grams_per_ml || ingredient.grams_per_piece) && (
        <dl className="facts">
          {ingredient.grams_per_ml && (
            <div>
              <dt>{t("catalogue.density")}</dt>
              <dd>{t("catalogue.densityValue", { value: ingredient.grams_per_ml })}</dd>
            </div>
          )}
          {ingredient.grams_per_piece && (
            <div>
              <dt>{t("catalogue.onePiece")}</dt>
              <dd>{t("catalogue.pieceValue", { value: ingredient.grams_per_piece })}</dd>
            </div>
          )}
        </dl>
      )}
      <IngredientNutrition ingredient={ingredient} editable={mayEdit(session, ingredient.user_id)} />
      <h2>{t("catalogue.whereToFind")}</h2>
      <PagedList query={stores} empty={t("catalogue.noStoreListsIt")} className="list">
        {(store) => (
          <Link to="/stores/$storeId" params={{ storeId: String(store.id) }} className="row-link">
            <span className="row-title">{store.name}</span>
            <span className="row-text">{store.shelf.name}</span>
          </Link>
        )}
      </PagedList>
    </div>
  );
}

/**
 * "Also called: Zucker (Deutsch), Kristallzucker": the ingredient's other names in their order, each
 * in a language marked as such (a screen reader reads it in that language). Nothing when it has none.
 */
function AlsoCalled({ otherNames = [] }: { otherNames?: Schemas["IngredientRead"]["other_names"] }) {
  const { t } = useT();
  if (otherNames.length === 0) return null;
  // The names wherever the language puts them in its sentence.
  const [before, after] = around("catalogue.alsoCalled", "names");
  return (
    <p className="also-called">
      {before}
      {otherNames.map((other, index) => (
        <span key={`${other.language}-${other.name}`}>
          {index > 0 && ", "}
          {other.language ? (
            <span lang={other.language}>
              {t("catalogue.otherNameIn", { name: other.name, language: LANGUAGE_NAMES[other.language] })}
            </span>
          ) : (
            other.name
          )}
        </span>
      ))}
      {after}
    </p>
  );
}
