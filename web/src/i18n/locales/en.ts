import type { Messages } from "@lingui/core";
import { mergeParts } from "../catalogue.ts";

export const messages = mergeParts(
  import.meta.glob<Messages>("../messages/en/*.json", { eager: true, import: "default" }),
);
