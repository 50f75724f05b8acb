"""`make demo` on a machine without Graphviz: the board is narrated, the DOT written, one hint given."""

import os
import subprocess
import sys
from pathlib import Path


def test_demo_without_dot_narrates_writes_the_dot_and_gives_one_hint(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path / "no-tools")}  # no `dot` anywhere on the path
    done = subprocess.run(
        [sys.executable, "-m", "fsm", "demo", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, env=env, cwd=Path(__file__).parent.parent, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    # the narration: South's 1♦ is insufficient and West accepts it by calling (27A1); East declares 4♥
    assert "Loi 27A1" in done.stdout and "4♥" in done.stdout
    hints = [line for line in (done.stdout + done.stderr).splitlines() if "apt-get install graphviz" in line]
    assert len(hints) == 1
    dot = (tmp_path / "out" / "demo.dot").read_text(encoding="utf-8")
    assert dot.startswith("digraph") and not (tmp_path / "out" / "demo.svg").exists()
