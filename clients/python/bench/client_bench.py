"""Figures of the Python client (a benchmark that prints, never a test).

    clients/python/.venv/bin/python clients/python/bench/client_bench.py [--calls N] [--rounds R] [--skip-install]

- per call, the client (`WalletApi.list_markets()`: signed, checked, typed) against raw httpx
  with hand-written signing and the same checks a careful integrator writes (status, envelope,
  JSON), in the same process, against a local server answering at once (loopback) and after
  20 ms; the ratio is raw time / client time (1.0 = as fast as raw; goal >= 0.95 at 20 ms),
  and the CPU microseconds per call of the process (the sync client sends each attempt on a
  thread of its own; the server runs in a process of its own);
- the import time of `wallet_api` (fresh interpreters, median);
- the wheel's size, and the runtime packages a fresh venv installs with it.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import venv
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "src"))

from wallet_api import WalletApi, hmac_sha256  # noqa: E402

KEY, SECRET = "bench-key", "bench-signing-secret"
BODY = json.dumps(
    {
        "status": "success",
        "message": "Markets retrieved",
        "data": {f"coin{i}ngn": {"at": 1767225600, "ticker": {"buy": "1545.5", "sell": "1539.0", "last": "1542.25"}} for i in range(8)},
    }
).encode()


def serve(delay_s: float) -> ThreadingHTTPServer:
    """The answering server (run in a process of its own: its threads must not share the GIL with the callers)."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body leave at once: no Nagle wait against the client's delayed ACK.
        disable_nagle_algorithm = True

        def do_GET(self) -> None:
            if delay_s:
                time.sleep(delay_s)
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(BODY)))
            self.end_headers()
            self.wfile.write(BODY)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def raw_call(http: httpx.Client, base: str) -> Any:
    """What an integrator writes by hand: sign, send, check both statuses, read the data."""
    now = datetime.now(UTC)
    timestamp = f"{now:%Y-%m-%dT%H:%M:%S}.{now.microsecond // 1000:03d}Z"
    path = "/api/v1/wallets/markets"
    signature = hmac.new(SECRET.encode(), f"{timestamp}\nGET\n{path}\n".encode(), hashlib.sha256).hexdigest()
    response = http.get(base + path, headers={"x-api-key": KEY, "x-timestamp": timestamp, "x-signature": signature})
    envelope = response.json()
    if not (200 <= response.status_code < 300 and envelope.get("status") == "success"):
        raise RuntimeError("not a success")
    return envelope["data"]


def measure(delay_ms: float, calls: int, rounds: int) -> dict[str, float]:
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(delay_ms)], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    base = f"http://127.0.0.1:{int(server.stdout.readline())}"
    http = httpx.Client()
    client = WalletApi(environment="custom", base_url=base, api_key=KEY, signer=hmac_sha256(secret=SECRET))
    runs: dict[str, Any] = {"raw": lambda: raw_call(http, base), "client": client.list_markets}
    for run in runs.values():  # warm up: connections, lazy validators
        for _ in range(5):
            run()
    wall: dict[str, list[float]] = {"raw": [], "client": []}
    cpu: dict[str, list[float]] = {"raw": [], "client": []}
    for round_number in range(rounds):
        wall_sum = {name: 0.0 for name in runs}
        cpu_sum = {name: 0.0 for name in runs}
        # Call by call, in turn, and the first of each pair alternating by round: the load of a
        # shared machine at any moment hits both alike.
        order = list(runs) if round_number % 2 == 0 else list(reversed(runs))
        for _ in range(calls):
            for name in order:
                w0, c0 = time.perf_counter(), time.process_time()
                runs[name]()
                cpu_sum[name] += time.process_time() - c0
                wall_sum[name] += time.perf_counter() - w0
        for name in runs:
            wall[name].append(wall_sum[name] / calls)
            cpu[name].append(cpu_sum[name] / calls)
    client.close()
    http.close()
    server.kill()
    server.wait()
    # Means over every round: an even number of rounds puts each first in a pair equally often.
    raw_ms, client_ms = statistics.fmean(wall["raw"]) * 1000, statistics.fmean(wall["client"]) * 1000
    return {
        "raw_ms": raw_ms,
        "client_ms": client_ms,
        "ratio": raw_ms / client_ms,
        "raw_cpu_us": statistics.fmean(cpu["raw"]) * 1e6,
        "client_cpu_us": statistics.fmean(cpu["client"]) * 1e6,
    }


def import_time_ms(samples: int = 7) -> tuple[float, float]:
    """Wall and CPU milliseconds of `import wallet_api` (httpx and pydantic included), medians of fresh interpreters."""
    code = "import time; w, c = time.perf_counter(), time.process_time(); import wallet_api; print((time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000)"
    env = {"PYTHONPATH": str(PROJECT / "src")}
    runs = [
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout.split()
        for _ in range(samples)
    ]
    return statistics.median(float(wall) for wall, _ in runs), statistics.median(float(cpu) for _, cpu in runs)


def wheel_and_packages(skip_install: bool) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch)
        subprocess.run(
            [sys.executable, "-m", "build", "-n", "-x", "--wheel", "--outdir", str(out / "dist"), str(PROJECT)],
            check=True,
            capture_output=True,
        )
        wheel = next((out / "dist").glob("*.whl"))
        size = wheel.stat().st_size
        if skip_install:
            return size, "not measured (--skip-install)"
        venv.EnvBuilder(with_pip=True).create(out / "venv")
        pip = out / "venv" / "bin" / "pip"
        subprocess.run([str(pip), "install", "--quiet", "--disable-pip-version-check", str(wheel)], check=True)
        listed = json.loads(
            subprocess.run(
                [str(pip), "list", "--format=json", "--disable-pip-version-check"], capture_output=True, text=True, check=True
            ).stdout
        )
        names = sorted(p["name"] for p in listed if p["name"].lower() not in {"pip", "setuptools", "wallet-api-sdk"})
        return size, f"{len(names)} ({', '.join(names)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="calls per round on loopback (the 20 ms rounds make a tenth)")
    parser.add_argument("--rounds", type=int, default=8, help="an even number: each client goes first in half of them")
    parser.add_argument("--serve", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--skip-install", action="store_true", help="do not install the wheel into a fresh venv")
    args = parser.parse_args()
    if args.serve is not None:
        server = serve(args.serve / 1000)
        print(server.server_address[1], flush=True)
        threading.Event().wait()
    if args.rounds < 2 or args.rounds % 2:
        parser.error("--rounds must be an even number of at least 2")
    print(f"wallet-api-sdk bench: Python {sys.version.split()[0]}, httpx {httpx.__version__}")
    for label, delay, calls in (("loopback", 0.0, args.calls), ("server answering after 20 ms", 20.0, max(5, args.calls // 10))):
        f = measure(delay, calls, args.rounds)
        print(
            f"{label}: raw httpx {f['raw_ms']:.3f} ms/call, client {f['client_ms']:.3f} ms/call, ratio {f['ratio']:.2f}x raw; "
            f"CPU per call: raw {f['raw_cpu_us']:.0f} us, client {f['client_cpu_us']:.0f} us ({args.rounds} rounds x {calls} calls each, means)"
        )
    wall_ms, cpu_ms = import_time_ms()
    print(f"import wallet_api (httpx and pydantic included): {wall_ms:.0f} ms wall, {cpu_ms:.0f} ms CPU (medians of 7 fresh interpreters)")
    size, packages = wheel_and_packages(args.skip_install)
    print(f"wheel: {size / 1024:.1f} KiB; runtime packages installed with it: {packages}")


if __name__ == "__main__":
    main()
