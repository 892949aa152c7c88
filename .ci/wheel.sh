#!/usr/bin/env bash
# The release wheel on this machine (tox -e wheel): build it, repair it with auditwheel to a
# manylinux tag, install it in a fresh venv and run the test suite against the installed
# package (.ci/test_installed.py: the tests run from a copy without the source package).
# Then the README's first command, as written, in another fresh venv.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/uts58-wheel.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "--- build the wheel"
# Build from a copy of the tracked files: setuptools writes build/ and *.egg-info beside
# the sources, and the dist and wheel envs run at the same time under `tox p`.
mkdir "$work/src"
(cd "$repo" && git ls-files -z | xargs -0 cp --parents -t "$work/src")
python -m build --wheel --outdir "$work/dist" "$work/src" >/dev/null
auditwheel show "$work"/dist/*.whl
echo "--- auditwheel repair"
auditwheel repair -w "$work/wheelhouse" "$work"/dist/*.whl
whl="$(ls "$work"/wheelhouse/*.whl)"
echo "repaired wheel: $(basename "$whl")"
case "$(basename "$whl")" in
  *manylinux_2_*) ;;
  *) echo "the repaired wheel has no manylinux_2_X tag" >&2; exit 1 ;;
esac

echo "--- install it in a fresh venv and run the suite against it"
python -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
"$work/venv/bin/python" -m pip install -q "$whl[bundled,dev]"
UTS58_REQUIRE_ACCELERATED=1 "$work/venv/bin/python" "$repo/.ci/test_installed.py" "$repo" "$@"
# The wheel does not ship Unicode's test files: point the installed command at them.
(cd "$work" && "$work/venv/bin/uts58" --version && UTS58_DATA_DIR="$repo/tests/data" "$work/venv/bin/uts58" conformance >/dev/null && echo "uts58 conformance: ok")

echo "--- the README's first command, as written, in a fresh venv"
bash "$repo/.ci/readme_command.sh"
