#!/usr/bin/env bash
# `pip install .` with no working C compiler (CC=false): the install succeeds without
# the compiled core, `uts58_icu.ACCELERATED` is False, and the test suite passes on the
# pure-Python path (run against the installed package, from outside the checkout).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
# A copy without any in-place build, so nothing compiled can come along.
mkdir "$work/src"
(cd "$repo" && git ls-files -z | xargs -0 cp --parents -t "$work/src" 2>/dev/null) || cp -r "$repo/." "$work/src"
find "$work/src" -name '*.so' -delete
CC=false CXX=false "$work/venv/bin/python" -m pip install -q "$work/src[bundled,dev]"
cd "$work"
"$work/venv/bin/python" -c '
import uts58_icu, sys
print("uts58_icu.ACCELERATED =", uts58_icu.ACCELERATED)
sys.exit(1 if uts58_icu.ACCELERATED else 0)'
# The whole suite on the pure path, at the quick "dev" Hypothesis profile (CI's only run of
# the whole suite on the pure path; the differential test of the bundled env compares both
# paths at the "ci" profile).
# .ci/test_installed.py: from a copy without the source package, so the installed one is tested.
HYPOTHESIS_PROFILE=dev "$work/venv/bin/python" "$repo/.ci/test_installed.py" "$work/src" "$@"
