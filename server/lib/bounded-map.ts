// The per-process caches (page micro-cache, kept fragments, kept compressed text) hold at most a
// set number of entries; a Map iterates in insertion order, so the first key is the oldest.

/** Sets `key` in `map`, first dropping the oldest entry when the map already holds `max`. */
export function setOldestOut<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
