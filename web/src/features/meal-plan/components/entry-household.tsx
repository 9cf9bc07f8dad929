import { useId } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import type { Household } from "../../../lib/api/households.ts";
import { useAuth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { householdName, madeByText, mayMove, sharingText } from "../../../lib/households.ts";
import { useUpdateMeal } from "../api/queries.ts";

type Entry = Schemas["MealPlanEntryRead"];

/**
 * Whom a planned meal is for: its maker (or an admin) puts it into one of their households or takes
 * it back (PUT household_id); everyone else reads it ("Smiths · made by anna"). Nothing shows for a
 * private meal of someone in no household. `name` says which entry ("Tomato soup on Monday…").
 */
export function EntryHousehold({
  entry,
  name,
  households,
  names,
  onSaid,
}: {
  entry: Entry;
  name: string;
  households: readonly Household[];
  names: ReadonlyMap<number, string>;
  onSaid: (sentence: string) => void;
}) {
  const { t } = useT();
  const { session } = useAuth();
  const update = useUpdateMeal();
  const id = useId();
  const madeBy = madeByText(names, entry.user_id, session?.userId);
  const own = entry.user_id === session?.userId;
  if (!mayMove(session, entry, households)) {
    const text = sharingText(households, names, entry, session?.userId);
    return text ? <p className="mp-shared">{text}</p> : null;
  }
  return (
    <div className="mp-for-line">
      <HouseholdSelect
        id={id}
        className="mp-for"
        label={
          <>
            {t("meal-plan.for")}
            <span className="visually-hidden"> {name}</span>
          </>
        }
        value={entry.household_id}
        privateLabel={own ? t("meal-plan.onlyMe") : t("meal-plan.onlyItsMaker")}
        households={households}
        disabled={update.isPending}
        onChange={(householdId) =>
          update.mutate(
            { entryId: entry.id, household_id: householdId },
            {
              onSuccess: () =>
                onSaid(
                  householdId === null
                    ? t(own ? "meal-plan.nowOnlyYours" : "meal-plan.nowOnlyMaker", { name })
                    : t("meal-plan.nowSharedWith", {
                        name,
                        household: householdName(households, householdId),
                      }),
                ),
            },
          )
        }
      />
      {madeBy && <span className="mp-shared">{madeBy}</span>}
      {update.isError && (
        <span className="field-error" role="alert">
          {errorMessage(update.error)}
        </span>
      )}
    </div>
  );
}
