// maxAge accepts milliseconds or a duration string like "1d", "2 hours", "500ms"
// (the forms the `ms` package understands, which serve-static users rely on).
const UNIT_MS = {
  ms: 1,
  msec: 1,
  msecs: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1e3,
  sec: 1e3,
  secs: 1e3,
  second: 1e3,
  seconds: 1e3,
  m: 6e4,
  min: 6e4,
  mins: 6e4,
  minute: 6e4,
  minutes: 6e4,
  h: 36e5,
  hr: 36e5,
  hrs: 36e5,
  hour: 36e5,
  hours: 36e5,
  d: 864e5,
  day: 864e5,
  days: 864e5,
  w: 6048e5,
  week: 6048e5,
  weeks: 6048e5,
  y: 315576e5,
  yr: 315576e5,
  yrs: 315576e5,
  year: 315576e5,
  years: 315576e5,
};
const DURATION = /^(-?(?:\d+)?\.?\d+) *([a-z]*)$/i;
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000; // browsers ignore longer, send caps here too

// Milliseconds clamped to [0, 1 year], read as send reads them: a string as a duration
// (untrimmed, at most 100 characters, as `ms` takes it), anything else through Number();
// what neither makes a number of counts as 0.
export function parseMaxAge(value) {
  const ms = typeof value === "string" ? parseDuration(value) : Number(value);
  return ms > 0 ? Math.min(ms, ONE_YEAR_MS) : 0;
}

function parseDuration(text) {
  const match = text.length <= 100 ? DURATION.exec(text) : null;
  const unit = match && (match[2] === "" ? 1 : UNIT_MS[match[2].toLowerCase()]);
  return unit ? parseFloat(match[1]) * unit : 0;
}
