/**
 * Keys seen lately, so a cache admits an entry on its second sighting: a stream of searches nobody repeats
 * then never churns the cache (each would be kept, crowd out a repeated one, and be collected later).
 * Two generations of at most `size` keys each: a key counts as seen while it is in either.
 */
export class SeenBefore<K = string> {
  private current = new Set<K>();
  private previous = new Set<K>();

  constructor(private readonly size: number) {}

  /** Whether the key was seen before this call; it is seen from now on. */
  check(key: K): boolean {
    if (this.current.has(key)) return true;
    const seen = this.previous.has(key);
    this.current.add(key);
    if (this.current.size >= this.size) {
      this.previous = this.current;
      this.current = new Set();
    }
    return seen;
  }
}
