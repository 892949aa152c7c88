"""Check that ``uts58-icu[bundled]`` resolves to an ICU wheel on each platform.

pip evaluates environment markers against the running interpreter, even with
``--platform``, so this evaluates the markers of pyproject.toml's ``bundled`` extra
for each target platform itself, then asks pip (``install --dry-run --no-deps
--only-binary :all: --platform …``) whether PyPI has a wheel of the chosen requirement
for that platform. Needs the network (PyPI); run by .ci/run.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent

# (name, pip --platform tags, marker environment, the ICU wheel expected)
PLATFORMS = [
    ("Linux x86_64 (glibc >= 2.35)", ["manylinux_2_35_x86_64"], {"sys_platform": "linux", "platform_machine": "x86_64"}, "icukit-pyicu"),
    ("macOS arm64", ["macosx_14_0_arm64"], {"sys_platform": "darwin", "platform_machine": "arm64"}, "icukit-pyicu"),
    ("Windows x86_64", ["win_amd64"], {"sys_platform": "win32", "platform_machine": "AMD64"}, "pyicu-wheels"),
    ("Windows arm64", ["win_arm64"], {"sys_platform": "win32", "platform_machine": "ARM64"}, "pyicu-wheels"),
    ("Linux aarch64 (manylinux)", ["manylinux_2_28_aarch64"], {"sys_platform": "linux", "platform_machine": "aarch64"}, "pyicu-wheels"),
    ("macOS x86_64", ["macosx_13_0_x86_64", "macosx_14_0_x86_64"], {"sys_platform": "darwin", "platform_machine": "x86_64"}, "pyicu-wheels"),
]


def bundled_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(r) for r in project["optional-dependencies"]["bundled"]]


def chosen(reqs: list[Requirement], env: dict[str, str]) -> list[Requirement]:
    full = {**default_environment(), "python_version": "3.11", "extra": "bundled", **env}
    return [r for r in reqs if r.marker is None or r.marker.evaluate(full)]


def main() -> int:
    reqs = bundled_requirements()
    failures = 0
    for name, tags, env, expected in PLATFORMS:
        picked = chosen(reqs, env)
        if [r.name for r in picked] != [expected]:
            print(f"FAIL {name}: markers pick {[str(r) for r in picked]}, expected only {expected}")
            failures += 1
            continue
        req = picked[0]
        spec = f"{req.name}{req.specifier}"
        platform_args = [a for tag in tags for a in ("--platform", tag)]
        with tempfile.TemporaryDirectory() as target:
            proc = subprocess.run(
                [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps",
                 "--only-binary", ":all:", *platform_args, "--python-version", "3.11",
                 "--target", target, spec],
                capture_output=True, text=True, timeout=300,
            )
        would = [line for line in proc.stdout.splitlines() if line.startswith("Would install")]
        if proc.returncode != 0 or not would:
            print(f"FAIL {name}: no wheel of {spec} for {tags}:\n{proc.stderr.strip()[-500:]}")
            failures += 1
        else:
            print(f"ok   {name}: {spec} -> {would[0].removeprefix('Would install ')}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
