"""The policy's forms (docs/privacy.md), one by one, with outcomes written here by hand."""

from __future__ import annotations

import base64

import pytest

from wallet_api._privacy import Redactor, carried_by_call

KEY = "policy-api-key-31c7"
SIGNATURE = "9f2c" * 16


def redactor(**fields: str) -> Redactor:
    kinds = {"password": "secret", "pin": "secret", "accountNumber": "identifier", "bankCode": "identifier"}
    carried = carried_by_call(
        api_key=KEY, secrets=["policy-signing-secret"], fields=[(kinds[n], v) for n, v in fields.items()], signatures=[SIGNATURE]
    )
    return Redactor(carried)


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        ('{"ref":123456789}', "123456789"),
        ("account 0123 456 789 and 0123-456-789 and 0123.456.789", "456"),
        ("account 0123%20456%20789 or 0123+456+789", "456"),
        ("account 123\u00a0456\u00a0789", "456"),
        ("account %2530123456789", "0123456789"),
        ("ACCOUNT 0123456789", "0123456789"),
    ],
)
def test_an_account_number_is_found_in_the_forms_systems_print_it(text: str, absent: str) -> None:
    assert absent not in redactor(accountNumber="0123456789").text(text)


def test_a_short_number_without_its_leading_zeros_is_masked_only_where_it_stands_as_a_number() -> None:
    masked = redactor(bankCode="058").text('{"bankCode":58,"id":"TRX-100158","hash":"0x6e58","amount":1.58}')
    assert masked == '{"bankCode":[redacted],"id":"TRX-100158","hash":"0x6e58","amount":1.58}'


def test_a_password_with_spaces_and_plus_is_found_encoded_every_way() -> None:
    password = "pass word+plus ~x!"
    text = " | ".join(
        [
            password,
            "pass%20word%2Bplus%20~x!",
            "pass+word%2Bplus+%7Ex%21",
            "pass%2520word%252Bplus%2520~x!",
            "PASS WORD+PLUS ~X!",
            base64.b64encode(password.encode()).decode(),
            base64.urlsafe_b64encode(password.encode()).decode().rstrip("="),
            password.encode().hex().upper(),
        ]
    )
    assert redactor(password=password).text(text) == " | ".join(["[redacted]"] * 8)


def test_secrets_and_signatures_are_found_as_their_bytes_in_other_encodings() -> None:
    signature_b64 = base64.b64encode(bytes.fromhex(SIGNATURE)).decode()
    key_b64 = base64.b64encode(KEY.encode()).decode().rstrip("=")
    masked = redactor().text(f"sig {signature_b64} key {key_b64} secret {b'policy-signing-secret'.hex()}")
    assert masked == "sig [redacted] key [redacted] secret [redacted]"


def test_headers_named_after_a_carried_value_are_renamed_and_credentials_masked() -> None:
    shown = redactor(accountNumber="0123456789").headers(
        [("x-seen-0123456789", "1"), ("x-api-key", "anything"), ("x-request", "r1 0123456789")]
    )
    assert shown == [("redacted-header-1", "1"), ("x-api-key", "[redacted]"), ("x-request", "r1 [redacted]")]


def test_json_masks_protected_names_and_numbers_spelling_a_carried_value() -> None:
    document = {"accountNumber": 123, "customerPin": "9", "ref": 123456789, "total": 42, "nested": [{"receiverAddress": {"a": "b"}}]}
    assert redactor(accountNumber="0123456789").json(document) == {
        "accountNumber": 0,
        "customerPin": "[redacted]",
        "ref": 0,
        "total": 42,
        "nested": [{"receiverAddress": {"a": "[redacted]"}}],
    }
