/**
 * The app's languages for features (web/src/i18n/index.ts): the wall between features lets them
 * import components/, hooks/ and lib/ only, so they reach the catalogue through here.
 */
export {
  activate,
  currentLanguage,
  type Language,
  type MessageId,
  t,
  useT,
  type Values,
} from "../i18n/index.ts";
