import { z } from "zod";
import { positiveId } from "./common.js";

/**
 * Guided tours' texts (second document: the no-stops warning, with its two spaces, the stop-remove confirmation and
 * the warning on stops without a selector; the rest are ours).
 */
export const TOUR_MESSAGES = {
  noStops: "Cannot start tour.  Could not find any tour stops",
  removeConfirm: "Are you sure you want to remove this entry?",
  noSelector: "Content controlled by widget help text.",
  editTitle: "Guided Tour Configuration",
  notFound: "There is no guided tour by that name.",
  nameRequired: "The tour's name is required.",
  nameTooLong: "The tour's name may be at most 100 characters.",
  nameTaken: "Another tour already has that name.",
  titleRequired: "Each stop needs a title.",
  titleTooLong: "A stop's title may be at most 200 characters.",
  contentRequired: "Each stop needs a description.",
  contentTooLong: "A stop's description may be at most 2000 characters.",
  selectorText: "A stop's selector must be text.",
  selectorTooLong: "A stop's selector may be at most 500 characters.",
  tooManyStops: "A tour may have at most 30 stops.",
  stopsRequired: "configuration must be a list of stops.",
  badId: "The tour id must be a positive whole number.",
  saved: "Tour saved.",
} as const;

/** Most stops one tour may have. */
export const TOUR_MAX_STOPS = 30;

/** The spec's overlay: opacity 0.8, default padding 16 px around the target, 500 ms transition; it hides 1 second after the tour is reset (ended). */
export const TOUR_OVERLAY = { opacity: 0.8, padding: 16, transitionMs: 500, hideAfterResetMs: 1000 } as const;

/** How long the tour button waits for the first stop's target: up to 50 tries of 100 ms (first document). */
export const TOUR_TARGET_WAIT = { tries: 50, intervalMs: 100 } as const;

/** A text the request must hold: `required` when missing or blank, `tooLong` past `max`. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * One stop of a tour (second document: selector, title, content; the section form requires title and description).
 * A stop without a selector ("" or left out) is about the whole dialog: the tour shows it in the middle of the screen,
 * and the editor marks it with the spec's warning for such stops.
 */
export const TourStop = z.object({
  selector: z.string({ error: TOUR_MESSAGES.selectorText }).trim().max(500, TOUR_MESSAGES.selectorTooLong).default(""),
  title: requiredText(TOUR_MESSAGES.titleRequired, 200, TOUR_MESSAGES.titleTooLong),
  content: requiredText(TOUR_MESSAGES.contentRequired, 2000, TOUR_MESSAGES.contentTooLong),
});
export type TourStop = z.infer<typeof TourStop>;

/** A tour's stops, in order. */
export const TourConfiguration = z.array(TourStop, { error: TOUR_MESSAGES.stopsRequired }).max(TOUR_MAX_STOPS, TOUR_MESSAGES.tooManyStops);

/** GET /system/guided-tour/by-name: the tour's name (a modal's id, e.g. manage-permissions-modal); `fresh` is accepted (answers are never cached). */
export const TourByNameQuery = z.object({
  name: requiredText(TOUR_MESSAGES.nameRequired, 100, TOUR_MESSAGES.nameTooLong),
  fresh: z.unknown().optional(),
});

/** PUT /system/guided-tour/{id}: the tour's name and its whole configuration. */
export const TourUpdateRequest = z.object({
  name: requiredText(TOUR_MESSAGES.nameRequired, 100, TOUR_MESSAGES.nameTooLong),
  configuration: TourConfiguration,
});
export type TourUpdateRequest = z.input<typeof TourUpdateRequest>;

/** The {id} of PUT /system/guided-tour/{id}. */
export const TourId = positiveId(TOUR_MESSAGES.badId);

/** A tour (second document: "Guided tour page: id, name, configuration"), with whether the asker may edit it. */
export const GuidedTour = z.object({
  id: z.number(),
  name: z.string(),
  configuration: z.array(TourStop),
  abilities: z.object({ edit: z.boolean() }),
});
export type GuidedTour = z.infer<typeof GuidedTour>;
