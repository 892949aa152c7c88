from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from uts58_icu import UNICODE_VERSION
from uts58_icu.data import DataFileError, locate, published_version

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
            pytest.fail(str(exc), pytrace=False)

    return find
