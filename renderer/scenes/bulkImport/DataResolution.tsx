import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { IMPORT_SAVE_DEBOUNCE_MS, type AttributeTreeNode, type BulkImport, type UserMappings } from "../../../contract/index.js";
import { useImportActions } from "../../api/bulkImport.js";
import { fetchTreesByType } from "../../api/tagging.js";
import { useDebouncedCallback } from "../../hooks/useDebouncedCallback.js";

interface Option {
  id: number;
  label: string;
}

/** Every choosable item of a tree with its path ("Grades › Grade 3"); leaves only when the type allows only leaves. */
function flatten(nodes: AttributeTreeNode[], leafOnly: boolean, prefix = ""): Option[] {
  return nodes.flatMap((n) => {
    const label = prefix ? `${prefix} › ${n.short_name || n.name}` : n.short_name ? `${n.short_name}: ${n.name}` : n.name;
    const self = !leafOnly || n.children.length === 0 ? [{ id: n.id, label }] : [];
    return [...self, ...flatten(n.children, leafOnly, prefix ? `${prefix} › ${n.short_name || n.name}` : n.short_name || n.name)];
  });
}

/**
 * Data Resolution: values that matched several items (choose one of the options) and values that
 * matched none (map them to an existing item). Choices save 2 seconds after the last change.
 */
export function DataResolution({ data }: { data: BulkImport }) {
  const required = data.import_results_summary.required_input;
  const [mappings, setMappings] = useState<UserMappings>(data.user_mappings);
  const { saveMappings } = useImportActions(data.id);
  const save = useDebouncedCallback((next: UserMappings) => saveMappings.mutate(next), IMPORT_SAVE_DEBOUNCE_MS);
  const types = useMemo(() => [...new Set(Object.values(required).map((r) => r.attribute_type))], [required]);
  const hasMissing = Object.values(required).some((r) => r.missing.length > 0);
  const trees = useQuery({
    queryKey: ["importTrees", types],
    queryFn: () => fetchTreesByType(types),
    enabled: hasMissing,
    staleTime: Infinity,
  });

  const choose = (field: string, kind: "ambiguous" | "missing", value: string, id: number | null) => {
    const current = mappings[field] ?? { ambiguous: {}, missing: {} };
    const next: UserMappings = { ...mappings, [field]: { ...current, [kind]: { ...current[kind], [value]: id ? [id] : [] } } };
    setMappings(next);
    save(next);
  };

  return (
    <section className="import-section" aria-labelledby="import-resolution-title">
      <h2 id="import-resolution-title" className="section-title">
        Data Resolution
      </h2>
      <p className="field__hint">
        {saveMappings.isPending ? "Saving your choices…" : saveMappings.isError ? "Your choices could not be saved; change one to try again." : "Choose the item each value stands for. Choices are saved as you go."}
      </p>
      {Object.entries(required).map(([field, input]) => {
        const options = trees.data ? flatten(trees.data.arrObjResponse[input.attribute_type] ?? [], input.attribute_type === "standards") : [];
        return (
          <fieldset key={field} className="resolution">
            <legend className="resolution__field">{input.label}</legend>
            {Object.entries(input.ambiguous).map(([value, choices]) => (
              <div key={`a-${value}`} className="resolution__value" role="radiogroup" aria-label={`“${value}” matches several items`}>
                <p>
                  <strong>“{value}”</strong> matches several items: choose one.
                </p>
                {choices.map((option) => (
                  <label key={option.id} className="check">
                    <input type="radio" name={`${field}-a-${value}`} checked={mappings[field]?.ambiguous?.[value]?.[0] === option.id} onChange={() => choose(field, "ambiguous", value, option.id)} />
                    <span className="check__label">{option.path || option.name}</span>
                  </label>
                ))}
              </div>
            ))}
            {input.missing.map((value) => {
              const id = `${field}-m-${value}`.replace(/\W+/g, "-");
              return (
                <div key={`m-${value}`} className="resolution__value">
                  <label htmlFor={id}>
                    <strong>“{value}”</strong> matches no item: choose one.
                  </label>
                  <select id={id} className="select" value={mappings[field]?.missing?.[value]?.[0] ?? ""} onChange={(e) => choose(field, "missing", value, e.target.value ? Number(e.target.value) : null)}>
                    <option value="">{trees.isPending ? "Loading…" : "Choose an item"}</option>
                    {options.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </section>
  );
}
