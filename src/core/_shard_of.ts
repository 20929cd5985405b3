import type { Case } from "./types.ts";

/** The cases at positions `index` modulo `count`, one at a time. */
export async function* shardOf(
  cases: Iterable<Case> | AsyncIterable<Case>,
  index: number,
  count: number,
): AsyncGenerator<Case> {
  let i = 0;
  for await (const c of cases) if (i++ % count === index) yield c;
}
