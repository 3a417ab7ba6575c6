import { grow } from "./slots.js";

/**
 * Counts per owner or publisher code: an array as long as the number of profiles with items, or a map of the
 * profiles counted. The catalogue's table uses arrays. A word's table starts with maps: with arrays, each of up
 * to 64 tables would hold 18 cells of two arrays as long as the number of authors (about 900 MB at 100,000),
 * where a map holds only the profiles the word's items have. A map entry costs about ten array elements, so a
 * map holding more than a tenth of the profiles turns into an array.
 */
export type ProfileCounts = Int32Array | Map<number, number>;

/** Live slots of one (visibility, type) cell: how many, and how many per attribute id, owner code and publisher code. */
export interface CountCell {
  n: number;
  attrs: Int32Array;
  owners: ProfileCounts;
  publishers: ProfileCounts;
}

/**
 * Counts of live slots per (visibility, type) cell, kept up to date on every change. Summing the cells a
 * search may see gives its counts without reading a slot, which is what a search with no filter (browsing,
 * deep pages) or with only one frequent word would otherwise read: every one of its matches.
 */
export class CountTable {
  /** cells[visibility][type code]. */
  readonly cells: (CountCell | undefined)[][] = [[], [], []];

  /** `sparse`: owner and publisher counts in maps (a word's table), else in arrays (the catalogue's). */
  constructor(private readonly sparse = false) {}

  /** Takes a copy of another table's counts (a compacted index's; counts do not depend on slots). */
  copyFrom(other: CountTable): this {
    other.cells.forEach((row, vis) =>
      row.forEach((cell, type) => {
        if (!cell) return;
        const copy = (counts: ProfileCounts): ProfileCounts => (counts instanceof Map ? new Map(counts) : counts.slice());
        this.cells[vis]![type] = { n: cell.n, attrs: cell.attrs.slice(), owners: copy(cell.owners), publishers: copy(cell.publishers) };
      }),
    );
    return this;
  }

  /** The cell of a visibility code and a type code, made empty on first use. */
  cell(vis: number, type: number): CountCell {
    const row = this.cells[vis]!;
    const profiles = () => (this.sparse ? new Map<number, number>() : new Int32Array(0));
    return (row[type] ??= { n: 0, attrs: new Int32Array(0), owners: profiles(), publishers: profiles() });
  }
}

/** Adds delta to a profile's count (a count of 0 leaves a map). `profiles` is how many profiles have codes; returns the counts, grown. */
export function addProfile(counts: ProfileCounts, code: number, delta: number, profiles: number): ProfileCounts {
  if (counts instanceof Map) {
    const n = (counts.get(code) ?? 0) + delta;
    if (n) counts.set(code, n);
    else counts.delete(code);
    if (counts.size <= profiles / 10) return counts;
    const dense = new Int32Array(profiles);
    for (const [c, count] of counts) dense[c] = count;
    return dense;
  }
  const dense = grow(counts, profiles, 0);
  dense[code]! += delta;
  return dense;
}

/** Adds counts per profile code into a sum as long as the number of profiles. */
export function addProfilesInto(sum: Int32Array, counts: ProfileCounts): void {
  if (!(counts instanceof Map)) return addInto(sum, counts);
  for (const [code, n] of counts) sum[code]! += n;
}

/** Adds a cell's counts into a sum (the cell may be shorter: it grows on first use of a higher id or code). */
export function addInto(sum: Int32Array, cell: Int32Array): void {
  const n = Math.min(sum.length, cell.length);
  for (let i = 0; i < n; i++) sum[i]! += cell[i]!;
}
