/**
 * The subprocess bench's ratios measured so that machine noise cancels out: short blocks of
 * each contender (BLOCK barrier batches of BATCH cases, a few milliseconds) run in turn, many
 * times, and the ratio to the raw echo is taken per round; the median over the rounds is
 * printed, with the quartiles. A second table does the same in steady state: BATCH cases kept
 * in flight (a new one sent as one returns) instead of barrier batches. On a shared 2-core VM single `deno bench` runs vary by 30% or
 * more from one minute to the next; ratios of neighbouring blocks do not.
 *
 * Then it measures what a pipe write costs the writer when the reader is awake and when it
 * sleeps (waits in read), the cost that decides how batching pays on a given machine.
 *
 * Run: `deno run -A bench/subprocess_interleaved.ts [ROUNDS] [BATCH]` (defaults 200 and 64).
 *
 * @module
 */
import process from "node:process";
import {
  adapterBatch,
  adapterSteady,
  echoAdapter,
  JSON_ECHO,
  PipeEcho,
  PYTHON,
  RAW_ECHO,
} from "./_subprocess_echo.ts";

const ROUNDS = Number(Deno.args[0] ?? 200);
const BATCH = Number(Deno.args[1] ?? 64);
const BLOCK = 20;

const raw = new PipeEcho(RAW_ECHO, BATCH);
const jsonEcho = new PipeEcho(JSON_ECHO, BATCH);
const batching = await echoAdapter(true);
const unbatched = await echoAdapter(false);

type Contender = [name: string, run: () => Promise<void>];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Run each contender's block in turn, ROUNDS times; print rates relative to the first. */
async function compare(title: string, cases: number, contenders: Contender[]): Promise<void> {
  for (let i = 0; i < 5; i++) for (const [, run] of contenders) await run(); // warm up
  const ratios = contenders.map(() => [] as number[]);
  const micros = contenders.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    const times: number[] = [];
    for (const [, run] of contenders) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.forEach((t, i) => {
      ratios[i].push(times[0] / t);
      micros[i].push((t * 1000) / cases);
    });
  }
  console.log(`${title}: rate relative to the first (median, quartiles), us a case (median)`);
  contenders.forEach(([name], i) => {
    console.log(
      `  ${name.padEnd(36)} ${quantile(ratios[i], 0.5).toFixed(3)}x (${
        quantile(ratios[i], 0.25).toFixed(3)
      }-${quantile(ratios[i], 0.75).toFixed(3)})  ${quantile(micros[i], 0.5).toFixed(2)} us`,
    );
  });
}

async function blocks(run: () => Promise<void>): Promise<void> {
  for (let i = 0; i < BLOCK; i++) await run();
}

await compare(
  `barrier batches: ${ROUNDS} rounds of ${BLOCK} batches of ${BATCH} cases`,
  BLOCK * BATCH,
  [
    ["raw pipe echo", () => blocks(() => raw.roundTrip())],
    ["json echo (Python's codec alone)", () => blocks(() => jsonEcho.roundTrip())],
    ["subprocess adapter", () => blocks(() => adapterBatch(batching, BATCH))],
    ["subprocess adapter, batching off", () => blocks(() => adapterBatch(unbatched, BATCH))],
  ],
);

const STEADY = BLOCK * BATCH;
await compare(
  `steady state: ${ROUNDS} rounds of ${STEADY} cases, ${BATCH} kept in flight`,
  STEADY,
  [
    ["raw pipe echo", () => raw.steady(STEADY, BATCH)],
    ["json echo (Python's codec alone)", () => jsonEcho.steady(STEADY, BATCH)],
    ["subprocess adapter", () => adapterSteady(batching, STEADY, BATCH)],
    ["subprocess adapter, batching off", () => adapterSteady(unbatched, STEADY, BATCH)],
  ],
);
await Promise.all([raw.close(), jsonEcho.close(), batching.close(), unbatched.close()]);

// A 300-byte write to a Python reader: back to back (it is awake, reading), or after a pause
// of 1 or 5 ms (it sleeps in read and the write wakes it). Medians of 300 writes; the clock is
// node's hrtime (performance.now() is coarse here).
const reader = new Deno.Command(PYTHON, {
  args: ["-c", "import os\nwhile os.read(0, 65536): pass"],
  stdin: "piped",
  stdout: "null",
}).spawn();
const writer = reader.stdin.getWriter();
const line = new Uint8Array(300).fill(32);
const clock = () => Number(process.hrtime.bigint()) / 1000;
for (const pauseMs of [0, 1, 5]) {
  const costs: number[] = [];
  for (let i = 0; i < 300; i++) {
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const t0 = clock();
    const written = writer.write(line);
    costs.push(clock() - t0);
    await written;
  }
  console.log(
    `pipe write of 300 bytes, ${
      pauseMs ? `reader asleep (${pauseMs} ms pause)` : "reader awake"
    }: ` +
      `${quantile(costs, 0.5).toFixed(1)} us (median)`,
  );
}
await writer.close();
await reader.status;
