"""Secrets stay secret; bad options and arguments are refused naming the option, never its value."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from conftest import envelope

from wallet_api import (
    ApiError,
    ConfigurationError,
    InvalidArgumentError,
    InvalidResponseError,
    RetryOptions,
    WalletApi,
    WalletApiError,
    hmac_sha256,
)

KEY, SECRET = "privacy-key-4f9a2c", "privacy-signing-secret-77e1"
PASSWORD, ACCOUNT = "hunter2-Customer-Pass", "0123456789"
HERE = Path(__file__).resolve().parent


def renderings(error: BaseException, records: list[logging.LogRecord]) -> list[str]:
    return [str(error), repr(error), "".join(traceback.format_exception(error)), *(r.getMessage() for r in records)]


def echoing(template: str, status: int = 400, header_echo: bool = False) -> tuple[WalletApi, list[httpx.Request]]:
    """A provider that quotes back what the request carried."""
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        body = request.content.decode()
        text = (
            template.replace("{key}", request.headers["x-api-key"])
            .replace("{signature}", request.headers["x-signature"])
            .replace("{body}", body)
            .replace("{password}", PASSWORD)
            .replace("{PASSWORD}", PASSWORD.upper())
            .replace("{encoded}", quote(PASSWORD))
            .replace("{account}", ACCOUNT)
        )
        carried = PASSWORD if PASSWORD in body else ACCOUNT
        headers = {"x-echo-key": request.headers["x-api-key"], f"x-{carried.lower()}": "seen"} if header_echo else {}
        if text.startswith("<"):
            return httpx.Response(status, text=text, headers=headers)
        return httpx.Response(status, content=envelope(None, "error", text), headers=headers)

    client = WalletApi(
        environment="custom",
        base_url="http://wallet.test",
        api_key=KEY,
        signer=hmac_sha256(secret=SECRET),
        http_client=httpx.Client(transport=httpx.MockTransport(answer)),
    )
    return client, seen


@pytest.mark.parametrize(
    "template",
    [
        "key {key} signed {signature} is not allowed",
        "password {password} is wrong ({PASSWORD}, {encoded})",
        "account {account} was not found; secret {SECRET}".replace("{SECRET}", SECRET),
        "echo: {body}",
        "<html>Bad gateway for {key}, account {account}, signature {signature}</html>",
    ],
)
def test_no_rendering_of_the_error_or_log_line_shows_what_the_request_carried(template: str, caplog: pytest.LogCaptureFixture) -> None:
    client, seen = echoing(template, 502 if template.startswith("<") else 400, header_echo=True)
    caplog.set_level(logging.DEBUG, logger="wallet_api")
    with pytest.raises(WalletApiError) as failed:
        if "account" in template:
            client.preview_local_payout(amount=25000, coin="ngn", account_number=ACCOUNT, bank_code="058")
        else:
            client.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
    assert isinstance(failed.value, (ApiError, InvalidResponseError))
    records = [r for r in caplog.records if r.name == "wallet_api"]
    assert any(r.levelno == logging.DEBUG for r in records)
    carried = [ACCOUNT] if "account" in template else [PASSWORD, PASSWORD.lower(), PASSWORD.upper(), quote(PASSWORD)]
    protected = [KEY, SECRET, seen[0].headers["x-signature"], *carried]
    for text in renderings(failed.value, records):
        for value in protected:
            assert value not in text


def test_the_providers_answer_is_kept_exactly_behind_the_raw_accessors_only() -> None:
    client, seen = echoing("password {password} is wrong", header_echo=True)
    with pytest.raises(ApiError) as failed:
        client.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
    error = failed.value
    assert error.raw_envelope()["message"] == f"password {PASSWORD} is wrong"
    assert error.raw_headers()["x-echo-key"] == KEY
    assert error.api_message == "password [redacted] is wrong"
    assert str(error) == "POST /api/v1/swaps failed with HTTP 400: password [redacted] is wrong"
    assert error.envelope["message"] == "password [redacted] is wrong"
    assert error.headers["x-echo-key"] == "[redacted]"
    # The header named after the password is renamed whole.
    assert f"x-{PASSWORD.lower()}" not in error.headers and error.headers["redacted-header-1"] == "seen"
    assert seen


def test_the_logger_is_silent_unless_configured() -> None:
    # A fresh interpreter with no logging configured: nothing reaches stderr, even for an error.
    code = (
        "import httpx, wallet_api\n"
        't = httpx.MockTransport(lambda r: httpx.Response(500, content=b\'{"status":"error","message":"boom","data":null}\'))\n'
        "c = wallet_api.WalletApi(environment='custom', base_url='http://x.test', api_key='k', signer=wallet_api.hmac_sha256(secret='s'), http_client=httpx.Client(transport=t))\n"
        "try:\n    c.list_markets()\nexcept wallet_api.ApiError:\n    pass\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(HERE.parent / "src")}, check=True
    )
    assert run.stderr == "" and run.stdout == ""


def build(**overrides: object) -> WalletApi:
    options: dict[str, object] = {
        "environment": "custom",
        "base_url": "http://127.0.0.1:4020",
        "api_key": KEY,
        "signer": hmac_sha256(secret=SECRET),
    }
    options.update(overrides)
    return WalletApi(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("overrides", "names"),
    [
        ({"environment": None}, "environment"),
        ({"environment": "prod"}, "environment"),
        ({"base_url": None}, "base_url"),
        ({"environment": "production", "base_url": "http://wallet.invalid"}, "base_url"),
        ({"environment": "staging", "base_url": "http://wallet.invalid"}, "base_url"),
        ({"base_url": "http://user:pw@wallet.invalid"}, "base_url"),
        ({"base_url": "wallet.invalid/api"}, "base_url"),
        ({"api_key": ""}, "api_key"),
        ({"api_key": "key-part-one\nkey-part-two"}, "api_key"),
        ({"signer": None}, "signer"),
        ({"timeout": 0}, "timeout"),
        ({"timeout": "30s"}, "timeout"),
        ({"timeout": httpx.Timeout(5, read=-1)}, "timeout.read"),
        ({"max_response_bytes": -1}, "max_response_bytes"),
        ({"user_agent": "bad\nagent"}, "user_agent"),
        ({"retry": {"attempts": 2}}, "retry"),
        ({"http_client": object()}, "http_client"),
    ],
)
@pytest.mark.usefixtures("no_wallet_api_variables")
def test_bad_options_are_configuration_errors_naming_the_option(overrides: dict[str, object], names: str) -> None:
    with pytest.raises(ConfigurationError) as refused:
        build(**overrides)
    assert refused.value.kind == "configuration" and names in str(refused.value)
    for text in renderings(refused.value, []):
        assert "key-part-one" not in text and "pw@" not in text and SECRET not in text


@pytest.mark.parametrize(
    ("options", "names"),
    [
        ({"attempts": 0}, "retry.attempts"),
        ({"attempts": 2, "initial_delay_ms": -1}, "retry.initial_delay_ms"),
        ({"attempts": 2, "initial_delay_ms": 500, "max_delay_ms": 100}, "initial_delay_ms <= max_delay_ms"),
    ],
)
def test_bad_retry_options_are_refused(options: dict[str, Any], names: str) -> None:
    with pytest.raises(ConfigurationError, match=names.replace(".", r"\.")):
        RetryOptions(**options)


@pytest.mark.usefixtures("no_wallet_api_variables")
def test_production_over_https_is_accepted_and_nothing_defaults_to_it() -> None:
    assert repr(build(environment="production", base_url="https://wallet.example/")) == "WalletApi(environment='production')"
    with pytest.raises(ConfigurationError, match="WALLET_API_ENVIRONMENT"):
        WalletApi(base_url="https://wallet.example", api_key=KEY, signer=hmac_sha256(secret=SECRET))


def test_secrets_never_show_in_the_client_or_signer_repr() -> None:
    signer = hmac_sha256(secret=SECRET)
    client = build(signer=signer)
    assert SECRET not in repr(signer) and SECRET not in repr(client) and KEY not in repr(client)
    with pytest.raises(ConfigurationError, match="secret"):
        hmac_sha256(secret="")


def test_wrong_argument_types_are_refused_before_anything_is_sent() -> None:
    seen: list[httpx.Request] = []
    client = WalletApi(
        environment="custom",
        base_url="http://wallet.test",
        api_key=KEY,
        signer=hmac_sha256(secret=SECRET),
        http_client=httpx.Client(transport=httpx.MockTransport(lambda r: seen.append(r) or httpx.Response(200))),  # type: ignore[func-returns-value]
    )
    numeric_password = int("9" * 8)  # a value no source line shows
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: client.create_swap(from_="usdt", to="ngn", amount="100", password=PASSWORD), "amount"),  # type: ignore[arg-type]
        (lambda: client.create_swap(from_="usdt", to="ngn", amount=100, password=numeric_password), "password"),  # type: ignore[arg-type]
        (lambda: client.create_swap(from_="usdt", to="ngn", amount=-5, password=PASSWORD), "amount"),
        (lambda: client.list_transactions(limit="10"), "limit"),  # type: ignore[arg-type]
        (lambda: client.list_transactions(limit=0), "limit"),
        (lambda: client.confirm_swap(id=7), "id"),  # type: ignore[arg-type]
        (lambda: client.create_wallet(token="usdt", name="x" * 81), "name"),
        (lambda: client.list_markets(timeout=-1), "timeout"),
    ]
    for call, name in cases:
        with pytest.raises(ConfigurationError) as refused:
            call()
        assert name in str(refused.value)
        assert "nothing was sent" in str(refused.value) or name == "timeout"
        assert PASSWORD not in str(refused.value) and "99999999" not in "".join(traceback.format_exception(refused.value))
        if name != "timeout":
            assert isinstance(refused.value, InvalidArgumentError) and isinstance(refused.value, TypeError)
    assert seen == []


def test_mypy_refuses_wrong_argument_types(tmp_path: Path) -> None:
    sample = tmp_path / "wrong.py"
    sample.write_text(
        "from wallet_api import WalletApi, hmac_sha256\n"
        "c = WalletApi(environment='custom', base_url='http://x', api_key='k', signer=hmac_sha256(secret='s'))\n"
        "c.create_swap(from_='usdt', to='ngn', amount='100', password='p')\n"
        "c.list_transactions(page='2')\n"
        "WalletApi(environment='prod', base_url='http://x', api_key='k', signer=hmac_sha256(secret='s'))\n"
        "q: int = c.get_swap_quote(from_='usdt', to='ngn', amount=1).quoted_price\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", str(HERE.parent / "pyproject.toml"), str(sample)],
        capture_output=True,
        text=True,
        cwd=HERE.parent,
    )
    assert run.returncode == 1, run.stdout
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert [int(line.split(":")[1]) for line in errors] == [3, 4, 5, 6], run.stdout


def test_random_carried_values_echoed_in_any_form_are_masked(caplog: pytest.LogCaptureFixture) -> None:
    # Seeded, so a failure is reproduced exactly; values with regex, URL and JSON specials and non-ASCII letters.
    import random
    from urllib.parse import quote_plus

    rng = random.Random(20261127)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~äßøŁ€"
    caplog.set_level(logging.DEBUG, logger="wallet_api")
    for _ in range(150):
        password = "".join(rng.choice(alphabet) for _ in range(rng.randint(8, 24)))
        forms = [
            password,
            password.upper(),
            password.lower(),
            quote(password),
            quote(password, safe=""),
            quote_plus(password),
            json.dumps(password)[1:-1],
        ]
        shown = rng.choice(forms)
        message = f"refused: {shown} ({rng.choice(forms)})"
        transport = httpx.MockTransport(lambda request, m=message: httpx.Response(400, content=envelope(None, "error", m)))
        client = WalletApi(
            environment="custom",
            base_url="http://wallet.test",
            api_key=KEY,
            signer=hmac_sha256(secret=SECRET),
            http_client=httpx.Client(transport=transport),
        )
        caplog.clear()
        with pytest.raises(ApiError) as failed:
            client.create_swap(from_="usdt", to="ngn", amount=1, password=password)
        assert failed.value.raw_envelope()["message"] == message
        for text in renderings(failed.value, caplog.records):
            for form in forms:
                assert form not in text, (password, form)


def test_errors_pickle_as_they_show_themselves_without_what_the_request_carried() -> None:
    import pickle

    client, seen = echoing("password {password} is wrong; key {key}", header_echo=True)
    with pytest.raises(ApiError) as api:
        client.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
    failures: list[WalletApiError] = [api.value]
    for make_error in (
        lambda: build(api_key="bad\nkey"),
        lambda: build().create_swap(from_="usdt", to="ngn", amount="1", password=PASSWORD),  # type: ignore[arg-type]
        lambda: WalletApi(
            environment="custom",
            base_url="http://wallet.test",
            api_key=KEY,
            signer=hmac_sha256(secret=SECRET),
            timeout=0.005,
            http_client=httpx.Client(transport=httpx.MockTransport(lambda r: (_ for _ in ()).throw(httpx.ReadTimeout("slow", request=r)))),
        ).list_markets(),
    ):
        with pytest.raises(WalletApiError) as other:
            make_error()
        failures.append(other.value)
    for error in failures:
        data = pickle.dumps(error)
        for value in (PASSWORD.encode(), KEY.encode(), SECRET.encode(), seen[0].headers["x-signature"].encode()):
            assert value not in data, type(error).__name__
        copy = pickle.loads(data)  # noqa: S301 - bytes this test made
        assert type(copy) is type(error) and str(copy) == str(error) and copy.kind == error.kind and copy.operation == error.operation
    restored = pickle.loads(pickle.dumps(api.value))  # noqa: S301 - bytes this test made
    assert isinstance(restored, ApiError)
    assert restored.http_status == 400 and restored.api_message == "password [redacted] is wrong; key [redacted]"
    assert restored.envelope["message"] == restored.api_message and restored.headers["x-echo-key"] == "[redacted]"
