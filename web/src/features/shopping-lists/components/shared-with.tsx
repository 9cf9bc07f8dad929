import { useId, useState } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { useT } from "../../../i18n/index.ts";
import { useMyHouseholds } from "../../../lib/api/households.ts";
import { useAuth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { householdName, mayMove, memberNames, sharingText } from "../../../lib/households.ts";
import { useUpdateList } from "../api/mutations.ts";
import type { ShoppingList } from "../lib/list.ts";

/**
 * "Shared with" on an open list: its creator (or an admin) keeps it to themself or shares it with one
 * of their households (PUT household_id), whose members then read and tick it alike; everyone else
 * reads whom it is shared with and who made it. Nothing shows for a private list of someone in no
 * household.
 */
export function SharedWith({ list }: { list: ShoppingList }) {
  const { t } = useT();
  const { session } = useAuth();
  const { households } = useMyHouseholds();
  const update = useUpdateList(list.id);
  const [said, setSaid] = useState("");
  const id = useId();
  const own = list.user_id === session?.userId;
  if (!mayMove(session, list, households)) {
    const text = sharingText(households, memberNames(households), list, session?.userId);
    return text ? <p className="shared-note">{text}</p> : null;
  }
  return (
    <div className="shared-with">
      <HouseholdSelect
        id={id}
        label={t("shopping-lists.sharedWith")}
        value={list.household_id}
        households={households}
        privateLabel={own ? t("shopping-lists.onlyMe") : t("shopping-lists.onlyItsMaker")}
        disabled={update.isPending}
        onChange={(householdId) => {
          setSaid("");
          update.mutate(
            { household_id: householdId },
            {
              onSuccess: () =>
                setSaid(
                  householdId === null
                    ? t(own ? "shopping-lists.nowOnlyYou" : "shopping-lists.nowOnlyMaker")
                    : t("shopping-lists.nowShared", { household: householdName(households, householdId) }),
                ),
            },
          );
        }}
      />
      <p className="shared-said" role="status">
        {said}
      </p>
      {update.isError && (
        <p className="field-error" role="alert">
          {errorMessage(update.error)}
        </p>
      )}
    </div>
  );
}
