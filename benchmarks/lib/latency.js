// Per-response latencies at full float precision. autocannon's own histogram
// stores whole milliseconds and only 2xx answers, which hides sub-millisecond
// differences and leaves 304/404 scenarios without percentiles.
const INITIAL_CAPACITY = 1 << 16;

export class LatencyRecorder {
  #values = new Float64Array(INITIAL_CAPACITY);
  #count = 0;

  record(ms) {
    if (this.#count === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#count++] = ms;
  }

  // Nearest-rank percentiles, e.g. percentiles([50, 99, 99.9]).
  percentiles(ranks) {
    const sorted = this.#values.subarray(0, this.#count).sort();
    return ranks.map((rank) =>
      this.#count === 0 ? null : sorted[Math.max(0, Math.ceil((rank / 100) * this.#count) - 1)],
    );
  }
}
