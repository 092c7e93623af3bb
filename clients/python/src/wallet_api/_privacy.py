"""The privacy policy of the client's errors and log lines.

What a call carried that must never be shown again (its API key, the signing secret, each
signature it sent, and the request's protected values) is masked wherever the provider echoes
it: exactly, case-insensitively, URL-encoded or JSON-escaped. Values under protected field names
are masked in JSON whatever they are.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote, quote_plus

MASK = "[redacted]"

# Request fields whose values are secret or personal: the customer's authorization value, bank
# details and wallet addresses. Compared without case, underscores or hyphens.
PROTECTED_FIELDS = frozenset(
    {"password", "accountnumber", "bankcode", "receiveraddress", "xapikey", "xsignature", "secret", "apikey", "signature"}
)

# Headers whose values are credentials.
SECRET_HEADERS = frozenset({"x-api-key", "x-signature", "authorization", "proxy-authorization", "cookie", "set-cookie"})


def is_protected_field(name: str) -> bool:
    return re.sub(r"[-_\s]", "", name).lower() in PROTECTED_FIELDS


class Redactor:
    """Masks a set of carried values, and protected fields, in text and JSON."""

    __slots__ = ("_pattern",)

    def __init__(self, values: Iterable[str]) -> None:
        forms: set[str] = set()
        for value in values:
            if not value:
                continue
            # Case variants besides the case-insensitive match: folding that changes a value's
            # length (ß and SS) escapes re.IGNORECASE.
            for variant in {value, value.upper(), value.lower(), value.casefold()}:
                forms.add(variant)
                forms.add(quote(variant, safe=""))
                forms.add(quote_plus(variant, safe=""))
                forms.add(quote(variant, safe="/"))
                forms.add(quote(variant, safe="!'()*~"))
                forms.add(json.dumps(variant)[1:-1])
                forms.add(json.dumps(variant, ensure_ascii=False)[1:-1])
        # Longest first, so a value that contains another is masked whole.
        ordered = sorted(forms, key=len, reverse=True)
        self._pattern = re.compile("|".join(re.escape(f) for f in ordered), re.IGNORECASE) if ordered else None

    def text(self, text: str) -> str:
        return text if self._pattern is None else self._pattern.sub(MASK, text)

    def json(self, value: Any) -> Any:
        """A copy of a JSON value with protected fields and carried values masked, keys included."""
        if isinstance(value, dict):
            return {self.text(str(k)): (MASK if is_protected_field(str(k)) and v is not None else self.json(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [self.json(v) for v in value]
        if isinstance(value, str):
            return self.text(value)
        return value

    def headers(self, headers: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        # Names too: a gateway may echo a carried value in a header's name.
        return [(self.text(name), MASK if name.lower() in SECRET_HEADERS else self.text(value)) for name, value in headers]


def protected_values(body: Any) -> list[str]:
    """The values of protected fields of a request body, at any depth."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if is_protected_field(str(key)) and isinstance(value, (str, int, float)) and not isinstance(value, bool):
                    found.append(str(value))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(body)
    return found
