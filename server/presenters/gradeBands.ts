/**
 * A card's grade bands (`common.grade_bands`, second document, "Search result item"): the item's grades folded into
 * the bands a teacher reads a card by. The demo's grade tree is flat (Kindergarten, Grade 1 to Grade 12, Higher
 * Education, Adult Education), so a top-level grade is folded by its name into the school bands K–2, 3–5, 6–8 and
 * 9–12, and a grade no band holds (Higher Education, Pre-K) is a band of its own. Where an installation nests its
 * grades under folders (Elementary › Grade 3), the folder is the band: the grade's top-level ancestor.
 */

/** The school bands a top-level grade's name folds into, by grade level (Kindergarten is 0). */
export const SCHOOL_GRADE_BANDS = [
  { label: "K–2", from: 0, to: 2 },
  { label: "3–5", from: 3, to: 5 },
  { label: "6–8", from: 6, to: 8 },
  { label: "9–12", from: 9, to: 12 },
] as const;

/** The grade level a grade's name names (Kindergarten or K is 0, "Grade 7", "7", "7th Grade" are 7), or null. */
export function gradeLevel(name: string): number | null {
  const n = name.trim().toLowerCase();
  if (/^(k|kg|kindergarten)$/.test(n)) return 0;
  const m = /^(?:grade\s*)?(\d{1,2})(?:st|nd|rd|th)?(?:\s+grade)?$/.exec(n);
  if (!m) return null;
  const level = Number(m[1]);
  return level >= 1 && level <= 12 ? level : null;
}

/** One of an item's grades: its name, and its top-level ancestor's name (null when the grade is itself top-level). */
export interface TaggedGrade {
  name: string;
  root: string | null;
}

/** The band of one grade. */
export function gradeBandOf(grade: TaggedGrade): string {
  if (grade.root !== null) return grade.root;
  const level = gradeLevel(grade.name);
  return level === null ? grade.name : SCHOOL_GRADE_BANDS.find((b) => level >= b.from && level <= b.to)!.label;
}

/** An item's grades (in the grade tree's order) folded into their bands, each once, in that order. */
export function foldGradeBands(grades: TaggedGrade[]): string[] {
  return [...new Set(grades.map(gradeBandOf))];
}
