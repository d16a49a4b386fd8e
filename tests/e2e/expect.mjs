// Minimal assertions for the browser tests: each throws with a message that
// says what was expected and what was found.

/** Fail with `message` unless `condition` holds. */
export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** Fail unless `actual` equals `expected` (===). */
export function expectEqual(actual, expected, what) {
  expect(actual === expected, `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Fail unless `actual` > `bound`. */
export function expectAbove(actual, bound, what) {
  expect(actual > bound, `${what}: expected > ${bound}, got ${actual}`);
}
