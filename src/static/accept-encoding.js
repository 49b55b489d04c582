// Accept-Encoding (RFC 9110 §12.5.3): is `name` acceptable, i.e. listed (or
// covered by "*") with a q-value above 0?
export function acceptsEncoding(header, name) {
  if (header === undefined) return false;
  let exact = -1;
  let any = -1;
  for (const item of header.split(",")) {
    const semi = item.indexOf(";");
    const token = (semi === -1 ? item : item.slice(0, semi)).trim().toLowerCase();
    if (token !== name && token !== "*") continue;
    const q = semi === -1 ? 1 : quality(item.slice(semi + 1));
    if (token === name) exact = q;
    else any = q;
  }
  return (exact !== -1 ? exact : any) > 0;
}

function quality(params) {
  const match = /(?:^|;)\s*q\s*=\s*([0-9.]+)/i.exec(params);
  return match ? Number(match[1]) || 0 : 1;
}
