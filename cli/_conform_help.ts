/**
 * The help and `--list` texts of the CLI (cli/conform.ts).
 *
 * @module
 */
import { embeddedTargets, suites, targetProfiles } from "./registry.ts";
import { adapterKinds } from "./adapter_kinds.ts";

/** The `--help` text of a run, with the command as the user ran it. */
export const help = (cmd: string): string =>
  `netconform: prove an implementation honours its contract, and say where it does not.

Usage: ${cmd} [options]
       ${cmd} check FILE... --profile ID [--tool NAME]   (check --help)
       ${cmd} rules [--format markdown|json] [--spec FILE]   (rules --help)
       ${cmd} merge SHARD.json... --report FILE           (merge --help)
       ${cmd} promote REPORT.json CASE-ID --to FIXTURE.yaml  (promote --help)

  --config FILE     targets file (conform.yaml); without it, the kit's embedded references run
  --target NAME     run only this target (repeatable); embedded mutants run only when named
  --profile ID      run only this profile (repeatable)
  --seed N          seed of the generated cases (default: CONFORM_SEED, else a fixed seed);
                    "random" for a fresh one
  --runs N          generated cases per suite (default 100)
  --case ID         run only this case (repeatable); see the replay lines of a report
  --timeout MS      per-case timeout when the target sets none (default 10000)
  --concurrency N   cases in flight per suite (default 8)
  --no-shrink       do not shrink failed generated cases
  --full-evidence   keep evidence values whole (by default nesting deeper than 64 levels is
                    cut, with a marker: docs/evidence-nesting.md)
  --max-shrinks N   smaller candidates run per failed generated case (default 100; shrinking
                    also stops after 10 s per case)
  --format F        what to print: text (default), json, junit, markdown
  --report FILE     also write the JSON report to FILE, and each case to FILE's .cases.jsonl
                    sibling as it finishes (a killed run leaves those lines)
  --junit FILE      also write JUnit XML to FILE
  --markdown FILE   also write a Markdown certificate to FILE
  --strict          SHOULD findings fail too (exit 1), not only MUST findings
  --html FILE       also write a self-contained HTML certificate to FILE
  --badge FILE      also write an SVG badge of the verdict to FILE
  --shard I/N       run only part I of N of every suite's cases (same seed on every shard);
                    merge the shards' --report files with "merge"
  --update-baseline write the run's MUST failures into the --config file's
                    expected_failures (keeps reasons; drops entries that no longer fail)
  --quiet           no progress on standard error
  --verbose         list every rule and every case with findings
  --list            list the embedded targets, profiles and adapter kinds, then exit
  --version         the kit's version
  -h, --help        this text

Exit codes: 0 conformant, 1 not conformant or incomplete, 2 usage or config error.`;

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

/** `--list`: the embedded targets, the profiles and the adapter kinds. */
export function list(io: { out(text: string): void }, cmd: string): void {
  io.out(`Embedded targets (${cmd} runs the references; mutants only when named):`);
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
