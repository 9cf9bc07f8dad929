/**
 * The signed-in person's shopping lists and those shared with their households (each says so, and
 * who made it): make one (for oneself or a household), open one, rename or delete it.
 */
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { use, useId, useState } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useMyHouseholds } from "../../../lib/api/households.ts";
import { useAuth } from "../../../lib/auth.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { memberNames, sharingText } from "../../../lib/households.ts";
import { keepListsOffline } from "../api/keep-offline.ts";
import { useCreateList, useDeleteList, useUpdateList } from "../api/mutations.ts";
import { shoppingListQueries } from "../api/queries.ts";
import { OfflineStatus } from "../components/offline-status.tsx";
import "../shopping.css";

export function ShoppingListsPage() {
  const { t } = useT();
  use(keepListsOffline(useQueryClient())); // the lists kept on the device, before they are read
  useDocumentTitle(t("shopping-lists.title"));
  const lists = useInfiniteQuery(shoppingListQueries.list());
  const create = useCreateList();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [householdId, setHouseholdId] = useState<number | null>(null);
  const { households } = useMyHouseholds();
  const { session } = useAuth();
  const names = memberNames(households);
  const id = useId();

  return (
    <div className="page narrow">
      <h1>{t("shopping-lists.title")}</h1>
      <OfflineStatus />
      <form
        className="form sl-new"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name: name.trim(), household_id: householdId },
            {
              onSuccess: (list) =>
                void navigate({ to: "/lists/$listId", params: { listId: String(list.id) } }),
            },
          );
        }}
      >
        <TextField
          label={t("shopping-lists.newList")}
          name="name"
          value={name}
          maxLength={80}
          placeholder={t("shopping-lists.newListPlaceholder")}
          error={fieldError(create.error, "name")}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {(households.length > 0 || householdId !== null) && (
          <HouseholdSelect
            id={`${id}-household`}
            label={t("shopping-lists.sharedWith")}
            value={householdId}
            households={households}
            onChange={setHouseholdId}
            hint={t("shopping-lists.sharedWithHint")}
          />
        )}
        <button type="submit" className="button" disabled={!name.trim() || create.isPending}>
          {t("shopping-lists.makeList")}
        </button>
        {create.isError && !fieldError(create.error, "name") && (
          <p className="field-error" role="alert">
            {errorMessage(create.error)}
          </p>
        )}
      </form>
      <h2>{t("shopping-lists.yourLists")}</h2>
      <PagedList query={lists} empty={t("shopping-lists.noLists")} className="sl-lists">
        {(list) => <ListRow list={list} about={sharingText(households, names, list, session?.userId)} />}
      </PagedList>
    </div>
  );
}

/** One list: its name (the way in), whom it is shared with and who made it (`about`), its actions. */
function ListRow({ list, about }: { list: Schemas["ShoppingListSummary"]; about: string }) {
  const { t } = useT();
  const [mode, setMode] = useState<"show" | "rename" | "delete">("show");
  const [name, setName] = useState(list.name);
  const update = useUpdateList(list.id);
  const remove = useDeleteList();
  const error = update.error ?? remove.error;

  if (mode === "rename") {
    return (
      <form
        className="sl-row sl-row-edit"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ name: name.trim() }, { onSuccess: () => setMode("show") });
        }}
      >
        <TextField
          label={t("shopping-lists.newNameFor", { name: list.name })}
          name="name"
          value={name}
          maxLength={80}
          error={fieldError(update.error, "name")}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <div className="sl-row-actions">
          <button type="submit" className="button" disabled={!name.trim() || update.isPending}>
            {t("shopping-lists.save")}
          </button>
          <button type="button" className="button button-quiet" onClick={() => setMode("show")}>
            {t("shopping-lists.cancel")}
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="sl-row">
      <Link to="/lists/$listId" params={{ listId: String(list.id) }} className="sl-row-link">
        {list.name}
        {about && <span className="shared-note shared-note-in-link">{about}</span>}
      </Link>
      {mode === "delete" ? (
        <div className="sl-row-actions">
          <span>{t("shopping-lists.deleteForGood")}</span>
          <button
            type="button"
            className="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate(list.id)}
          >
            {t("shopping-lists.deleteNamed", { name: list.name })}
          </button>
          <button type="button" className="button button-quiet" onClick={() => setMode("show")}>
            {t("shopping-lists.keepIt")}
          </button>
        </div>
      ) : (
        <div className="sl-row-actions">
          {(
            [
              ["rename", t("shopping-lists.rename"), t("shopping-lists.renameNamed", { name: list.name })],
              ["delete", t("shopping-lists.delete"), t("shopping-lists.deleteNamed", { name: list.name })],
            ] as const
          ).map(([next, label, named]) => (
            <button
              key={next}
              type="button"
              className="button button-quiet"
              aria-label={named}
              onClick={() => setMode(next)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {error && !fieldError(error, "name") && (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
