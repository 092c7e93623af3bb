"""``wallet-api-sandbox``: runs the bundled sandbox with the wheel's Node, passing arguments and environment through."""

from __future__ import annotations

import os
import subprocess
import sys

from . import command


def main() -> int:
    try:
        argv = [*command(), *sys.argv[1:]]
    except FileNotFoundError as error:
        print(f"wallet-api-sandbox: {error}", file=sys.stderr)
        return 1
    if os.name != "nt":
        # Node takes this process's place: its signals, exit code and process group are the caller's.
        os.execv(argv[0], argv)  # noqa: S606 (a fixed program: the wheel's Node)
    try:
        return subprocess.call(argv)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
