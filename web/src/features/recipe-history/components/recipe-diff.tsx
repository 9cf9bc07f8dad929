/**
 * Two versions of a recipe compared, inline: each part that differs under its heading, a removed
 * line struck through, an added one marked, each also said in words ("Removed:", "Added:", read by
 * screen readers; the marks on screen are more than colour). Unchanged lines of a changed part stay,
 * muted, so a change is read in its place.
 */
import type { ReactNode } from "react";
import { useIngredientName } from "../../../i18n/food-names.ts";
import { useT } from "../../../i18n/index.ts";
import { formatDuration, formatGrams, formatServings } from "../../../lib/format.ts";
import {
  changed,
  type DiffLine,
  type IngredientLine,
  type RecipeDiff,
  type ValueChange,
} from "../lib/diff.ts";
import { FIELD_LABELS } from "../lib/words.ts";

export function RecipeDiffView({ diff }: { diff: RecipeDiff }) {
  const { t } = useT();
  const ingredientName = useIngredientName();
  return (
    <div className="rh-diff">
      {diff.values.length > 0 && (
        <dl className="rh-values">
          {diff.values.map((change) => (
            <div key={change.field}>
              <dt>{t(FIELD_LABELS[change.field])}</dt>
              <dd>
                <ValueDiff change={change} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {changed(diff.categories) && (
        <LinesDiff heading={t(FIELD_LABELS.categories)} lines={diff.categories}>
          {(name) => name}
        </LinesDiff>
      )}
      {changed(diff.ingredients) && (
        <LinesDiff heading={t(FIELD_LABELS.ingredients)} lines={diff.ingredients}>
          {(line: IngredientLine) => (
            <>
              {line.amount_grams !== null && (
                <span className="rh-grams">{formatGrams(line.amount_grams)} </span>
              )}
              {line.amount_readable && <span className="rh-readable">{line.amount_readable} </span>}
              <span className="rh-name">{ingredientName(line.name)}</span>
            </>
          )}
        </LinesDiff>
      )}
      {changed(diff.steps) && (
        <LinesDiff heading={t(FIELD_LABELS.steps)} lines={diff.steps}>
          {(text) => text}
        </LinesDiff>
      )}
    </div>
  );
}

/** A one-value field: what it was, struck through, and what it became, marked. */
function ValueDiff({ change }: { change: ValueChange }) {
  const show = (value: string | number): string => {
    if (typeof value === "string") return value;
    return change.field === "servings" ? formatServings(value) : (formatDuration(value) ?? "");
  };
  // A value given where there was none is only added; one taken away (a description) only removed.
  return (
    <span className="rh-value">
      {change.before !== null && <Removed>{show(change.before)}</Removed>}
      {change.after !== null && <Added>{show(change.after)}</Added>}
    </span>
  );
}

function LinesDiff<T>({
  heading,
  lines,
  children,
}: {
  heading: string;
  lines: DiffLine<T>[];
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="rh-part">
      <h3>{heading}</h3>
      <ul className="rh-lines">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are its positions; the same line may be removed and added
          <li key={index} className={`rh-line rh-${line.kind}`}>
            {line.kind === "added" ? (
              <Added>{children(line.item)}</Added>
            ) : line.kind === "removed" ? (
              <Removed>{children(line.item)}</Removed>
            ) : (
              children(line.item)
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Added({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <ins className="rh-ins">
      <span className="visually-hidden">{t("recipe-history.added")} </span>
      {children}
    </ins>
  );
}

function Removed({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <del className="rh-del">
      <span className="visually-hidden">{t("recipe-history.removed")} </span>
      {children}
    </del>
  );
}
