/**
 * A run of the characters parse-ingredient reads numbers from (digits, spaces, `.,_/+⁄-eE`, fractions,
 * superscripts), longer than any amount (`2 1/2 - 3 1/2`): it tries every start and end of a run,
 * quadratic in its length (`1 1 1 …` of 500 characters: 10 ms a line; 498 digits: 250 ms). Cut to
 * its first 32 before parse-ingredient reads the text: the line parser (ingredient-line.ts) and the
 * amounts as written (core/amount) both do.
 */
const LONG_NUMBER_RUN =
  /[\p{Nd}\s.,_/+\u2044\u00b2\u00b3\u00b9\u00bc-\u00be\u2150-\u215f\u2070-\u2089eE-]{33,}/gu;

export const cutLongNumberRuns = (text: string): string =>
  text.replace(LONG_NUMBER_RUN, (run) => run.slice(0, 32));
