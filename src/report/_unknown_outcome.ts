/**
 * The `default` arm of a renderer's `switch` over a case's outcome: it does not compile while
 * an outcome is unhandled, and throws if a report read from elsewhere has an unknown one.
 *
 * @param value The case whose outcome no arm handled.
 * @returns Never.
 * @throws {TypeError} Always.
 */
export function unknownOutcome(value: never): never {
  const outcome = (value as { outcome?: unknown } | null)?.outcome;
  throw new TypeError(`Unknown case outcome "${String(outcome)}"`);
}
