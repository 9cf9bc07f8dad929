/**
 * A shopping list in store mode: pick the store you are in (this device's choice; the list's own store
 * is the default), then walk its shelves in order, ticking items off with big tap targets; ticked ones
 * sink to the bottom of their shelf. Items on no shelf that the store's ticks have placed show between
 * the shelves where they were found ("found here (learned)"); the ticks carry their time for that
 * (api/offline-queue.ts). Amounts are in the person's measures, with the same As written ·
 * Metric · US switch as a recipe's page (a list follows the measures wherever they change:
 * api/queries.ts).
 * Works offline once opened (see lib/offline.ts and the list's mutations), and live while open: what
 * others change shows up by itself (api/live-lists.ts).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { use, useId, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { LinkedText } from "../../../components/linked-text.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { UnitsChoice } from "../../../components/units-choice.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { storeQueries } from "../../../lib/api/catalogue.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useAuth } from "../../../lib/auth.ts";
import { errorMessage, isForbidden, isNotFound } from "../../../lib/errors.ts";
import { useUnits } from "../../../lib/measures.ts";
import { positiveInt } from "../../../lib/search.ts";
import { keepListsOffline } from "../api/keep-offline.ts";
import { useLiveList } from "../api/live-lists.ts";
import type { LiveStatus } from "../api/live-socket.ts";
import { useClearChecked, useTakeBackRecipe } from "../api/mutations.ts";
import { useAddItem, useCheckItem, useRemoveItem } from "../api/offline-queue.ts";
import { shoppingListQueries } from "../api/queries.ts";
import { useStoreChoice, walkedStore } from "../api/store-choice.ts";
import { useWithWaitingChanges } from "../api/waiting-changes.ts";
import { DroppedChanges } from "../components/dropped-changes.tsx";
import { FoundItHere } from "../components/found-it-here.tsx";
import { ItemRow } from "../components/item-row.tsx";
import { OfflineStatus } from "../components/offline-status.tsx";
import { ShareList } from "../components/share-list.tsx";
import { SharedWith } from "../components/shared-with.tsx";
import { StorePicker, useReadAgainOnChoice } from "../components/store-picker.tsx";
import { useAllShelves } from "../components/use-stores.ts";
import { checkedCount, itemCount, type ShoppingList, shownSections } from "../lib/list.ts";
import "../shopping.css";

export function ShoppingListPage() {
  const { t } = useT();
  // The kept copy first: offline, it is the list (and a query read before it would find nothing).
  const queryClient = useQueryClient();
  use(keepListsOffline(queryClient));
  const { listId } = useParams({ from: "/lists/$listId" });
  const id = positiveInt(listId) ?? 0;
  // Followed even before it is on this device: once the connection is back it is read.
  const live = useLiveList(queryClient, id);
  const query = useQuery({ ...shoppingListQueries.detail(id), enabled: id > 0 });
  const list = query.data;
  useDocumentTitle(list?.name);

  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  // Checked before the copy on this device: a list taken out of one's household (or a household left
  // on another device) must not stay on screen as if it were still shared.
  if (isForbidden(query.error)) return <NotShared error={query.error} />;
  if (query.isPending && query.fetchStatus !== "paused")
    return <Loading label={t("shopping-lists.loadingList")} />;
  if (!list) {
    return (
      <div className="page narrow">
        <OfflineStatus />
        {query.fetchStatus === "paused" ? (
          <div className="notice" role="status">
            <h2 className="notice-title">{t("shopping-lists.notOnDevice")}</h2>
            <p>{t("shopping-lists.notOnDeviceText")}</p>
          </div>
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }
  return <StoreMode list={list} live={live} />;
}

function NotShared({ error }: { error: unknown }) {
  const { t } = useT();
  return (
    <div className="page narrow">
      <div className="notice" role="alert">
        <h1 className="notice-title">{t("shopping-lists.notShared")}</h1>
        <p>
          {errorMessage(error)} {t("shopping-lists.notSharedText")}
        </p>
        <p>
          <Link to="/lists">{t("shopping-lists.yourShoppingLists")}</Link>
        </p>
      </div>
    </div>
  );
}

function StoreMode({ list: read, live }: { list: ShoppingList; live: LiveStatus }) {
  const { t } = useT();
  const list = useWithWaitingChanges(read);
  const check = useCheckItem(list.id);
  const remove = useRemoveItem(list.id);
  const clear = useClearChecked(list.id);
  const choice = useStoreChoice(list.id);
  useReadAgainOnChoice(list.id, choice);
  // The store this device walks: its own choice, else the list's.
  const walked = walkedStore(list, choice);
  const shelves = useAllShelves(walked);
  const store = useQuery({ ...storeQueries.detail(walked ?? 0), enabled: walked !== null });
  const units = useUnits();
  const { session } = useAuth();
  const canEditStore =
    store.data !== undefined &&
    session !== null &&
    (session.role === "admin" || store.data.user_id === session.userId);
  const titles = new Map(list.recipes.map((r) => [r.recipe_id, r.title]));
  const recipes = recipesOn(list);
  const total = itemCount(list);
  const done = checkedCount(list);

  return (
    <div className="page narrow store-mode" data-live={live}>
      <div className="sl-head">
        <p className="sl-back">
          <Link to="/lists">{t("shopping-lists.allLists")}</Link>
        </p>
        <h1>{list.name}</h1>
        <SharedWith list={list} />
        <StorePicker list={list} choice={choice} />
        <div className="sl-units">
          <UnitsChoice state={units} />
        </div>
        <OfflineStatus />
        <DroppedChanges listId={list.id} />
        {total > 0 && (
          <p className="sl-progress" aria-live="polite">
            <span>{t("shopping-lists.inBasket", { done, total })}</span>
            <span className="sl-progress-bar" aria-hidden="true">
              <span style={{ width: `${(done / total) * 100}%` }} />
            </span>
          </p>
        )}
      </div>

      {total === 0 && (
        <div className="notice" role="status">
          <h2 className="notice-title">{t("shopping-lists.empty")}</h2>
          <p>
            <LinkedText
              text={t("shopping-lists.emptyText")}
              link={(words) => <Link to="/meal-plan">{words}</Link>}
            />
          </p>
        </div>
      )}

      {shownSections(list).map(({ key, section, number }) => {
        const headingId = `section-${key}`;
        const hintId = `${headingId}-hint`;
        return (
          <section
            key={key}
            className={section.learned ? "sl-section sl-section-learned" : "sl-section"}
            aria-labelledby={headingId}
            aria-describedby={section.learned ? hintId : undefined}
          >
            <h2 id={headingId} className="sl-shelf">
              {section.shelf ? (
                <>
                  <span className="sl-shelf-number" aria-hidden="true">
                    {number}
                  </span>
                  {section.shelf.name}
                </>
              ) : section.learned ? (
                t("learned-aisles.section")
              ) : walked !== null ? (
                t("shopping-lists.notOnShelf")
              ) : (
                t("shopping-lists.toBuy")
              )}
            </h2>
            {section.learned && (
              <p id={hintId} className="sl-learned-hint">
                {t("learned-aisles.sectionHint")}
              </p>
            )}
            <ul className="sl-items">
              {section.items.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  recipeTitles={titles}
                  onToggle={(checked) => check.tick(item, checked)}
                  onRemove={() => remove.mutate({ listId: list.id, itemId: item.id, name: item.name })}
                >
                  {!section.shelf && canEditStore && item.ingredient_id !== null && !item.checked && (
                    <FoundItHere
                      listId={list.id}
                      ingredientId={item.ingredient_id}
                      name={item.name}
                      shelves={shelves}
                    />
                  )}
                </ItemRow>
              ))}
            </ul>
          </section>
        );
      })}

      <AddItemForm listId={list.id} />

      <div className="sl-actions">
        <button
          type="button"
          className="button button-quiet"
          disabled={done === 0 || clear.isPending}
          onClick={() => clear.mutate()}
        >
          {done > 0
            ? t("shopping-lists.clearCheckedCount", { count: done })
            : t("shopping-lists.clearChecked")}
        </button>
        <ShareList list={list} />
      </div>
      {clear.isError && (
        <p className="field-error" role="alert">
          {errorMessage(clear.error)}
        </p>
      )}

      {recipes.length > 0 && <RecipesOnList listId={list.id} recipes={recipes} />}
    </div>
  );
}

type RecipeOnList = Schemas["ShoppingListRecipeRead"] & { times: number };

/**
 * The recipes on the list, one line each: a recipe added twice is one line with its servings added
 * up, since taking it back takes back all it added.
 */
