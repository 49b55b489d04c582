// Errors a test provokes on purpose get logged by the apps under test (Express's and
// lib-server's final handlers log outside env "test"): keep those out of the test output,
// and only those, so that an unexpected error still shows.
import { vi, beforeAll, afterAll } from "vitest";

/** The text of one console.error call, as it would print (never throws). */
function textOf(args) {
  return args
    .map((arg) => {
      try {
        return String(arg?.stack ?? arg);
      } catch {
        return "[unprintable]"; // a null-prototype object, a throwing getter...
      }
    })
    .join(" ");
}

/**
 * From the enclosing describe block's beforeAll to its afterAll (the whole file when called
 * at the top level): console.error calls whose text matches `expected` (a RegExp, no /g) are
 * collected instead of printed; any other call prints as usual. Returns the array the
 * swallowed calls' texts are pushed to, for tests that check what was logged.
 */
export function expectConsoleErrors(expected) {
  const swallowed = [];
  let spy;
  beforeAll(() => {
    const print = console.error;
    spy = vi.spyOn(console, "error").mockImplementation((...args) => {
      const text = textOf(args);
      if (expected.test(text)) swallowed.push(text);
      else print.apply(console, args);
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10)); // lib-server logs from a setImmediate
    spy.mockRestore();
  });
  return swallowed;
}
