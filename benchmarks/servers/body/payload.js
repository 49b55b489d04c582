// The request body of the "POST a 1 KB JSON body and echo it" scenario:
// exactly 1024 bytes of JSON, echoed back unchanged by every server.
const items = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ["a", "b"], price: i * 1.5 }));
const base = { user: { id: 42, name: "lib-server", active: true }, items, note: "" };
base.note = "x".repeat(1024 - JSON.stringify(base).length);

export const payload = JSON.stringify(base);
