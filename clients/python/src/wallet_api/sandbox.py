"""The local sandbox as a child process, for test suites: ``LocalSandbox.start()`` runs it on a
free port, waits until ``/sandbox/health`` answers, and ``stop()`` ends it and everything it
started. The pytest fixtures of ``wallet_api.pytest_plugin`` are built on it.

The sandbox run is, in this order: the executable ``WALLET_API_SANDBOX_BIN`` names, the
``wallet-api-sandbox`` distribution (``pip install "wallet-api-sdk[sandbox]"``), or a
``wallet-api-sandbox`` command on ``PATH``. It reads the same environment variables as the
npm package's command (``SANDBOX_DATABASE_URL``, ``SANDBOX_PROFILE`` …); the API key and
signing secret are made afresh for each start, so nothing else can call it.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import hmac
import json
import os
import queue
import secrets
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from types import FrameType
from typing import Any

import httpx

from ._client import AsyncWalletApi, WalletApi
from ._signing import hmac_sha256

__all__ = ["LocalSandbox", "SandboxStartError", "sandbox_command"]

#: Seconds a sandbox has to answer its health check, unless WALLET_API_SANDBOX_START_TIMEOUT says otherwise.
DEFAULT_START_TIMEOUT = 30.0
HOW_TO_GET_IT = (
    'pip install "wallet-api-sdk[sandbox]" (the wallet-api-sandbox wheel, with its own Node), '
    "or set WALLET_API_SANDBOX_BIN to the wallet-api-sandbox executable (docs/python.md, 'Testing against the sandbox')"
)


class SandboxStartError(RuntimeError):
    """The sandbox could not be found, run, or did not become ready in time; the message names the cause."""


def sandbox_command(env: Mapping[str, str] | None = None) -> list[str]:
    """The command line of the sandbox to run: WALLET_API_SANDBOX_BIN, else the wallet-api-sandbox distribution, else PATH."""
    env = os.environ if env is None else env
    given = env.get("WALLET_API_SANDBOX_BIN")
    if given:
        if not os.path.isfile(given):
            raise SandboxStartError(f"WALLET_API_SANDBOX_BIN names no file: {given}")
        if not os.access(given, os.X_OK):
            raise SandboxStartError(f"WALLET_API_SANDBOX_BIN is not executable: {given} (chmod +x it)")
        return [given]
    try:
        import wallet_api_sandbox  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        pass
    else:
        try:
            found: list[str] = wallet_api_sandbox.command()
        except FileNotFoundError as error:
            raise SandboxStartError(f"the wallet-api-sandbox distribution is incomplete: {error}") from None
        return found
    on_path = shutil.which("wallet-api-sandbox", path=env.get("PATH"))
    if on_path:
        return [on_path]
    raise SandboxStartError(f"no sandbox to run: {HOW_TO_GET_IT}")


def _start_timeout(env: Mapping[str, str]) -> float:
    text = env.get("WALLET_API_SANDBOX_START_TIMEOUT")
    if not text:
        return DEFAULT_START_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = -1
    if not value > 0:
        raise SandboxStartError(f"WALLET_API_SANDBOX_START_TIMEOUT must be a positive number of seconds, got {text!r}")
    return value


def _die_with_parent() -> None:  # pragma: no cover (runs in the child between fork and exec)
    """On Linux, the kernel sends the sandbox SIGTERM if the test run dies without a chance to stop it (SIGKILL)."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class LocalSandbox:
    """A sandbox process of this test run: ``base_url``, ``api_key`` and ``secret`` to call it, ``arm()`` and ``reset()``."""

    def __init__(self, process: subprocess.Popen[str], base_url: str, api_key: str, secret: str) -> None:
        self._process = process
        self.base_url = base_url
        self.api_key = api_key
        self.secret = secret
        self._last_ms = 0
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"LocalSandbox(base_url={self.base_url!r})"

    @property
    def pid(self) -> int:
        """The sandbox's process id (its process group's too, outside Windows)."""
        return self._process.pid

    @classmethod
    def start(cls, env: Mapping[str, str] | None = None) -> LocalSandbox:
        """Runs the sandbox on a free loopback port and answers once ``/sandbox/health`` is 200; never waits past the start limit."""
        base_env = dict(os.environ if env is None else env)
        command = sandbox_command(base_env)
        limit = _start_timeout(base_env)
        api_key, secret = f"tests-{secrets.token_hex(8)}", secrets.token_hex(24)
        child_env = {**base_env, "PORT": "0", "SANDBOX_HOST": "127.0.0.1", "SANDBOX_LOG": "off", "SANDBOX_API_KEYS": f"{api_key}:{secret}"}
        try:
            process = subprocess.Popen(
                command,
                env=child_env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                # A process group of its own: stop() ends it and anything it started, and Ctrl-C in
                # the terminal reaches pytest alone, which then stops it in order.
                start_new_session=os.name != "nt",
                preexec_fn=_die_with_parent if os.name != "nt" else None,
            )
        except OSError as error:
            raise SandboxStartError(f"the sandbox could not be run ({command[0]}): {error.strerror or error}") from None
        _install_stop_handlers()
        _running.add(process)
        try:
            base_url = _wait_until_listening(process, time.monotonic() + limit, limit)
            sandbox = cls(process, base_url, api_key, secret)
            sandbox._wait_until_ready(time.monotonic() + limit, limit)
        except BaseException:
            _stop(process)
            raise
        return sandbox

    def _wait_until_ready(self, deadline: float, limit: float) -> None:
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base_url}/sandbox/health", timeout=2).status_code == 200:
                    return
            if self._process.poll() is not None:
                raise SandboxStartError(f"the sandbox stopped (exit code {self._process.returncode}) before it was ready")
            if time.monotonic() > deadline:
                raise SandboxStartError(
                    f"the sandbox at {self.base_url} was not ready within {limit:g} s (WALLET_API_SANDBOX_START_TIMEOUT)"
                )
            time.sleep(0.05)

    # One place that makes clients: what the client's constructor takes may change.
    def client(self, **options: Any) -> WalletApi:
        """A client bound to this sandbox with its credentials (``options``: the client's other arguments)."""
        return WalletApi(
            environment="custom", base_url=self.base_url, api_key=self.api_key, signer=hmac_sha256(secret=self.secret), **options
        )

    def async_client(self, **options: Any) -> AsyncWalletApi:
        """The same, asynchronous."""
        return AsyncWalletApi(
            environment="custom", base_url=self.base_url, api_key=self.api_key, signer=hmac_sha256(secret=self.secret), **options
        )

    def reset(self) -> None:
        """Forgets every record and scenario of this run's API key (``POST /sandbox/reset``)."""
        self._helper("POST", "/sandbox/reset")

    def arm(self, definition: Mapping[str, Any]) -> dict[str, Any]:
        """Arms a failure scenario (``POST /sandbox/scenarios``; the sandbox's README lists the definitions) and answers it as armed."""
        armed: dict[str, Any] = self._helper("POST", "/sandbox/scenarios", definition)
        return armed

    def scenarios(self) -> list[dict[str, Any]]:
        """The armed scenarios with their counts (``GET /sandbox/scenarios``)."""
        listed: list[dict[str, Any]] = self._helper("GET", "/sandbox/scenarios")
        return listed

    def _timestamp(self) -> str:
        # Strictly increasing milliseconds: two helper calls never carry the same signature (the replay guard refuses that).
        with self._lock:
            self._last_ms = max(int(time.time() * 1000), self._last_ms + 1)
            ms = self._last_ms
        moment = datetime.fromtimestamp(ms / 1000, UTC)
        return f"{moment:%Y-%m-%dT%H:%M:%S}.{ms % 1000:03d}Z"

    def _helper(self, method: str, path: str, body: Mapping[str, Any] | None = None) -> Any:
        text = "" if body is None else json.dumps(body, separators=(",", ":"))
        timestamp = self._timestamp()
        signature = hmac.new(self.secret.encode(), f"{timestamp}\n{method}\n{path}\n{text}".encode(), hashlib.sha256).hexdigest()
        headers = {"x-api-key": self.api_key, "x-timestamp": timestamp, "x-signature": signature}
        if body is not None:
            headers["content-type"] = "application/json"
        answer = httpx.request(
            method, self.base_url + path, headers=headers, content=text.encode() if body is not None else None, timeout=30
        )
        try:
            envelope = answer.json()
        except ValueError:
            envelope = {"message": answer.text[:200]}
        if answer.status_code != 200:
            raise ValueError(f"{method} {path} answered {answer.status_code}: {envelope.get('message')}")
        return envelope.get("data")

    def stop(self) -> None:
        """Ends the sandbox's process group (SIGTERM, then SIGKILL after 10 s)."""
        _stop(self._process)


