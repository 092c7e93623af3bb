"""One sandbox per test run (the repository's `scripts/sandbox.ts` on a free port), or the one
``WALLET_API_SANDBOX_URL`` names (with ``WALLET_API_KEY`` and ``WALLET_API_SIGNING_SECRET``,
the demo credentials by default)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from wallet_api import WalletApi, hmac_sha256

REPO = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class Sandbox:
    url: str
    api_key: str
    secret: str

    def client(self, **options: Any) -> WalletApi:
        return WalletApi(environment="custom", base_url=self.url, api_key=self.api_key, signer=hmac_sha256(secret=self.secret), **options)

    def helper(self, method: str, path: str) -> Any:
        """A signed call of a sandbox test helper, signed by hand with the standard library."""
        now = datetime.now(UTC)
        timestamp = f"{now:%Y-%m-%dT%H:%M:%S}.{now.microsecond // 1000:03d}Z"
        signature = hmac.new(self.secret.encode(), f"{timestamp}\n{method}\n{path}\n".encode(), hashlib.sha256).hexdigest()
        headers = {"x-api-key": self.api_key, "x-timestamp": timestamp, "x-signature": signature}
        answer = httpx.request(method, self.url + path, headers=headers, timeout=30)
        assert answer.status_code == 200, answer.text
        return answer.json()["data"]

    def reset(self) -> None:
        self.helper("POST", "/sandbox/reset")


@pytest.fixture(scope="session")
def sandbox() -> Iterator[Sandbox]:
    given = os.environ.get("WALLET_API_SANDBOX_URL")
    if given:
        yield Sandbox(
            given.rstrip("/"),
            os.environ.get("WALLET_API_KEY", "sandbox-demo-key"),
            os.environ.get("WALLET_API_SIGNING_SECRET", "sandbox-demo-secret"),
        )
        return
    key, secret = "python-tests-key", "python-tests-signing-secret"
    env = {**os.environ, "PORT": "0", "SANDBOX_LOG": "off", "SANDBOX_API_KEYS": f"{key}:{secret}"}
    process = subprocess.Popen(
        ["node", "--import", "tsx", "scripts/sandbox.ts"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    lines = []
    url = None
    for line in process.stdout:
        lines.append(line)
        found = re.search(r"listening on (http://\S+)", line)
        if found:
            url = found.group(1)
            break
    if url is None:
        process.kill()
        pytest.fail("the sandbox did not start:\n" + "".join(lines))
    try:
        yield Sandbox(url, key, secret)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


@pytest.fixture
def client(sandbox: Sandbox) -> Iterator[WalletApi]:
    with sandbox.client() as made:
        yield made


def envelope(data: Any, status: str = "success", message: str = "OK") -> bytes:
    return json.dumps({"status": status, "message": message, "data": data}).encode()


@pytest.fixture
def no_wallet_api_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    """None of the variables the client reads for an option not given."""
    for name in ("WALLET_API_ENVIRONMENT", "WALLET_API_BASE_URL", "WALLET_API_KEY", "WALLET_API_SIGNING_SECRET"):
        monkeypatch.delenv(name, raising=False)
