// Every reported number is a median over interleaved rounds, shown with its range.
export function summarize(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), values };
}

// Round r starts with a different server, so no framework always runs first
// (on a cold CPU) or last (after everyone else heated it).
export function rotate(list, round) {
  if (list.length === 0) return list;
  const shift = round % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}
