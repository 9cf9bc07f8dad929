/**
 * The sentence for every zod issue, in the contract's style, installed for the whole process when
 * this module loads (core/config.ts imports it first): no default message of the library reaches a
 * client or an operator, and zod's own English (its locale, 2.7 KB in every Lambda) is not needed.
 */
import * as z from "zod/mini";

/** A value as the spec's sentences show it: a string in single quotes, anything else bare. */
const shown = (value: unknown) => (typeof value === "string" ? `'${value}'` : String(value));

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "a list",
  tuple: "a list",
  object: "an object",
  record: "an object",
  date: "a date",
  null: "null",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "an email address",
  url: "an http or https URL",
  datetime: "an ISO 8601 date and time",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM:SS)",
  duration: "an ISO 8601 duration",
  uuid: "a UUID",
};

const units = (origin: string, count: number | bigint) =>
  origin === "string"
    ? ` character${count === 1 ? "" : "s"} long`
    : origin === "array" || origin === "set"
      ? ` item${count === 1 ? "" : "s"}`
      : "";

/**
 * The sentence for a zod issue. A schema's own message (`z.string().check(z.minLength(1, "…"))`)
 * still wins over this.
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Required.";
      return `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case "too_small": {
      const { origin, minimum } = issue;
      if (origin === "string" && minimum === 1) return "Must not be empty.";
      if (issue.exact) return `Must be exactly ${minimum}${units(origin, minimum)}.`;
      if (origin === "array" || origin === "set")
        return `Must have at least ${minimum}${units(origin, minimum)}.`;
      return issue.inclusive === false
        ? `Must be greater than ${minimum}.`
        : `Must be at least ${minimum}${units(origin, minimum)}.`;
    }
    case "too_big": {
      const { origin, maximum } = issue;
      if (issue.exact) return `Must be exactly ${maximum}${units(origin, maximum)}.`;
      if (origin === "array" || origin === "set")
        return `Must have at most ${maximum}${units(origin, maximum)}.`;
      return issue.inclusive === false
        ? `Must be less than ${maximum}.`
        : `Must be at most ${maximum}${units(origin, maximum)}.`;
    }
    case "invalid_format":
      if (issue.format === "starts_with") return `Must start with '${String(issue.prefix)}'.`;
      if (issue.format === "ends_with") return `Must end with '${String(issue.suffix)}'.`;
      if (issue.format === "includes") return `Must contain '${String(issue.includes)}'.`;
      return FORMAT_NAMES[issue.format] ? `Must be ${FORMAT_NAMES[issue.format]}.` : "Has the wrong format.";
    case "not_multiple_of":
      return `Must be a multiple of ${issue.divisor}.`;
    case "invalid_value":
      return issue.values.length === 1
        ? `Must be ${shown(issue.values[0])}.`
        : `Must be one of ${issue.values.map(shown).join(", ")}.`;
    case "unrecognized_keys":
      return "Unknown field.";
    case "invalid_union":
      return "Does not match any of the accepted forms.";
    case "invalid_key":
      return "Has a key that is not allowed.";
    case "invalid_element":
      return "Has an item that is not allowed.";
    default:
      return "Is invalid.";
  }
}

z.config({ customError: issueMessage });
