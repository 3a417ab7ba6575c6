/**
 * The title a new section starts with: "Section N" for the place it takes, or the next number no section is called
 * by (after a removal, "Section 2" may already be taken), so no two sections share a name on the page, in the
 * editor's buttons ("Remove Section 2") or in what a learner reads.
 */
export function nextSectionTitle(sections: readonly { title: string }[]): string {
  const taken = new Set(sections.map((s) => s.title.trim()));
  let n = sections.length + 1;
  while (taken.has(`Section ${n}`)) n++;
  return `Section ${n}`;
}
