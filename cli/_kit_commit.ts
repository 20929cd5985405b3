// The commit of the kit's checkout, for the certificate (private helper of the CLI), found
// without running git: NETCONFORM_COMMIT when set (a CI job, a packaged copy), else read from the
// checkout's own files (`.git/HEAD`, the ref it names, `packed-refs`; a worktree's `.git` file
// and `commondir` followed). Never throws: when neither says, it says so.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HEX = /^[0-9a-f]{7,64}$/;

function read(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path).trim();
  } catch {
    return undefined;
  }
}

/** The git folder of a checkout and the folder its refs live in (a worktree's common folder). */
function gitDirs(root: string): { git: string; common: string } | undefined {
  const dotGit = join(root, ".git");
  let git = dotGit;
  try {
    if (Deno.statSync(dotGit).isFile) {
      const line = read(dotGit) ?? "";
      if (!line.startsWith("gitdir: ")) return undefined;
      git = resolve(root, line.slice("gitdir: ".length));
    }
  } catch {
    return undefined;
  }
  const common = read(join(git, "commondir"));
  return { git, common: common ? resolve(git, common) : git };
}

function refCommit(dirs: { git: string; common: string }, ref: string): string | undefined {
  for (const dir of [dirs.git, dirs.common]) {
    const loose = read(join(dir, ref));
    if (loose && HEX.test(loose)) return loose;
  }
  for (const line of (read(join(dirs.common, "packed-refs")) ?? "").split("\n")) {
    const [hash, name] = line.split(" ");
    if (name === ref && HEX.test(hash)) return hash;
  }
  return undefined;
}

function localKitRoot(): string | undefined {
  const url = new URL("../", import.meta.url);
  return url.protocol === "file:" ? fileURLToPath(url) : undefined;
}

/**
 * The kit's commit, or a few words on why it is not known.
 *
 * @param root The kit's folder (default: the folder above `cli/`, when the kit is a local copy).
 */
export function kitCommit(root = localKitRoot()): string {
  let fromEnv: string | undefined;
  try {
    fromEnv = Deno.env.get("NETCONFORM_COMMIT")?.trim().toLowerCase();
  } catch {
    fromEnv = undefined;
  }
  if (fromEnv && HEX.test(fromEnv)) return fromEnv;
  const dirs = root !== undefined ? gitDirs(root) : undefined;
  const head = dirs ? read(join(dirs.git, "HEAD")) : undefined;
  if (dirs && head) {
    if (HEX.test(head)) return head;
    if (head.startsWith("ref: ")) {
      const commit = refCommit(dirs, head.slice(5).trim());
      if (commit) return commit;
    }
  }
  return "unknown (not a git checkout, and NETCONFORM_COMMIT is not set)";
}
