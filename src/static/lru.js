// A Map that forgets its least recently used entries beyond a byte budget (and an entry
// count): what the file cache and the listing cache keep. Each entry costs the bytes its
// owner says it holds plus its key, 2 bytes a character (V8's two-byte strings), so many
// long keys for small values (misses for distinct long paths) can't outgrow the budget.
// An entry that alone costs more than the budget is not kept.
export class ByteLru {
  #map = new Map(); // key -> { value, cost }, least recently used first
  #newest = null;

  constructor({ maxBytes, maxEntries = Infinity }) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries;
    this.bytes = 0; // what the entries cost together
  }

  get size() {
    return this.#map.size;
  }

  keys() {
    return this.#map.keys();
  }

  /** The value, without counting this as a use. */
  get(key) {
    return this.#map.get(key)?.value;
  }

  /** Counts a use: the entry becomes the most recently used. */
  touch(key) {
    const slot = this.#map.get(key);
    if (slot === undefined || slot === this.#newest) return; // already last: no re-insert
    this.#map.delete(key);
    this.#map.set(key, slot);
    this.#newest = slot;
  }

  /** Stores `value` as the most recently used, replacing the key's old one -> whether it was kept. */
  set(key, value, bytes) {
    this.delete(key);
    const cost = bytes + 2 * key.length;
    if (cost > this.maxBytes || this.maxEntries < 1) return false;
    const slot = { value, cost };
    this.#map.set(key, slot);
    this.#newest = slot;
    this.bytes += cost;
    this.#evict();
    return true;
  }

  /** Adds bytes to what an entry costs (it grew) -> false if there is no such entry. */
  charge(key, bytes) {
    const slot = this.#map.get(key);
    if (slot === undefined) return false;
    slot.cost += bytes;
    this.bytes += bytes;
    this.#evict();
    return true;
  }

  delete(key) {
    const slot = this.#map.get(key);
    if (slot === undefined) return false;
    this.#map.delete(key);
    this.bytes -= slot.cost;
    if (slot === this.#newest) this.#newest = null;
    return true;
  }

  #evict() {
    while (this.#map.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.delete(this.#map.keys().next().value);
    }
  }
}
