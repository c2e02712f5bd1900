/**
 * Cold request mixes for the benchmarks: many distinct questions (filters and pages) in a seeded
 * random order, so no answer repeats and the read-model cache serves none of them; the same mix on
 * every run, so runs compare. A report, not a pass/fail test.
 */

/** A seeded pseudo-random generator (mulberry32) giving numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in a seeded random order (Fisher-Yates); `items` is left as it is. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every page (1-based) of every page size for a list of `total` rows: [pageNo, count] pairs. */
export function allPages(total: number, sizes: readonly number[]): Array<[number, number]> {
  return sizes.flatMap((size) =>
    Array.from({ length: Math.max(1, Math.ceil(total / size)) }, (_, i): [number, number] => [i + 1, size]),
  );
}

/**
 * Splits a shuffled list of distinct request bodies into a warm-up and a measured part of
 * `measured` bodies (fewer when there are not enough), so that no measured body was sent before.
 */
export function coldParts<T>(
  bodies: readonly T[],
  warmUp: number,
  measured: number,
): { warm: T[]; cold: T[] } {
  const warm = bodies.slice(0, Math.min(warmUp, Math.floor(bodies.length / 5)));
  return { warm, cold: bodies.slice(warm.length, warm.length + measured) };
}

/** A list's header sort as its call takes it. */
export type HeaderSort = { sortBy: string; sortDirection: string };

/**
 * `count` header sorts drawn from a seeded generator (the same on every run): each a column of
 * `columns` and a direction of `directions`, drawn independently.
 */
export function randomSorts(
  count: number,
  columns: readonly string[],
  directions: readonly string[],
  seed: number,
): HeaderSort[] {
  const random = seededRandom(seed);
  const pick = (items: readonly string[]) => items[Math.floor(random() * items.length)] as string;
  return Array.from({ length: count }, () => ({ sortBy: pick(columns), sortDirection: pick(directions) }));
}
