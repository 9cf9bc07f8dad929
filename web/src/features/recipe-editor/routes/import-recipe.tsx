/**
 * "Import a recipe": a link (or the page itself) in, the recipe editor out, filled with the draft the
 * API read from the page, for review: lines whose grams were estimated or are unknown carry how they
 * were found, ingredients this service does not have yet are created on save, and the page's picture
 * comes along. Also the PWA's share target: a link shared to the app opens here (`?url=`, `?text=`).
 * An import under review is kept as a draft, so a reload or a log-in offers it back.
 */
import { Link, useSearch } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { LinkedText } from "../../../components/linked-text.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import { type ImportedRecipe, useImportRecipe } from "../api/import-recipe.ts";
import { ImportSourceForm } from "../components/import-source-form.tsx";
import { type EditorSeed, RecipeEditor } from "../components/recipe-editor.tsx";
import { draftKey, drafts } from "../form/draft.ts";
import { sharedLink } from "../form/draft-to-form.ts";
import "../import.css";

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
};

export function ImportRecipePage() {
  const { t } = useT();
  const search = useSearch({ from: "/recipes/import" });
  const { session } = useAuth();
  const userId = useRef(session?.userId ?? 0).current;
  const key = draftKey(userId, null, "import");
  const [review, setReview] = useState<ImportedRecipe | null>(null);
  /** Each import gets a fresh editor, even of the same page twice. */
  const [round, setRound] = useState(0);
  const [withPicture, setWithPicture] = useState(true);
  const [kept, setKept] = useState(() => drafts.read(key));
  useDocumentTitle(t(review ? "recipe-editor.reviewTitle" : "recipe-editor.importTitle"));

  const read = useImportRecipe();
  const startReview = (imported: ImportedRecipe) => {
    setReview(imported);
    setWithPicture(true);
    setRound((n) => n + 1);
  };

  if (review) {
    const seed: EditorSeed = { values: review.values, pictureUrl: withPicture ? review.imageUrl : null };
    const host = hostOf(review.values.source_url);
    return (
      <div className="page editor-page import-page">
        <h1>{t("recipe-editor.reviewTitle")}</h1>
        <p className="lead">
          {host ? (
            <>
              <LinkedText
                text={t("recipe-editor.reviewFrom", { host })}
                link={(words) => <a href={review.values.source_url}>{words}</a>}
              />{" "}
            </>
          ) : null}
          {t("recipe-editor.reviewLead")}
        </p>
        {review.warnings.length > 0 && (
          <section className="notice import-warnings" aria-labelledby="import-warnings-heading">
            <h2 id="import-warnings-heading" className="notice-title">
              {t("recipe-editor.worthChecking")}
            </h2>
            <ul>
              {review.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </section>
        )}
        {review.imageUrl && (
          <figure className="import-picture">
            <img src={review.imageUrl} alt={t("recipe-editor.pictureAlt", { title: review.values.title })} />
            <figcaption>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={withPicture}
                  onChange={(event) => setWithPicture(event.target.checked)}
                />
                {t("recipe-editor.savePicture")}
              </label>
            </figcaption>
          </figure>
        )}
        <RecipeEditor key={round} seed={seed} />
        <p className="import-again">
          <button
            type="button"
            className="button button-quiet"
            onClick={() => {
              setReview(null);
              setKept(drafts.read(key));
              read.reset();
            }}
          >
            {t("recipe-editor.importAnother")}
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="page narrow import-page">
      <h1>{t("recipe-editor.importTitle")}</h1>
      <p className="lead">{t("recipe-editor.importLead")}</p>
      {kept && (
        <div className="notice draft-offer" role="status">
          <p>
            {t("recipe-editor.keptReview", {
              title: kept.values.title || t("recipe-editor.anImportedRecipe"),
            })}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setReview({ values: kept.values, warnings: [], imageUrl: null });
                setRound((n) => n + 1);
              }}
            >
              {t("recipe-editor.goOnReviewing")}
            </button>
            <button
              type="button"
              className="button button-quiet"
              onClick={() => {
                drafts.clear(key);
                setKept(null);
              }}
            >
              {t("recipe-editor.discardIt")}
            </button>
          </div>
        </div>
      )}
      <ImportSourceForm
        initialUrl={sharedLink(search.url, search.text)}
        pending={read.isPending}
        error={read.error}
        onImport={(body) => read.mutate(body, { onSuccess: startReview })}
      />
      <p className="hint">
        <LinkedText
          text={t("recipe-editor.writeItYourself")}
          link={(words) => <Link to="/recipes/new">{words}</Link>}
        />
      </p>
    </div>
  );
}
