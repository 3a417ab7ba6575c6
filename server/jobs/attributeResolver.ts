import { IMPORT_FIELDS, type AttributeOption } from "../../contract/index.js";
import type { Db } from "../db/connection.js";

/** How one spreadsheet value resolves against an attribute tree. */
export type Resolution = { kind: "match"; ids: number[] } | { kind: "ambiguous"; options: AttributeOption[] } | { kind: "missing" };

interface TypeIndex {
  typeId: number;
  byName: Map<string, AttributeOption[]>;
  options: Map<number, AttributeOption>;
}

/**
 * Resolves attribute values of import rows (by name, short name or slug, case-insensitively)
 * against the attribute trees, loaded once per job. Leaf-only types (standards) match leaves only.
 */
export class AttributeResolver {
  private constructor(private types: Map<string, TypeIndex>) {}

  /** Loads the trees of every attribute type an import can fill. */
  static async load(db: Db): Promise<AttributeResolver> {
    const keys = [...new Set(IMPORT_FIELDS.flatMap((f) => (f.attributeType ? [f.attributeType] : [])))];
    const types = await db.selectFrom("attribute_types").select(["id", "key", "leaf_only"]).where("key", "in", keys).execute();
    const indexes = new Map<string, TypeIndex>();
    for (const type of types) {
      const items = await db.selectFrom("attribute_items").select(["id", "parent_id", "name", "short_name", "slug", "is_leaf"]).where("type_id", "=", type.id).execute();
      const byId = new Map(items.map((i) => [i.id, i]));
      const pathOf = (id: number): string => {
        const names: string[] = [];
        for (let cur = byId.get(id); cur && names.length < 10; cur = cur.parent_id ? byId.get(cur.parent_id) : undefined) names.unshift(cur.short_name || cur.name);
        return names.join(" › ");
      };
      const index: TypeIndex = { typeId: type.id, byName: new Map(), options: new Map() };
      for (const item of items) {
        if (type.leaf_only && !item.is_leaf) continue;
        const option = { id: item.id, name: item.short_name ? `${item.short_name}: ${item.name}` : item.name, path: pathOf(item.id) };
        index.options.set(item.id, option);
        for (const key of new Set([item.name, item.short_name, item.slug].filter((v): v is string => !!v).map((v) => v.trim().toLowerCase()))) {
          const list = index.byName.get(key) ?? [];
          list.push(option);
          index.byName.set(key, list);
        }
      }
      indexes.set(type.key, index);
    }
    return new AttributeResolver(indexes);
  }

  /** Resolves one value of an attribute type. */
  resolve(attributeType: string, value: string): Resolution {
    const matches = this.types.get(attributeType)?.byName.get(value.trim().toLowerCase()) ?? [];
    if (matches.length === 1) return { kind: "match", ids: [matches[0]!.id] };
    if (matches.length > 1) return { kind: "ambiguous", options: matches };
    return { kind: "missing" };
  }

  /** True when the id is an item of the type that may be chosen (the check on a user's mapping). */
  isOption(attributeType: string, id: number): boolean {
    return this.types.get(attributeType)?.options.has(id) ?? false;
  }
}
