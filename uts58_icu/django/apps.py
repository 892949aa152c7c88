"""The Django app configuration of ``uts58_icu.django``."""

from __future__ import annotations

from django.apps import AppConfig


class Uts58Config(AppConfig):  # type: ignore[misc]  # django ships no type hints
    """``INSTALLED_APPS = [..., "uts58_icu.django"]``; templates use ``{% load uts58 %}``."""

    name = "uts58_icu.django"
    label = "uts58_icu"
    verbose_name = "UTS #58 link detection"
