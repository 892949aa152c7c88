from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from uts58_icu import UNICODE_VERSION
from uts58_icu import data as _data
from uts58_icu.data import DataFileError, locate, published_version

#: Verbatim copies of Unicode's 17.0.0 files (see tests/data/README.md): the tests pass
#: offline, whether ``uts58_icu`` is imported from this checkout or from an installed copy.
TEST_DATA = Path(__file__).resolve().parent / "data"
if TEST_DATA not in _data.extra_dirs:
    _data.extra_dirs.append(TEST_DATA)

# "ci" is what .ci/run uses; "dev" is quick; "long" is on demand.
settings.register_profile(
    "ci", max_examples=2000, derandomize=True, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "long", max_examples=50_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# turbohtml, the tokenizer of uts58_icu.html (and so of the bleach, Django and Jinja2
# integrations), needs Python 3.11+: without it those modules' tests are not collected.
try:
    import turbohtml  # noqa: F401
except ImportError:
    collect_ignore_glob = ["test_html*.py"]

#: The newest published UTS #58 data; compared against when ICU's version has none.
LATEST_PUBLISHED = "17.0.0"


@pytest.fixture(scope="session")
def data_version() -> str:
    """The published data version that matches this ICU, else the latest."""
    return published_version(UNICODE_VERSION) or LATEST_PUBLISHED


@pytest.fixture(scope="session")
def published(data_version: str) -> Callable[[str], Path]:
    """Find a published file; fail (never skip) with instructions when it is missing."""

    def find(name: str) -> Path:
        try:
            return locate(name, data_version)
        except DataFileError as exc:
            message = str(exc)
        pytest.fail(message, pytrace=False)  # outside `except`: no chained copy of the message

    return find


#: First lines of missing-file messages already shown in full in this session.
_SHOWN: set[str] = set()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Show each missing-file message once: later failures for that file get one line.

    (A module-scoped fixture re-raises its cached failure in every test that uses it.)
    """
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if not report.failed or call.excinfo is None:
        return
    text = str(call.excinfo.value)
    if "Provide it in one of these ways" not in text:
        return
    first = text.splitlines()[0]
    if first in _SHOWN:
        report.longrepr = f"{first.split(' (')[0]}: see the first failure that names it"
    else:
        _SHOWN.add(first)