function recipesOn(list: ShoppingList): RecipeOnList[] {
  const byId = new Map<number, RecipeOnList>();
  for (const r of list.recipes) {
    const seen = byId.get(r.recipe_id);
    if (!seen) byId.set(r.recipe_id, { ...r, times: 1 });
    else {
      seen.times += 1;
      seen.servings = seen.servings !== null && r.servings !== null ? seen.servings + r.servings : null;
    }
  }
  return [...byId.values()];
}

/** "Recipes on this list", each of which can be taken back off (the API removes exactly its share). */
function RecipesOnList({ listId, recipes }: { listId: number; recipes: RecipeOnList[] }) {
  const { t } = useT();
  const takeBack = useTakeBackRecipe(listId);
  return (
    <section className="sl-recipes" aria-labelledby="sl-recipes-heading">
      <h2 id="sl-recipes-heading">{t("shopping-lists.recipesOnList")}</h2>
      <ul className="sl-recipe-list">
        {recipes.map((r) => (
          <li key={r.recipe_id}>
            <span>
              <Link to="/recipes/$recipeId" params={{ recipeId: String(r.recipe_id) }}>
                {r.title}
              </Link>
              {r.servings ? ` · ${t("shopping-lists.recipeServings", { count: r.servings })}` : ""}
              {r.times > 1 ? ` ${t("shopping-lists.addedTimes", { count: r.times })}` : ""}
            </span>
            <button
              type="button"
              className="button button-quiet"
              disabled={takeBack.isPending}
              aria-label={t("shopping-lists.takeOffNamed", { title: r.title })}
              onClick={() => takeBack.mutate(r.recipe_id)}
            >
              {t("shopping-lists.takeOff")}
            </button>
          </li>
        ))}
      </ul>
      <p className="field-hint">{t("shopping-lists.takeOffHint")}</p>
      {takeBack.isError && (
        <p className="field-error" role="alert">
          {errorMessage(takeBack.error)}
        </p>
      )}
    </section>
  );
}

