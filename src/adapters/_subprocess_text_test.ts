import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveSeed } from "../core/seed.ts";
import {
  ByteRing,
  decodeUtf8,
  escapeControls,
  excerpt,
  type LineEvent,
  LineSplitter,
} from "./_subprocess_text.ts";

const seed = resolveSeed();
console.log(`_subprocess_text_test seed: ${seed}`);

function split(chunks: Uint8Array[], max: number): LineEvent[] {
  const events: LineEvent[] = [];
  // A line's bytes are valid during the call only (the splitter reuses its buffer): copied.
  const splitter = new LineSplitter(
    max,
    (e) => events.push(e.kind === "line" ? { kind: "line", bytes: e.bytes.slice() } : e),
  );
  for (const c of chunks) splitter.feed(c);
  return events;
}

function view(events: LineEvent[]): unknown[] {
  return events.map((e) => e.kind === "line" ? [...e.bytes] : ["oversized", [...e.head]]);
}

Deno.test("line splitting does not depend on how the stream is chunked (property)", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 300 }).map((a) => a.map((b) => b % 4 === 0 ? 10 : b)),
      fc.array(fc.nat(300), { maxLength: 6 }),
      fc.integer({ min: 1, max: 40 }),
      (bytes, cuts, max) => {
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let at = 0;
        for (const p of [...points, bytes.length]) {
          chunks.push(bytes.slice(at, p));
          at = p;
        }
        const whole = split([bytes], max);
        assert.deepEqual(view(split(chunks, max)), view(whole));
        // Every emitted line fits; a line reported oversized really was.
        const text = [...bytes];
        const expected = [];
        let line: number[] = [];
        for (const b of text) {
          if (b === 10) {
            expected.push(line.length > max ? "oversized" : line.length);
            line = [];
          } else line.push(b);
        }
        if (line.length > max) expected.push("oversized");
        assert.deepEqual(
          whole.map((e) => e.kind === "line" ? e.bytes.length : "oversized"),
          expected,
        );
      },
    ),
    { seed, numRuns: 300 },
  );
});

Deno.test("lines past the kept buffer grow it and shrink it back, whole, up to the limit", () => {
  const max = 300_000;
  const line = (n: number, b: number) => new Uint8Array(n).fill(b);
  const stream = new Uint8Array(3 * max + 10);
  stream.set(line(200_000, 1), 0); // a line past the 64 KiB kept
  stream[200_000] = 10;
  stream.set(line(3, 2), 200_001);
  stream[200_004] = 10;
  stream.set(line(max, 3), 200_005); // exactly the limit
  stream[200_005 + max] = 10;
  stream.set(line(max + 1, 4), 200_006 + max); // one byte over
  stream[200_007 + 2 * max] = 10;
  stream.set(line(5, 5), 200_008 + 2 * max);
  stream[200_013 + 2 * max] = 10;
  const end = 200_014 + 2 * max;
  for (const size of [70_000, 65_536, 1 << 20]) {
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < end; at += size) chunks.push(stream.slice(at, Math.min(end, at + size)));
    const events = split(chunks, max);
    assert.deepEqual(
      events.map((e) =>
        e.kind === "line" ? [e.bytes.length, e.bytes.every((b) => b === e.bytes[0])] : e.bytes
      ),
      [[200_000, true], [3, true], [max, true], max + 1, [5, true]],
      `chunks of ${size}`,
    );
  }
});

Deno.test("partial() reports the unfinished line", () => {
  const splitter = new LineSplitter(100, () => {});
  splitter.feed(new TextEncoder().encode('a\n{"seq":'));
  assert.deepEqual(splitter.partial()?.bytes, 7);
  assert.equal(new TextDecoder().decode(splitter.partial()?.head), '{"seq":');
});

Deno.test("the ring keeps the last bytes across wrap-arounds (property)", () => {
  fc.assert(
    fc.property(
      fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 20 }),
      fc.integer({ min: 1, max: 50 }),
      (writes, cap) => {
        const ring = new ByteRing(cap);
        const all: number[] = [];
        for (const w of writes) {
          ring.write(w);
          all.push(...w);
        }
        assert.deepEqual([...ring.bytes()], all.slice(Math.max(0, all.length - cap)));
        assert.equal(ring.total, all.length);
      },
    ),
    { seed, numRuns: 300 },
  );
});

Deno.test("excerpts are quoted, cut and escaped", () => {
  const bytes = new TextEncoder().encode("\x1b[2J\u202e" + "x".repeat(300));
  const e = excerpt(bytes);
  assert.equal(e, `"\\u001b[2J\\u202e${"x".repeat(193)}"... (307 bytes)`);
  assert.equal(escapeControls("a\nb\tc\rd", true), "a\nb\tc\\u000dd");
});

Deno.test("decodeUtf8 decodes and rejects exactly as a fatal TextDecoder (property)", () => {
  const fatal = new TextDecoder("utf-8", { fatal: true });
  const outcome = (decode: () => string) => {
    try {
      return decode();
    } catch (error) {
      return error instanceof TypeError ? "TypeError" : error;
    }
  };
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }).map((t) => new TextEncoder().encode(t)),
    // U+FFFD written in the input, next to invalid bytes or not.
    fc.tuple(fc.uint8Array({ maxLength: 6 }), fc.boolean()).map(([extra, bad]) =>
      new Uint8Array([0xef, 0xbf, 0xbd, ...extra.map((b) => b & 0x7f), ...(bad ? [0xc3] : [])])
    ),
    // Past 64 KiB a line is decoded in chunks: characters and bad bytes across their edges.
    fc.tuple(
      fc.integer({ min: 0, max: 8 }),
      fc.oneof(
        fc.uint8Array({ maxLength: 12 }),
        fc.string({ unit: "grapheme", maxLength: 6 }).map((t) => new TextEncoder().encode(t)),
      ),
    ).map(([k, tail]) => {
      const long = new Uint8Array(64 * 1024 - k + tail.length).fill(0x61);
      long.set(tail, 64 * 1024 - k);
      return long;
    }),
  );
  fc.assert(
    fc.property(bytes, (b) => {
      assert.deepEqual(outcome(() => decodeUtf8(b)), outcome(() => fatal.decode(b)));
    }),
    { seed, numRuns: 500 },
  );
  assert.equal(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])), "A"); // BOM dropped
  const long = new Uint8Array(200_000).fill(0x41);
  long.set([0xef, 0xbb, 0xbf]);
  long.set([0xe2, 0x80, 0xae], 64 * 1024 - 1); // U+202E across the first chunk's end
  assert.equal(decodeUtf8(long), fatal.decode(long));
  assert.equal(decodeUtf8(long).length, 200_000 - 3 - 2);
  assert.throws(() => decodeUtf8(new Uint8Array([0x41, 0xff])), TypeError);
});
