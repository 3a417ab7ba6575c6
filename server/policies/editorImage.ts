import type { Actor } from "../lib/actor.js";

/** How many images one profile may upload from the editor in a day: enough for any lesson, not for filling the disk. */
export const DAILY_UPLOADS = 200;

/** Uploading an image into an item's body: signed-in profiles, who write items, below their day's allowance. */
export const canUpload = (actor: Actor, uploadedToday: number): boolean => actor.signedIn && uploadedToday < DAILY_UPLOADS;
