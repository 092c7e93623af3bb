"""Run by the standalone lane, then interrupted: the test writes the sandbox's process id and
waits; the lane sends the run a signal and checks that no sandbox process is left."""

from __future__ import annotations

import os
import time
from pathlib import Path

from wallet_api.sandbox import LocalSandbox


def test_held_open(wallet_api_sandbox: LocalSandbox) -> None:
    Path(os.environ["SANDBOX_PID_FILE"]).write_text(str(wallet_api_sandbox.pid))
    time.sleep(120)
