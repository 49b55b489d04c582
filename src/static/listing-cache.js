// Rendered directory listings, kept like files are: trusted for
// `revalidateAfter` ms, bounded in bytes (lru.js; keys count too). Concurrent requests for the
// same listing share one directory read, so a burst on a 10,000-file
// directory costs one pass over it, not one per request.
import { ByteLru } from "./lru.js";

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export class ListingCache {
  constructor({ maxBytes = DEFAULT_MAX_BYTES, revalidateAfter = 1000 } = {}) {
    this.revalidateAfter = revalidateAfter;
    this.items = new ByteLru({ maxBytes }); // key -> { at, body }
    this.building = new Map(); // key -> Promise<Buffer>, for the builds in flight
  }

  // -> Promise<Buffer>, from `build()` unless a fresh copy or a build in flight exists.
  get(key, build) {
    const building = this.building.get(key);
    if (building !== undefined) return building;
    const item = this.items.get(key);
    if (item !== undefined) {
      if (Date.now() - item.at < this.revalidateAfter) {
        this.items.touch(key);
        return Promise.resolve(item.body);
      }
      this.items.delete(key);
    }
    const pending = build().then(
      (body) => {
        this.building.delete(key);
        if (this.revalidateAfter > 0) this.items.set(key, { at: Date.now(), body }, body.length);
        return body;
      },
      (err) => {
        this.building.delete(key);
        throw err;
      },
    );
    this.building.set(key, pending);
    return pending;
  }
}
