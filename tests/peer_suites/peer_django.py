"""pytest plugin (-p peer_django): Django's urlize tests run on uts58_icu.django.

Configures minimal settings, then replaces the ``urlize`` and ``urlizetrunc``
built-in filters (so every real ``django.template.Engine`` the tests build uses
ours) and ``django.utils.html.urlize`` (the function the utils tests call).
"""

from __future__ import annotations

import django
from django.conf import settings

settings.configure(INSTALLED_APPS=["uts58_icu.django"], USE_TZ=True)
django.setup()

import django.utils.html
from django.template import defaultfilters

from uts58_icu.django import urlize as our_urlize
from uts58_icu.django.templatetags import uts58

defaultfilters.register.filters["urlize"] = uts58.urlize
defaultfilters.register.filters["urlizetrunc"] = uts58.urlizetrunc
defaultfilters.urlize = uts58.urlize
defaultfilters.urlizetrunc = uts58.urlizetrunc
django.utils.html.urlize = our_urlize
