/** The heading (and document title) of an item page whose item could not be loaded, by the answer's status (0: none came). */
export function loadProblemTitle(status: number): string {
  if (status === 401) return "Sign in to see this item";
  if (status === 403) return "You may not see this item";
  if (status === 404) return "Page not found";
  return "Something went wrong";
}