/** A free-text item (kitchen roll, batteries), with an optional amount; works offline. */
function AddItemForm({ listId }: { listId: number }) {
  const { t } = useT();
  const add = useAddItem(listId);
  const [name, setName] = useState("");
  const [amount, setAmount] = useState("");
  const nameId = useId();
  const amountId = useId();
  return (
    <form
      className="sl-add"
      onSubmit={(e) => {
        e.preventDefault();
        const text = name.trim();
        if (!text) return;
        add.add({ name: text, ...(amount.trim() ? { amount_readable: amount.trim() } : {}) });
        setName("");
        setAmount("");
      }}
    >
      <h2 className="sl-add-title">{t("shopping-lists.addItem")}</h2>
      <div className="sl-add-fields">
        <div className="field">
          <label htmlFor={nameId}>{t("shopping-lists.item")}</label>
          <input
            id={nameId}
            value={name}
            maxLength={200}
            placeholder={t("shopping-lists.itemPlaceholder")}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <div className="field sl-add-amount">
          <label htmlFor={amountId}>{t("shopping-lists.amount")}</label>
          <input
            id={amountId}
            value={amount}
            placeholder={t("shopping-lists.amountPlaceholder")}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="button" disabled={!name.trim()}>
          {t("shopping-lists.add")}
        </button>
      </div>
      {add.isError && (
        <p className="field-error" role="alert">
          {errorMessage(add.error)}
        </p>
      )}
    </form>
  );
}
