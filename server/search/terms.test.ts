import { describe, expect, it } from "vitest";
import { editDistance } from "./suggest.js";
import { postgresTsQuery, queryWords, sqliteMatchExpression, tokenize } from "./terms.js";

describe("search terms", () => {
  it("tokenizes to lowercase words without accents or punctuation", () => {
    expect(tokenize("Café-Science: \"Plants\" & a OR NEAR(x)")).toEqual(["cafe", "science", "plants", "or", "near"]);
  });

  it("builds match expressions that cannot inject FTS syntax", () => {
    const words = queryWords('photo" OR "xy');
    expect(sqliteMatchExpression(words)).toBe('"photo" "or" "xy"*');
    expect(postgresTsQuery(["cell", "bio"])).toBe("cell & bio:*");
  });

  it("measures edit distance with an early stop", () => {
    expect(editDistance("photosyntesis", "photosynthesis")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("abc", "abcdefgh")).toBe(3);
  });
});
