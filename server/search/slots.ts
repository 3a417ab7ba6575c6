/**
 * Sets and lists of index slots (a slot is one version of one item in the CatalogueIndex): growable lists,
 * bits, and the sorted-list look-ups search uses to intersect them.
 */

/** A growable list of slots in an Int32Array: 4 bytes a slot (a plain array of numbers takes 8 and more). */
export class SlotList {
  private data = new Int32Array(16);
  length = 0;

  push(slot: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length + (this.data.length >> 1));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = slot;
  }

  /** The slots, as a view (valid until the next push). */
  slots(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * A set of slots as bits (32 a word). A list of slots costs 4 bytes a slot; its bits cost one bit of every
 * slot of the catalogue: kept for the lists of at least 1/32 of the slots, where they take no more memory,
 * and intersected a word (32 slots) at a time.
 */
export class SlotBits {
  words: Uint32Array;

  /** Empty; `room`: how many slots to make room for at once. */
  constructor(room = 0) {
    this.words = new Uint32Array((room + 31) >>> 5);
  }

  static of(slots: ArrayLike<number>): SlotBits {
    const bits = new SlotBits();
    for (let i = 0; i < slots.length; i++) bits.add(slots[i]!);
    return bits;
  }

  /** A copy, to add to without changing this one. */
  copy(): SlotBits {
    const bits = new SlotBits();
    bits.words = this.words.slice();
    return bits;
  }

  has(slot: number): boolean {
    return ((this.words[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
  }

  add(slot: number): void {
    const word = slot >>> 5;
    this.words = grow(this.words, word + 1);
    this.words[word]! |= 1 << (slot & 31);
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (slot & 31));
  }
}

/** How many bits of a 32-bit word are set. */
export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Grows a typed array to at least n elements (at least `least`, and twice its length, so growing one element at a time stays cheap). */
export function grow<T extends Int32Array | Uint32Array | Uint8Array | Float64Array>(a: T, n: number, least = 1024): T {
  if (a.length >= n) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2, least));
  next.set(a);
  return next;
}

/**
 * Whether an ascending list of slots (a posting list) holds one. Only ever given plain arrays: one element
 * kind keeps its loads monomorphic, twice as fast as the same loop shared with typed arrays and strings.
 */
export function sortedHas(list: readonly number[], value: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return list[lo] === value;
}

/**
 * The values of `ascending` also in `list` (ascending too), in order. Each is searched for from where the last one
 * was found, by galloping (steps of 1, 2, 4, ... then halving), so the cost grows with the gaps between them
 * rather than with the list's length: a few thousand values in a list ten times longer take a few steps each.
 */
export function keepSorted(ascending: ArrayLike<number>, list: readonly number[]): number[] {
  const out: number[] = [];
  const n = list.length;
  let from = 0;
  for (let i = 0; i < ascending.length && from < n; i++) {
    const value = ascending[i]!;
    if (list[from]! < value) {
      // list[low] < value; find high with list[high] >= value (or the end), then halve the gap.
      let step = 1;
      while (from + step < n && list[from + step]! < value) step <<= 1;
      let low = from + (step >> 1);
      let high = Math.min(from + step, n);
      while (high - low > 1) {
        const mid = (low + high) >> 1;
        if (list[mid]! < value) low = mid;
        else high = mid;
      }
      from = high;
    }
    if (list[from] === value) out.push(value);
  }
  return out;
}
