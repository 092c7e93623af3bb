"""The client as Python teams use one: options from the environment, an error class per status,
timeouts in seconds, quiet logging, and per-call settings derived with ``with_options``."""

from __future__ import annotations

import hashlib
import hmac
import logging
import pickle
import traceback
from collections.abc import Callable, Iterator

import httpx
import pytest
from conftest import envelope

import wallet_api
from wallet_api import (
    ApiError,
    AsyncWalletApi,
    ConfigurationError,
    InternalServerError,
    NotFoundError,
    RateLimitError,
    RetryOptions,
    WalletApi,
    hmac_sha256,
)

KEY, SECRET = "options-key-9d2e", "options-signing-secret-61f0"
VARIABLES = {
    "WALLET_API_ENVIRONMENT": "custom",
    "WALLET_API_BASE_URL": "http://from-env.test",
    "WALLET_API_KEY": KEY,
    "WALLET_API_SIGNING_SECRET": SECRET,
}
Handler = Callable[[httpx.Request], httpx.Response]


@pytest.fixture
def variables(monkeypatch: pytest.MonkeyPatch, no_wallet_api_variables: None) -> Iterator[pytest.MonkeyPatch]:
    for name, value in VARIABLES.items():
        monkeypatch.setenv(name, value)
    yield monkeypatch


def recording(handler: Handler) -> tuple[httpx.Client, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    return httpx.Client(transport=httpx.MockTransport(record)), seen


def ok(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, content=envelope({}))


def signed_with(request: httpx.Request, secret: str) -> bool:
    canonical = f"{request.headers['x-timestamp']}\n{request.method}\n{request.url.raw_path.decode()}\n".encode() + request.content
    return request.headers["x-signature"] == hmac.new(secret.encode(), canonical, hashlib.sha256).hexdigest()


def test_a_client_of_no_arguments_reads_the_four_variables(variables: pytest.MonkeyPatch) -> None:
    http, seen = recording(ok)
    WalletApi(http_client=http).list_markets()
    request = seen[0]
    assert str(request.url) == "http://from-env.test/api/v1/wallets/markets"
    assert request.headers["x-api-key"] == KEY and signed_with(request, SECRET)


def test_the_async_client_reads_them_too(variables: pytest.MonkeyPatch) -> None:
    assert repr(AsyncWalletApi()) == "AsyncWalletApi(environment='custom')"


def test_explicit_arguments_win_over_the_variables(variables: pytest.MonkeyPatch) -> None:
    http, seen = recording(ok)
    WalletApi(base_url="http://given.test", api_key="given-key", signer=hmac_sha256(secret="given-secret"), http_client=http).list_markets()
    assert seen[0].url.host == "given.test" and seen[0].headers["x-api-key"] == "given-key" and signed_with(seen[0], "given-secret")


@pytest.mark.parametrize("missing", sorted(VARIABLES))
def test_a_missing_variable_is_a_configuration_error_naming_it(variables: pytest.MonkeyPatch, missing: str) -> None:
    variables.delenv(missing)
    with pytest.raises(ConfigurationError) as refused:
        WalletApi()
    assert missing in str(refused.value)


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("WALLET_API_ENVIRONMENT", "prod-secret-name"),
        ("WALLET_API_BASE_URL", "http://user:hunter2@wallet.invalid"),
        ("WALLET_API_KEY", "key-part-one\nkey-part-two"),
    ],
)
def test_a_refused_variable_is_named_and_never_quoted(variables: pytest.MonkeyPatch, variable: str, value: str) -> None:
    variables.setenv(variable, value)
    with pytest.raises(ConfigurationError) as refused:
        WalletApi()
    assert str(refused.value).startswith(f"{variable}: ")
    error = refused.value
    # From the client's frames on (this test's own frame holds the value as a parameter).
    frames = error.__traceback__.tb_next if error.__traceback__ else None
    shown = "".join(traceback.TracebackException(type(error), error, frames, capture_locals=True).format())
    for part in value.split("\n"):
        assert part not in shown


def test_production_given_in_the_environment_still_takes_only_https(variables: pytest.MonkeyPatch) -> None:
    variables.setenv("WALLET_API_ENVIRONMENT", "production")
    with pytest.raises(ConfigurationError, match="WALLET_API_BASE_URL: base_url of the production environment must use https"):
        WalletApi()


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, "BadRequestError"),
        (401, "AuthenticationError"),
        (403, "PermissionDeniedError"),
        (404, "NotFoundError"),
        (409, "ConflictError"),
        (422, "UnprocessableEntityError"),
        (429, "RateLimitError"),
        (500, "InternalServerError"),
        (503, "InternalServerError"),
        (402, "ApiError"),
        (200, "ApiError"),
    ],
)
def test_each_status_has_its_error_class_and_every_one_is_an_api_error(status: int, kind: str) -> None:
    http, _ = recording(lambda _: httpx.Response(status, content=envelope(None, "error", "refused")))
    client = WalletApi(
        environment="custom", base_url="http://wallet.test", api_key=KEY, signer=hmac_sha256(secret=SECRET), http_client=http
    )
    with pytest.raises(ApiError) as failed:
        client.get_transaction(id="TRX-1")
    error = failed.value
    assert type(error) is getattr(wallet_api, kind) and error.kind == "api" and error.http_status == status
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - bytes this test made
    assert type(copy) is type(error) and str(copy) == str(error)


