/**
 * "Amounts": how recipes write amounts for this person (as written, metric or US), kept on the
 * account so it follows them to every device (lib/measures.ts). The recipe page has the same switch.
 */
import { useId } from "react";
import { UnitsChoice } from "../../../components/units-choice.tsx";
import { useT } from "../../../i18n/index.ts";
import { useUnits } from "../../../lib/measures.ts";

export function AmountsSection() {
  const id = useId();
  const { t } = useT();
  const units = useUnits();
  return (
    <section aria-labelledby={`${id}-heading`} className="account-section">
      <h2 id={`${id}-heading`}>{t("lib.units")}</h2>
      <p className="hint">{t("account.amountsHint")}</p>
      <UnitsChoice state={units} legendHidden />
      <p className="hint" role="status">
        {units.saved ? t("account.amountsSaved") : ""}
      </p>
    </section>
  );
}
