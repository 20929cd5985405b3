// Imports the kit's public API and checks documents, as a user's script would. Run with no
// permission flags at all (`deno run --no-prompt`): importing mod.ts must not need any.
import { netdryrunProfile, toolResponseProfile } from "../mod.ts";

const good = toolResponseProfile.check({
  success: true,
  total: 0,
  successful: 0,
  failed: 0,
  data: [],
});
const bad = toolResponseProfile.check({
  success: true,
  total: 1,
  successful: 0,
  failed: 0,
  data: [],
});
const validate = netdryrunProfile.check(
  { valid: true, lab: "lab.clab.yml", checks: ["ping"] },
  { tool: "validate" },
);
console.log(
  JSON.stringify({ good: good.length, bad: bad.map((f) => f.ruleId), validate: validate.length }),
);