def test_an_expected_404_is_caught_by_its_class() -> None:
    http, _ = recording(lambda _: httpx.Response(404, content=envelope(None, "error", "no such transaction")))
    client = WalletApi(
        environment="custom", base_url="http://wallet.test", api_key=KEY, signer=hmac_sha256(secret=SECRET), http_client=http
    )
    try:
        client.get_transaction(id="TRX-404")
    except NotFoundError as missing:
        assert missing.api_message == "no such transaction"
    else:
        raise AssertionError("no NotFoundError")


def test_a_timeout_is_seconds_or_an_httpx_timeout_given_to_httpx_as_is() -> None:
    http, seen = recording(ok)
    client = WalletApi(
        environment="custom", base_url="http://wallet.test", api_key=KEY, signer=hmac_sha256(secret=SECRET), http_client=http
    )
    phases = httpx.Timeout(7.0, connect=2.0)
    client.list_markets(timeout=phases)
    client.list_markets(timeout=2.5)
    assert seen[0].extensions["timeout"] == phases.as_dict()
    # A number bounds the attempt as a whole: each phase gets what is left of it after signing.
    assert all(0 < limit <= 2.5 for limit in seen[1].extensions["timeout"].values())


def failures_and_retries(status: int) -> Handler:
    answers = iter([httpx.Response(503, content=envelope(None, "error", "busy"), headers={"retry-after": "0"})])
    return lambda _: next(answers, httpx.Response(status, content=envelope(None, "error", "refused")))


def test_failed_calls_are_logged_at_debug_and_retries_at_info_never_above(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="wallet_api")
    for status in (404, 500):
        http, _ = recording(failures_and_retries(status))
        client = WalletApi(
            environment="custom",
            base_url="http://wallet.test",
            api_key=KEY,
            signer=hmac_sha256(secret=SECRET),
            retry=RetryOptions(attempts=2, initial_delay_ms=0, max_delay_ms=0, statuses=(503,)),
            http_client=http,
        )
        with pytest.raises(ApiError):
            client.get_transaction(id="TRX-1")
    records = [r for r in caplog.records if r.name == "wallet_api"]
    assert max(r.levelno for r in records) == logging.INFO
    retries = [r.getMessage() for r in records if r.levelno == logging.INFO]
    assert len(retries) == 2 and all("answered HTTP 503" in m for m in retries)
    ends = [r.getMessage() for r in records if "failed" in r.getMessage()]
    assert ends == [
        f"GET /api/v1/transactions/{{id}} failed (api, HTTP {status}) in {m.split(' in ')[1].split(' ms')[0]} ms (attempt 2): "
        f"GET /api/v1/transactions/{{id}} failed with HTTP {status}: refused"
        for status, m in zip((404, 500), ends, strict=True)
    ]


def test_with_options_derives_a_client_with_other_settings_sharing_the_connections() -> None:
    http, seen = recording(lambda _: httpx.Response(503, content=envelope(None, "error", "busy"), headers={"retry-after": "0"}))
    client = WalletApi(
        environment="custom", base_url="http://wallet.test", api_key=KEY, signer=hmac_sha256(secret=SECRET), http_client=http
    )
    patient = client.with_options(max_retries=2, timeout=httpx.Timeout(3.0))
    with pytest.raises(InternalServerError):
        patient.list_markets()
    assert len(seen) == 3 and seen[0].extensions["timeout"] == httpx.Timeout(3.0).as_dict()
    with pytest.raises(InternalServerError):
        client.list_markets()
    assert len(seen) == 4  # the original is unchanged: no retries
    patient.close()
    assert not http.is_closed
    with pytest.raises(RateLimitError):
        WalletApi(
            environment="custom",
            base_url="http://wallet.test",
            api_key=KEY,
            signer=hmac_sha256(secret=SECRET),
            http_client=recording(lambda _: httpx.Response(429, content=envelope(None, "error", "slow down")))[0],
        ).with_options(max_retries=0).list_markets()
    with pytest.raises(ConfigurationError, match="max_retries"):
        client.with_options(max_retries=-1)
