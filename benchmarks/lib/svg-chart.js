// A horizontal bar chart as a standalone SVG string: one bar per server at
// its median, a whisker from min to max. No dependency, no script, fixed fonts.
const WIDTH = 760;
const LABEL_WIDTH = 230;
const VALUE_WIDTH = 110;
const ROW = 28;
const BAR = 18;
const TOP = 56;
const BOTTOM = 34;
const SUBJECT_COLOR = "#2563eb";
const PEER_COLOR = "#9ca3af";

export function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// bars: [{ label, value, min, max, highlight, note }]; a bar without a value
// shows its note (e.g. "failed to start") instead.
export function barChart({ title, subtitle, footnote, bars, format = String }) {
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const top = Math.max(...bars.map((bar) => bar.max ?? bar.value ?? 0), 0) || 1;
  const x = (value) => LABEL_WIDTH + (value / top) * plotWidth;
  const height = TOP + bars.length * ROW + BOTTOM;

  const rows = bars.map((bar, i) => {
    const y = TOP + i * ROW;
    const middle = y + ROW / 2;
    const label = `<text x="${LABEL_WIDTH - 8}" y="${middle + 4}" text-anchor="end">${escapeXml(bar.label)}</text>`;
    if (bar.value === undefined || bar.value === null) {
      return `${label}<text x="${LABEL_WIDTH + 4}" y="${middle + 4}" class="note">${escapeXml(bar.note ?? "no result")}</text>`;
    }
    const color = bar.highlight ? SUBJECT_COLOR : PEER_COLOR;
    const width = Math.max(1, x(bar.value) - LABEL_WIDTH);
    const parts = [
      label,
      `<rect x="${LABEL_WIDTH}" y="${middle - BAR / 2}" width="${width.toFixed(1)}" height="${BAR}" fill="${color}"/>`,
    ];
    if (bar.min !== undefined && bar.max !== undefined && bar.max > bar.min) {
      const [from, to] = [x(bar.min).toFixed(1), x(bar.max).toFixed(1)];
      parts.push(
        `<path d="M${from} ${middle}H${to}M${from} ${middle - 5}V${middle + 5}M${to} ${middle - 5}V${middle + 5}" class="range"/>`,
      );
    }
    // Values in their own right-aligned column: a long whisker never pushes them away.
    parts.push(`<text x="${WIDTH - 12}" y="${middle + 4}" text-anchor="end">${escapeXml(format(bar.value))}</text>`);
    return parts.join("");
  });

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    "<style>text{font:12px sans-serif;fill:#111827}.title{font-size:15px;font-weight:bold}.sub,.note{fill:#6b7280}.range{stroke:#111827;stroke-width:1.2;fill:none}</style>",
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" class="title">${escapeXml(title)}</text>`,
    subtitle ? `<text x="12" y="40" class="sub">${escapeXml(subtitle)}</text>` : "",
    ...rows,
    footnote ? `<text x="12" y="${height - 12}" class="sub">${escapeXml(footnote)}</text>` : "",
    "</svg>",
    "",
  ].join("\n");
}
