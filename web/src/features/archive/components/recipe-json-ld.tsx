/**
 * The recipe's JSON-LD in two forms: a `<script type="application/ld+json">` in the document's head
 * while the recipe's page is open (so the page imports into Mealie, Tandoor or this service), and a
 * "Download as JSON-LD" link that saves it as a file.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useT } from "../../../i18n/index.ts";
import { recipeJsonLdQuery } from "../api/json-ld.ts";

/**
 * The text is the API's own JSON, set as the script's text (never parsed as HTML), with every `<`
 * written `\u003c` as the API writes it, so no recipe text can close the element even if copied.
 */
export function RecipeJsonLdScript({ recipeId }: { recipeId: number }) {
  const { data } = useQuery(recipeJsonLdQuery(recipeId));
  useEffect(() => {
    if (!data) return;
    const script = document.createElement("script");
    script.type = "application/ld+json";
    script.dataset.recipe = String(recipeId);
    script.textContent = data.replaceAll("<", "\\u003c");
    document.head.append(script);
    return () => script.remove();
  }, [data, recipeId]);
  return null;
}

/** "Pancakes & waffles!" → "pancakes-waffles": a file name from the title. */
const fileName = (title: string) =>
  `${
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "recipe"
  }.jsonld`;

export function DownloadJsonLd({ recipeId, title }: { recipeId: number; title: string }) {
  const { data } = useQuery(recipeJsonLdQuery(recipeId));
  const [href, setHref] = useState<string | null>(null);
  const { t } = useT();
  // A file of its own (an object URL), so the link is a real download under a real name.
  useEffect(() => {
    if (!data) return;
    const url = URL.createObjectURL(new Blob([data], { type: "application/ld+json" }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [data]);
  if (!href) return null;
  return (
    <a className="button button-quiet" href={href} download={fileName(title)}>
      {t("archive.downloadJsonLd")}
    </a>
  );
}
