/**
 * Cost of judging a scripted session, relative to a baseline measured in the same run: ajv
 * validation of the same transcripts against transcript.schema.json alone. Run with
 * `deno bench -A bench/chat_limits_bench.ts`; read the "x times slower" column.
 */
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { runAgentLoop } from "../conformance/chat_limits/_agent_loop.ts";
import { sessionArbitrary } from "../conformance/chat_limits/arbitraries.ts";
import { checkChatLimits } from "../conformance/chat_limits/profile.ts";
import transcriptSchema from "../conformance/chat_limits/transcript.schema.json" with {
  type: "json",
};

const sessions = fc.sample(sessionArbitrary(), { seed: 1, numRuns: 200 });
const observations = sessions.map((input) => ({
  kind: "agent",
  ...input,
  transcripts: runAgentLoop(input).transcripts,
}));
const validate = new Ajv2020({ allErrors: true }).compile(transcriptSchema);

Deno.bench("baseline: ajv on the transcripts only", { group: "judge", baseline: true }, () => {
  for (const o of observations) for (const t of o.transcripts) validate(t);
});

Deno.bench(
  "checkChatLimits: envelope, transcripts and every enforcement rule",
  { group: "judge" },
  () => {
    for (const o of observations) checkChatLimits(o);
  },
);

Deno.bench("reference agent loop on the same sessions", { group: "judge" }, () => {
  for (const s of sessions) runAgentLoop(s);
});
