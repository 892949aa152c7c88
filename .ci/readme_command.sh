#!/usr/bin/env bash
# Run the README's first command block as written, in a fresh venv, in a copy of the
# checkout, and check its output is the one the README states.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/uts58-readme.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
(cd "$repo" && git ls-files -z | xargs -0 cp --parents -t "$work/src" 2>/dev/null) || cp -r "$repo/." "$work/src"
find "$work/src" -name '*.so' -delete
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
# The first ```sh block of the README, and the output the README gives for it.
command="$(awk '/^```sh$/{f=1; next} /^```$/{if (f) exit} f' "$repo/README.md")"
expected="$(grep -o 'marks the link\s*$\|`See ⸠[^`]*`' "$repo/README.md" | grep -o 'See ⸠[^`]*' | head -1)"
echo "\$ $command"
got="$(cd "$work/src" && PATH="$work/venv/bin:$PATH" bash -c "$command" | tail -1)"
echo "$got"
if [ "$got" != "$expected" ]; then
  echo "the README says: $expected" >&2
  exit 1
fi
