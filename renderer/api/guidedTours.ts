import { GuidedTour, type TourUpdateRequest } from "../../contract/index.js";
import { getJson, putJson } from "./client.js";

/** GET /system/guided-tour/by-name: the tour of a dialog (named by its id); `fresh` asks past any cache. */
export function fetchTourByName(name: string): Promise<GuidedTour> {
  return getJson(`system/guided-tour/by-name?${new URLSearchParams({ name, fresh: String(Date.now()) })}`, GuidedTour);
}

/** PUT /system/guided-tour/{id}: replaces the tour's name and stops (administrators, while editing is on). */
export function saveTour(id: number, body: TourUpdateRequest): Promise<GuidedTour> {
  return putJson(`system/guided-tour/${id}`, body, GuidedTour);
}
