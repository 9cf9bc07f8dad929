import { useT } from "../../../i18n/index.ts";
import { type StepTimer, stepParts } from "../lib/timers.ts";
import "./cook-timers.css";

/**
 * A step's text with a button in place of each duration it names (`bake [25 minutes]`): pressing it
 * starts that timer. `running` marks the timers of this step that run now (by their place in the
 * text), so the button shows it; the button's words never change, as the text is a live region.
 */
export function StepText({
  description,
  timers,
  running,
  onStart,
}: {
  description: string;
  timers: readonly StepTimer[];
  running: ReadonlySet<number>;
  onStart: (timer: StepTimer) => void;
}) {
  const { t } = useT();
  return (
    <>
      {stepParts(description, timers).map((part) =>
        "timer" in part ? (
          <button
            key={part.timer.start}
            type="button"
            className="timer-start"
            data-running={running.has(part.timer.start) || undefined}
            aria-label={t("cook-timers.startTimer", { text: part.text })}
            onClick={() => onStart(part.timer)}
          >
            <span className="timer-start-icon" aria-hidden="true" />
            {part.text}
          </button>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
