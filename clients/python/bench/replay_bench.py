"""How many of N identical calls a provider that refuses replays answers (a benchmark that prints, never a test).

    clients/python/.venv/bin/python clients/python/bench/replay_bench.py [--calls N] [--runs R]

Starts the repository's sandbox with its replay guard on (SANDBOX_REJECT_REPLAYS=1: a second
request with the same API key, x-timestamp and x-signature is refused 401), then makes N
identical ``list_markets()`` calls in a row with one ``WalletApi`` and again with one
``AsyncWalletApi``, and prints how many were answered and how many refused as replays. Two
requests signed with the same x-timestamp carry the same signature: every call should be answered.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
REPO = PROJECT.parents[1]
sys.path.insert(0, str(PROJECT / "src"))

from wallet_api import ApiError, AsyncWalletApi, WalletApi, hmac_sha256  # noqa: E402

KEY, SECRET = "replay-bench-key", "replay-bench-signing-secret"


def start_sandbox() -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PORT": "0", "SANDBOX_LOG": "off", "SANDBOX_API_KEYS": f"{KEY}:{SECRET}", "SANDBOX_REJECT_REPLAYS": "1"}
    process = subprocess.Popen(
        ["node", "--import", "tsx", "scripts/sandbox.ts"],  # noqa: S607 - the node of the PATH, as npm run sandbox uses
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line)
        found = re.search(r"listening on (http://\S+)", line)
        if found:
            return process, found.group(1)
    process.wait()
    raise SystemExit("the sandbox did not start:\n" + "".join(seen))


def count(outcomes: list[BaseException | None]) -> tuple[int, int, int]:
    answered = sum(1 for o in outcomes if o is None)
    replays = sum(1 for o in outcomes if isinstance(o, ApiError) and o.http_status == 401)
    return answered, replays, len(outcomes) - answered - replays


def sync_run(url: str, calls: int) -> tuple[int, int, int]:
    outcomes: list[BaseException | None] = []
    with WalletApi(environment="custom", base_url=url, api_key=KEY, signer=hmac_sha256(secret=SECRET)) as client:
        for _ in range(calls):
            try:
                client.list_markets()
                outcomes.append(None)
            except ApiError as error:
                outcomes.append(error)
    return count(outcomes)


async def async_run(url: str, calls: int) -> tuple[int, int, int]:
    outcomes: list[BaseException | None] = []
    async with AsyncWalletApi(environment="custom", base_url=url, api_key=KEY, signer=hmac_sha256(secret=SECRET)) as client:
        for _ in range(calls):
            try:
                await client.list_markets()
                outcomes.append(None)
            except ApiError as error:
                outcomes.append(error)
    return count(outcomes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    process, url = start_sandbox()
    try:
        for run in range(1, args.runs + 1):
            for flavour in ("sync", "async"):
                answered, replays, other = sync_run(url, args.calls) if flavour == "sync" else asyncio.run(async_run(url, args.calls))
                print(f"run {run} {flavour:5}: {answered}/{args.calls} answered, {replays} refused as replays (401), {other} other errors")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
