import { TourStop, type GuidedTour } from "../../contract/index.js";
import type { GuidedTourRow } from "../models/guidedTours.js";

/** Reads stored stops, leaving out any that are not a stop (hand-edited data must not break the tour button). */
function storedStops(raw: string): GuidedTour["configuration"] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((stop) => {
    const parsed = TourStop.safeParse(stop);
    return parsed.success ? [{ selector: parsed.data.selector, title: parsed.data.title, content: parsed.data.content }] : [];
  });
}

/** A tour as the API answers it, with whether the asker may edit it. */
export function presentGuidedTour(row: GuidedTourRow, abilities: { edit: boolean }): GuidedTour {
  return { id: row.id, name: row.name, configuration: storedStops(row.configuration), abilities: { edit: abilities.edit } };
}
