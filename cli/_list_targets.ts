// The `--list` output of the CLI: embedded targets (mutants with what they break), profiles and
// adapter kinds. Private helper of conform.ts.
import { embeddedTargets, suites, targetProfiles } from "./registry.ts";
import { adapterKinds } from "./adapter_kinds.ts";

function mutantNote(
  mutant: { breaks: string[]; errored?: boolean } | undefined,
  profileIds: readonly string[],
): string {
  if (!mutant) return "";
  const level = (id: string) =>
    suites.filter((s) => profileIds.includes(s.profile.id))
      .flatMap((s) => s.profile.rules).find((r) => r.id === id)?.level;
  const shouldOnly = mutant.breaks.length > 0 &&
    mutant.breaks.every((id) => level(id) === "SHOULD");
  const what = [
    ...(mutant.breaks.length > 0 ? [`breaks ${mutant.breaks.join(", ")}`] : []),
    ...(shouldOnly ? ["SHOULD only: warns, fails with --strict"] : []),
    ...(mutant.errored ? ["its cases error"] : []),
  ];
  return ` [mutant, ${what.join("; ")}]`;
}

/** Print the embedded targets, the profiles and the adapter kinds (`--list`). */
export function listTargets(io: { out(text: string): void }) {
  io.out("Embedded targets (deno task conform runs the references; mutants only when named):");
  for (const t of embeddedTargets) {
    io.out(
      `  ${t.name}${mutantNote(t.mutant, targetProfiles(t))}: ${t.description}`,
    );
    io.out(`    profiles: ${targetProfiles(t).join(", ")}`);
  }
  io.out("Profiles:");
  for (const s of suites) {
    io.out(`  ${s.profile.id}: ${s.profile.title} (${s.profile.rules.length} rules)`);
  }
  io.out("Adapter kinds (conform.yaml adapter.kind):");
  for (const k of adapterKinds) io.out(`  ${k.kind}: ${k.description}`);
}
