/**
 * The API reference's schemas and their component names (SchemaSet). The document around them
 * (paths, operations, errors, security) is functions/lib/openapi.ts.
 */
import * as z from "zod/mini";

export type Json = Record<string, unknown>;

const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Converts zod schemas to JSON Schema 2020-12 (the dialect of OpenAPI 3.1) and gathers the named
 * ones as components. A schema is named by its `{ id }` in `z.globalRegistry`, else by the name it
 * is exported under; request and response variants of one name get `…Input` when they differ.
 */
export class SchemaSet {
  private readonly names = new Map<unknown, string>();
  private readonly taken = new Set<string>();
  private readonly defs = { input: new Map<string, Json>(), output: new Map<string, Json>() };
  private readonly registry: z.core.$ZodRegistry<{ id?: string }>;

  constructor() {
    const names = this.names;
    // Only `get` is read by toJSONSchema: the global metadata, plus an id for exported schemas.
    this.registry = new (class extends z.core.$ZodRegistry<{ id?: string }> {
      override get(schema: z.core.$ZodType) {
        const meta = z.globalRegistry.get(schema);
        const name = names.get(schema);
        return name && !meta?.id ? { ...meta, id: name } : meta;
      }
    })();
  }

  /**
   * Names schemas after their exports; the first module to export a name keeps it. A schema exported
   * as both `CategoryBase` and `CategoryCreate` is named by its role in the request, `CategoryCreate`.
   */
  nameExports(exports: Record<string, unknown>): void {
    const isBase = (name: string) => Number(name.endsWith("Base"));
    const entries = Object.entries(exports).sort(([a], [b]) => isBase(a) - isBase(b));
    for (const [name, value] of entries) {
      if (!(value instanceof z.core.$ZodType) || this.names.has(value) || this.taken.has(name)) continue;
      if (!COMPONENT_NAME.test(name) || z.globalRegistry.get(value)?.id) continue;
      this.names.set(value, name);
      this.taken.add(name);
    }
  }

  /** The JSON Schema of one zod schema; named parts become `$ref`s resolved in `components()`. */
  convert(schema: z.ZodMiniType, io: "input" | "output"): Json {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      metadata: this.registry,
      unrepresentable: "any",
      override: ({ zodSchema, jsonSchema }) => {
        // Dates leave the API as ISO 8601 strings.
        if (zodSchema._zod.def.type === "date")
          Object.assign(jsonSchema, { type: "string", format: "date-time" });
      },
    }) as Json;
    const { $schema: _, $defs, ...rest } = json;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      this.defs[io].set(name, retag(tidy(def), io));
    }
    return retag(tidy(rest), io);
  }

  /** A converted schema with a root `$ref` replaced by what it names (for query parameters). */
  inline(json: Json): Json {
    const ref = typeof json.$ref === "string" ? TAGGED_REF.exec(json.$ref) : null;
    if (!ref) return json;
    return this.defs[ref[1] as "input" | "output"].get(ref[2] ?? "") ?? json;
  }

  /** Final component names, and the document with every `$ref` pointing at them. */
  finish<T>(document: T): { document: T; schemas: Record<string, Json> } {
    // An input variant shares the output's name when it is the same schema all the way down.
    const differs = new Set<string>();
    const untagged = (def: Json) => JSON.stringify(def).replaceAll("#/$defs/input/", "#/$defs/output/");
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, def] of this.defs.input) {
        const output = this.defs.output.get(name);
        if (differs.has(name) || output === undefined) continue;
        const text = untagged(def);
        const refs = [...text.matchAll(/#\/\$defs\/output\/([^"]+)/g)].map((m) => m[1] ?? "");
        if (text !== JSON.stringify(output) || refs.some((ref) => differs.has(ref))) {
          differs.add(name);
          changed = true;
        }
      }
    }
    const rename = { input: new Map<string, string>(), output: new Map<string, string>() };
    const schemas: Record<string, Json> = {};
    for (const [name, def] of this.defs.output) {
      rename.output.set(name, name);
      schemas[name] = def;
    }
    for (const [name, def] of this.defs.input) {
      const target = differs.has(name) ? `${name}Input` : name;
      rename.input.set(name, target);
      if (!this.defs.output.has(name) || differs.has(name)) schemas[target] = def;
    }
    const fix = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(fix);
      if (!value || typeof value !== "object") return value;
      const out: Json = {};
      for (const [k, v] of Object.entries(value)) {
        const ref = k === "$ref" && typeof v === "string" ? TAGGED_REF.exec(v) : null;
        out[k] = ref
          ? `#/components/schemas/${rename[ref[1] as "input" | "output"].get(ref[2] ?? "") ?? ref[2]}`
          : fix(v);
      }
      return out;
    };
    return { document: fix(document) as T, schemas: fix(sortKeys(schemas)) as Record<string, Json> };
  }
}

const TAGGED_REF = /^#\/\$defs\/(input|output)\/(.+)$/;

/** Marks local `$defs` refs with the io they came from, until `finish` names them. */
function retag(json: Json, io: "input" | "output"): Json {
  return JSON.parse(
    JSON.stringify(json).replace(/"\$ref":"#\/\$defs\/(?!input\/|output\/)/g, `"$ref":"#/$defs/${io}/`),
  );
}

/** Drops zod's safe-integer bounds, which say nothing to a reader. */
function tidy(json: Json): Json {
  return JSON.parse(JSON.stringify(json), (key, value) =>
    (key === "minimum" && value === Number.MIN_SAFE_INTEGER) ||
    (key === "maximum" && value === Number.MAX_SAFE_INTEGER)
      ? undefined
      : value,
  );
}

const sortKeys = <T extends Json>(record: T): T =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b))) as T;