def _wait_until_listening(process: subprocess.Popen[str], deadline: float, limit: float) -> str:
    """The URL of the sandbox's first line, read on a thread so that a silent process cannot hold the run past the limit."""
    lines: queue.Queue[str | None] = queue.Queue()
    assert process.stdout is not None
    stdout = process.stdout

    def read() -> None:
        for line in stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, name="wallet-api-sandbox-output", daemon=True).start()
    seen: list[str] = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise SandboxStartError(
                f"the sandbox did not start within {limit:g} s (WALLET_API_SANDBOX_START_TIMEOUT); it printed: {''.join(seen)[-800:]!r}"
            )
        try:
            line = lines.get(timeout=remaining)
        except queue.Empty:
            continue
        if line is None:
            process.wait(timeout=5)
            said = "".join(seen).strip()[-800:]
            raise SandboxStartError(
                f"the sandbox stopped (exit code {process.returncode}) before listening: {said or 'it printed nothing'}"
            )
        seen.append(line)
        if line.startswith("Sandbox listening on "):
            # The rest of its output (request logs are off) is drained by the thread, so the pipe never fills.
            return line.removeprefix("Sandbox listening on ").strip()


_running: set[subprocess.Popen[str]] = set()


def _stop(process: subprocess.Popen[str]) -> None:
    _running.discard(process)
    if process.poll() is not None:
        return
    try:
        if os.name == "nt":
            process.terminate()
        else:
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        if os.name == "nt":
            process.kill()
        else:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def _stop_all() -> None:
    for process in list(_running):
        _stop(process)


def _stop_all_then_terminate(signum: int, frame: FrameType | None) -> None:
    """SIGTERM/SIGHUP to the test run: stop the sandboxes first, then let the signal do what it would have done."""
    _stop_all()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


_handlers_installed = False


def _install_stop_handlers() -> None:
    """At the first start: an interrupted run (Ctrl-C, an exception, sys.exit) leaves no sandbox
    behind; neither does SIGTERM or SIGHUP where nobody else handles them. SIGKILL cannot be
    handled: on Linux the kernel then sends the sandbox SIGTERM (_die_with_parent)."""
    global _handlers_installed
    if _handlers_installed:
        return
    _handlers_installed = True
    atexit.register(_stop_all)
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)
            if signum is not None and signal.getsignal(signum) is signal.SIG_DFL:
                signal.signal(signum, _stop_all_then_terminate)
