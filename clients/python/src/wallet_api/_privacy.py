"""The privacy policy of the client's errors and log lines (docs/privacy.md is its one statement).

What a call carried that must never be shown again (its API key, the signing secret, each
signature it sent, and the values of the request's protected fields) is masked wherever the
provider echoes it, in every form systems print it: as sent, case-insensitively, JSON-escaped,
URL-encoded every usual way and twice; an identifier (an account number, a PIN) with its
separators added, removed or changed, and, all digits, without its leading zeros where it
stands as a number; a secret of 8 characters or more also as the base64, base64url and hex of
its bytes, a signature also as its bytes in the other encodings. Values under protected field
names are masked in JSON whatever they are, and so is a number that spells a carried value.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, quote_plus

MASK = "[redacted]"

# Field names compared lower-cased without "-", "_", "." or spaces; a name that ends with one
# of them is protected too (customerPin, receiverAccountNumber, walletAddress).
SECRET_FIELDS = (
    "password",
    "passwd",
    "passcode",
    "passphrase",
    "pin",
    "otp",
    "cvv",
    "cvc",
    "secret",
    "apikey",
    "accesstoken",
    "refreshtoken",
    "authtoken",
    "privatekey",
    "mnemonic",
    "seedphrase",
    "signature",
)
IDENTIFIER_FIELDS = (
    "accountnumber",
    "accountno",
    "accountname",
    "iban",
    "bankcode",
    "bvn",
    "address",
    "destination",
    "email",
    "phone",
    "phonenumber",
)

# Headers whose values are credentials.
SECRET_HEADERS = frozenset({"x-api-key", "x-signature", "authorization", "proxy-authorization", "cookie", "set-cookie"})

# What may stand between an identifier's characters: a space (as sent, URL-encoded, as a form
# writes it, twice encoded), a no-break space, a tab (also JSON-escaped), a dot or a dash.
_SEPARATOR = r"(?:[ \u00a0\t.\-+]|%20|%2520|%C2%A0|%25C2%25A0|%09|%2509|\\t|\\u00a0|&nbsp;)?"
_IDENTIFIER_SEPARATORS = re.compile(r"[ \u00a0\t.\-]")
# A value's characters that no letter or digit touches, and no decimal point next to a digit.
_STANDS_ALONE_BEFORE = r"(?<![0-9A-Za-z])(?<![0-9]\.)"
_STANDS_ALONE_AFTER = r"(?![0-9A-Za-z])(?!\.[0-9])"
_SHORTEST_ENCODED_SECRET = 8


def _name(name: str) -> str:
    return re.sub(r"[-_.\s]", "", name).lower()


def field_kind(name: str) -> str | None:
    """``"secret"``, ``"identifier"`` or ``None``: what a field of this name holds."""
    plain = _name(name)
    if any(plain.endswith(f) for f in SECRET_FIELDS):
        return "secret"
    if any(plain.endswith(f) for f in IDENTIFIER_FIELDS):
        return "identifier"
    return None


def is_protected_field(name: str) -> bool:
    return field_kind(name) is not None


def _url_forms(value: str) -> set[str]:
    """The value URL-encoded every usual way, each also encoded twice (``%`` as ``%25``)."""
    component = quote(value, safe="!~*'()")  # encodeURIComponent
    every = quote(value, safe="").replace("~", "%7E")  # !'()*~ encoded too
    forms = {
        component,
        quote(value, safe=""),
        quote(value, safe="/"),  # a path segment as Python's quote() writes it
        every,
        quote(value, safe=";,/?:@&=+$-_.!~*'()#"),  # encodeURI
        quote_plus(value, safe="*").replace("~", "%7E"),  # a form, URLSearchParams
        quote_plus(value, safe=""),
        component.replace("%20", "+"),
        every.replace("%20", "+"),
    }
    # Encoded twice: each "%" as "%25", or the encoded form through encodeURIComponent again
    # (which also turns a form's "+" into "%2B").
    twice = {form.replace("%", "%25") for form in forms if "%" in form}
    twice |= {quote(form, safe="!~*'()") for form in forms if "%" in form or "+" in form}
    return forms | twice


def _written_forms(value: str) -> set[str]:
    """As sent, JSON-escaped and URL-encoded, in its case variants (folding that changes a
    value's length, ß and SS, escapes a case-insensitive match)."""
    forms: set[str] = set()
    for variant in {value, value.upper(), value.lower(), value.casefold()}:
        forms |= {variant, json.dumps(variant)[1:-1], json.dumps(variant, ensure_ascii=False)[1:-1]}
        forms |= _url_forms(variant)
    return forms


def _bytes_forms(raw: bytes) -> set[str]:
    padded = base64.b64encode(raw).decode("ascii")
    url = base64.urlsafe_b64encode(raw).decode("ascii")
    return {padded, padded.rstrip("="), url, url.rstrip("="), raw.hex()}


def _decoded_signature(value: str) -> bytes | None:
    """The bytes of a signature written in hex, base64 or base64url, if it is one of those."""
    if re.fullmatch(r"(?:[0-9a-fA-F]{2}){8,}", value):
        return bytes.fromhex(value)
    if re.fullmatch(r"[A-Za-z0-9+/_-]{11,}={0,2}", value):
        try:
            raw = base64.urlsafe_b64decode(value.replace("+", "-").replace("/", "_").rstrip("=") + "=" * (-len(value.rstrip("=")) % 4))
        except (binascii.Error, ValueError):
            return None
        return raw if len(raw) >= 8 else None
    return None


def _identifier_core(value: str) -> str | None:
    """Letters and digits, at least half of them digits, at most 34: an identifier read through its separators."""
    core = _IDENTIFIER_SEPARATORS.sub("", value)
    if not core or len(core) > 34 or not (core.isascii() and core.isalnum()):
        return None
    return core if sum(c.isdigit() for c in core) * 2 >= len(core) else None


def _spelled(core: str) -> str:
    return _SEPARATOR.join(re.escape(c) for c in core)


@dataclass(frozen=True)
class Carried:
    """The values one call carried. Never shown: ``repr`` names what is held, not its values."""

    secrets: tuple[str, ...] = ()
    identifiers: tuple[str, ...] = ()
    signatures: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"Carried({len(self.secrets)} secret(s), {len(self.identifiers)} identifier(s), {len(self.signatures)} signature(s))"


def carried_fields(document: Any) -> list[tuple[str, str]]:
    """``(kind, value)`` of each protected field of a request body, at any depth."""
    found: list[tuple[str, str]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                kind = field_kind(str(key))
                if kind is not None and isinstance(value, (str, int, float)) and not isinstance(value, bool):
                    found.append((kind, json.dumps(value) if isinstance(value, float) else str(value)))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(document)
    return found


def carried_by_call(
    *, api_key: str | None, secrets: Iterable[str], fields: Iterable[tuple[str, str]], signatures: Iterable[str]
) -> Carried:
    """What one call carried, sorted by how the policy looks for it."""
    field_list = list(fields)
    return Carried(
        secrets=tuple(v for v in (api_key, *secrets, *(value for kind, value in field_list if kind == "secret")) if v),
        identifiers=tuple(value for kind, value in field_list if kind == "identifier" and value),
        signatures=tuple(s for s in signatures if s),
    )


class Redactor:
    """Masks what a call carried, and protected fields, in text, JSON and headers."""

    __slots__ = ("_pattern",)

    def __init__(self, carried: Carried) -> None:
        literal: set[str] = set()
        spelled: list[str] = []
        for value in (*carried.secrets, *carried.identifiers, *carried.signatures):
            literal |= _written_forms(value)
            core = _identifier_core(value)
            if core is not None:
                spelled.append(_spelled(core))
                bare = core.lstrip("0")
                if core.isdigit() and bare and bare != core:
                    # As a JSON number prints it; only where it stands as a number, so that
                    # 058 is not found inside TRX-100158 or 6e58.
                    spelled.append(_STANDS_ALONE_BEFORE + _spelled(bare) + _STANDS_ALONE_AFTER)
        for value in (*carried.secrets, *carried.signatures):
            if len(value) >= _SHORTEST_ENCODED_SECRET:
                for form in _bytes_forms(value.encode("utf-8")):
                    literal |= {form, *_url_forms(form)}
        for value in carried.signatures:
            raw = _decoded_signature(value)
            if raw is not None:
                for form in _bytes_forms(raw):
                    literal |= {form, *_url_forms(form)}
        literal.discard("")
        # A spelled identifier first (it reaches across separators), then the literal forms,
        # longest first so that a value containing another is masked whole.
        alternatives = [*spelled, *(re.escape(f) for f in sorted(literal, key=len, reverse=True))]
        self._pattern = re.compile("|".join(alternatives), re.IGNORECASE) if alternatives else None

    def text(self, text: str) -> str:
        return text if self._pattern is None else self._pattern.sub(MASK, text)

    def json(self, value: Any) -> Any:
        """A copy of a JSON value with protected fields and carried values masked, keys included."""
        if isinstance(value, dict):
            return {self.text(str(k)): (_masked_whole(v) if is_protected_field(str(k)) else self.json(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [self.json(v) for v in value]
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            written = json.dumps(value)
            # A number that spells a carried value stays a number.
            return value if self.text(written) == written else 0
        return value

    def headers(self, headers: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        """Header names too (a gateway may echo a value in one): a name that held a carried value
        is renamed whole, ``redacted-header-1``, ``-2``, … (a name cannot hold the mask's brackets)."""
        shown: list[tuple[str, str]] = []
        renamed = 0
        for name, value in headers:
            if self.text(name) != name:
                renamed += 1
                shown_name = f"redacted-header-{renamed}"
            else:
                shown_name = name
            shown.append((shown_name, MASK if name.lower() in SECRET_HEADERS else self.text(value)))
        return shown

    def __repr__(self) -> str:
        return "Redactor()"


def _masked_whole(value: Any) -> Any:
    """A protected field's value: strings masked, numbers 0, objects and arrays keep their shape."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return 0
    if isinstance(value, Mapping):
        return {k: _masked_whole(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked_whole(v) for v in value]
    return MASK
