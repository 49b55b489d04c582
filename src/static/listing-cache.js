// Rendered directory listings, kept like files are: trusted for
// `revalidateAfter` ms, bounded in bytes (LRU; keys count too). Concurrent requests for the
// same listing share one directory read, so a burst on a 10,000-file
// directory costs one pass over it, not one per request.
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export class ListingCache {
  constructor({ maxBytes = DEFAULT_MAX_BYTES, revalidateAfter = 1000 } = {}) {
    this.maxBytes = maxBytes;
    this.revalidateAfter = revalidateAfter;
    this.items = new Map(); // key -> { at, body, size } | { pending }
    this.bytes = 0;
  }

  // -> Promise<Buffer>, from `build()` unless a fresh copy or a build in flight exists.
  get(key, build) {
    const item = this.items.get(key);
    if (item !== undefined) {
      if (item.pending) return item.pending;
      this.items.delete(key);
      if (Date.now() - item.at < this.revalidateAfter) {
        this.items.set(key, item); // most recently used last
        return Promise.resolve(item.body);
      }
      this.bytes -= item.size;
    }
    const pending = build().then(
      (body) => {
        this.items.delete(key);
        const size = body.length + 2 * key.length;
        if (size <= this.maxBytes && this.revalidateAfter > 0) this.#add(key, { at: Date.now(), body, size });
        return body;
      },
      (err) => {
        this.items.delete(key);
        throw err;
      },
    );
    this.items.set(key, { pending });
    return pending;
  }

  #add(key, item) {
    this.items.set(key, item);
    this.bytes += item.size;
    for (const [oldKey, old] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      if (!old.pending) this.#remove(oldKey, old);
    }
  }

  #remove(key, item) {
    this.items.delete(key);
    this.bytes -= item.size;
  }
}
