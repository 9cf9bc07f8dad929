/**
 * The Cooked log: what the cook and their households made, newest first, a page at a time; each with
 * its day, recipe, servings, note and whose it is, and Remove for one's own (or, for an admin, any).
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { Picture } from "../../../components/picture.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { type Household, useMyHouseholds } from "../../../lib/api/households.ts";
import { useAuth } from "../../../lib/auth.ts";
import { formatDay } from "../../../lib/dates.ts";
import { formatServings } from "../../../lib/format.ts";
import { memberNames, sharingText } from "../../../lib/households.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { type CookedEntry, cookedQueries, useRemoveCooked } from "../api/queries.ts";
import "../cooked.css";

export function CookedPage() {
  const { t } = useT();
  const { session } = useAuth();
  const { households } = useMyHouseholds();
  const query = useInfiniteQuery({ ...cookedQueries.list(session?.userId ?? 0), enabled: session !== null });
  useDocumentTitle(t("cooked.title"));
  return (
    <div className="page">
      <h1>{t("cooked.title")}</h1>
      <p className="lead">{t("cooked.intro")}</p>
      <PagedList query={query} empty={t("cooked.empty")} className="cooked-log">
        {(entry) => <CookedRow entry={entry} households={households} />}
      </PagedList>
    </div>
  );
}

function CookedRow({ entry, households }: { entry: CookedEntry; households: readonly Household[] }) {
  const { t } = useT();
  const { session } = useAuth();
  const remove = useRemoveCooked();
  const day = formatDay(entry.date, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const whose = sharingText(households, memberNames(households), entry, session?.userId);
  return (
    <article className="cooked-entry" aria-label={t("cooked.entryName", { title: entry.title, day })}>
      <Picture src={entry.preview_img} alt="" />
      <div>
        <h2 className="cooked-entry-title">
          <Link to="/recipes/$recipeId" params={{ recipeId: String(entry.recipe_id) }}>
            {entry.title}
          </Link>
        </h2>
        <p className="cooked-entry-meta">
          <time dateTime={entry.date}>{day}</time>
          {entry.servings !== null && <> · {formatServings(entry.servings)}</>}
          {whose && <> · {whose}</>}
        </p>
        {entry.note && <p className="cooked-entry-note">{entry.note}</p>}
      </div>
      {mayEdit(session, entry.user_id) && (
        <DeleteButton
          label={t("cooked.remove")}
          accessibleLabel={t("cooked.removeEntry", { title: entry.title, day })}
          title={t("cooked.removeTitle")}
          action={() => remove.mutateAsync(entry)}
          onDeleted={() => undefined}
        >
          <p>{t("cooked.removeText", { title: entry.title, day })}</p>
        </DeleteButton>
      )}
    </article>
  );
}
