// A deep copy of plain JSON-shaped data (the battle state and its parts: objects, arrays, strings,
// numbers, booleans, null). The engine copies the state once per action (apply never mutates its
// input); for these many small objects a plain recursive copy is several times cheaper than
// structuredClone's serialisation (issue #14 speed: one action under 2 ms, a battle under 2 s).
export function cloneData<T>(x: T): T {
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) {
    const n = x.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = cloneData(x[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in x) out[k] = cloneData((x as Record<string, unknown>)[k]);
  return out as T;
}
