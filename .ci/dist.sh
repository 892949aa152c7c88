#!/usr/bin/env bash
# The sdist and the wheel (tox -e dist): [bundled] resolves to a wheel on each platform,
# both archives hold what they must, and tests run from the unpacked sdist.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/uts58-dist.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "--- [bundled] resolves to a wheel on each platform (pip --dry-run against PyPI)"
python "$repo/.ci/check_bundled.py"

echo "--- sdist and wheel: contents"
# Build from a copy of the tracked files: setuptools writes build/ and *.egg-info beside
# the sources, and the dist and wheel envs run at the same time under `tox p`.
mkdir "$work/src"
(cd "$repo" && git ls-files -z | xargs -0 cp --parents -t "$work/src")
python -m build --outdir "$work/dist" "$work/src" >/dev/null
python "$repo/.ci/check_dist.py" "$work/dist"

echo "--- tests from the unpacked sdist (quick subset: data, conformance, README and docs, props --write)"
tar -xzf "$work"/dist/uts58_icu-*.tar.gz -C "$work"
(cd "$work"/uts58_icu-*/ && HYPOTHESIS_PROFILE=dev tox -e bundled --workdir "$work/sdist-tox" -- \
  -q -k "data or conformance or readme or props_write")
