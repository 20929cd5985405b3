#!/usr/bin/env bash
# The kit's Python environments: one virtual environment a use, .venv/<use>/, for each
# python/requirements-<use>.txt (or only the uses named as arguments). An environment whose
# stamp matches its requirements file is reused; any other is made anew. Exit 0 when every
# environment is ready, 1 with pip's last lines when one could not be installed.
#
#   bash python/setup.sh            # every environment (what .ci/run and `deno task python-env` do)
#   bash python/setup.sh mcp        # only .venv/mcp/
#
# NETCONFORM_PYTHON names the interpreter the environments are made from (default: Debian's
# /usr/bin/python3 when present, else python3 from PATH).
set -uo pipefail
kit=$(cd "$(dirname "$0")/.." && pwd)
base=${NETCONFORM_PYTHON:-}
if [ -z "$base" ]; then
  if [ -x /usr/bin/python3 ]; then base=/usr/bin/python3; else base=python3; fi
fi

requirements() {
  if [ "$#" -eq 0 ]; then
    ls "$kit"/python/requirements-*.txt
    return
  fi
  for use in "$@"; do
    local file="$kit/python/requirements-$use.txt"
    [ -f "$file" ] || { echo "python-env: no $file (uses: $(uses))" >&2; return 1; }
    echo "$file"
  done
}

uses() {
  ls "$kit"/python/requirements-*.txt | sed -E 's|.*/requirements-(.*)\.txt|\1|' | tr '\n' ' '
}

install_one() {
  local file=$1 use dir stamp log
  use=$(basename "$file" .txt)
  use=${use#requirements-}
  dir="$kit/.venv/$use"
  stamp="$("$base" --version 2>&1) $(sha256sum "$file" | cut -d' ' -f1)"
  if [ -x "$dir/bin/python" ] && [ "$(cat "$dir/.netconform-stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "python-env: .venv/$use is ready (reused)"
    return 0
  fi
  local started
  started=$(date +%s)
  rm -rf "$dir"
  log=$(mktemp)
  if "$base" -m venv "$dir" >"$log" 2>&1 &&
    "$dir/bin/pip" install --disable-pip-version-check --no-input -q -r "$file" >>"$log" 2>&1; then
    printf '%s\n' "$stamp" >"$dir/.netconform-stamp"
    echo "python-env: .venv/$use installed in $(($(date +%s) - started)) s"
    rm -f "$log"
    return 0
  fi
  echo "python-env: .venv/$use could not be installed from python/$(basename "$file"):" >&2
  tail -n 15 "$log" >&2
  rm -f "$log"
  rm -rf "$dir"
  return 1
}

files=$(requirements "$@") || exit 2
status=0
for file in $files; do
  install_one "$file" || status=1
done
exit "$status"
