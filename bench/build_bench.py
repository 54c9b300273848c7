"""Time `mkdocs build` with every example pre-rendered, against the 15 s budget (2 cores).

Prints the best of a few runs and its ratio to the budget; asserts nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUDGET_SECONDS = 15.0
ROOT = Path(__file__).resolve().parents[1]


def main(runs: int = 3) -> None:
    mkdocs = Path(sys.executable).with_name("mkdocs")
    times = []
    with tempfile.TemporaryDirectory() as out:
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([str(mkdocs), "build", "--strict", "--quiet", "-d", out],
                           cwd=ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
            times.append(time.perf_counter() - start)
    best = min(times)
    print(f"mkdocs build --strict, best of {runs}: {best:.2f} s; budget {BUDGET_SECONDS:.0f} s; "
          f"ratio {best / BUDGET_SECONDS:.2f}")


if __name__ == "__main__":
    main()
