import { describe, expect, it } from "vitest";
import { foldGradeBands, gradeBandOf, gradeLevel } from "./gradeBands.js";

const top = (...names: string[]) => names.map((name) => ({ name, root: null }));

describe("grade bands", () => {
  it("reads a grade's level from the names grade trees use", () => {
    expect(["Kindergarten", "K", "kg", "Grade 1", "grade 12", "7", "7th Grade", "3rd"].map(gradeLevel)).toEqual([0, 0, 0, 1, 12, 7, 7, 3]);
    expect(["Grade 13", "Grade 0", "Pre-K", "Higher Education", "Grade 5 Science"].map(gradeLevel)).toEqual([null, null, null, null, null]);
  });

  it("folds top-level grades into K–2, 3–5, 6–8 and 9–12, each band once, in the grades' order", () => {
    expect(foldGradeBands(top("Kindergarten", "Grade 1", "Grade 2"))).toEqual(["K–2"]);
    expect(foldGradeBands(top("Grade 2", "Grade 3"))).toEqual(["K–2", "3–5"]);
    expect(foldGradeBands(top("Grade 5", "Grade 6", "Grade 8", "Grade 9", "Grade 12"))).toEqual(["3–5", "6–8", "9–12"]);
    expect(foldGradeBands([])).toEqual([]);
  });

  it("keeps a grade no school band holds as its own band", () => {
    expect(foldGradeBands(top("Grade 11", "Higher Education", "Adult Education"))).toEqual(["9–12", "Higher Education", "Adult Education"]);
  });

  it("takes a nested grade's top-level folder as its band, whatever its name", () => {
    expect(gradeBandOf({ name: "Grade 3", root: "Elementary" })).toBe("Elementary");
    expect(foldGradeBands([{ name: "Grade 7", root: "Middle School" }, { name: "Grade 8", root: "Middle School" }, { name: "Grade 9", root: null }])).toEqual(["Middle School", "9–12"]);
  });
});
