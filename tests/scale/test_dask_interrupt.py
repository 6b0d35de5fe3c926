"""Ctrl-C on ``tournament --dask local``: one line, no worker tracebacks (issue 22, section 4).

A real SIGINT to a real command: to its whole process group, as a terminal's
Ctrl-C sends it (the LocalCluster's workers included), and to the command
alone, as ``kill -INT`` does. The command must end with status 130, the one
line ``prohis-nb: interrupted`` on stderr, and no process left behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("distributed", reason="Dask tournaments need the 'scale' extra")
pytest.importorskip("pyarrow", reason="the sink needs the 'scale' extra")
if not hasattr(os, "killpg"):  # pragma: no cover
    pytest.skip("process groups are POSIX", allow_module_level=True)


def wait_for(condition, what: str, limit: float = 180.0) -> None:
    """Poll ``condition()`` until it holds (a readiness check, not a timing)."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.1)


def group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("to_the_group", [True, False], ids=["ctrl-c", "kill-int"])
def test_ctrl_c_ends_a_dask_tournament_with_one_line(tmp_path, to_the_group):
    sink = tmp_path / "run"
    command = [
        sys.executable, "-m", "prohis_nb", "tournament", "--dask", "local", "--workers", "2",
        "--games", "500000", "--bots", "random", "--players", "3", "--no-progress",
        "--no-counts", "--sink", str(sink),
    ]  # fmt: skip
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives a command
    )
    try:
        # The workers are playing once they have written a part.
        wait_for(
            lambda: process.poll() is not None or any(sink.glob("part-*.parquet")),
            "the first part",
        )
        assert process.poll() is None, process.communicate()
        if to_the_group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130, err[-3000:]
    assert "Traceback" not in err, err[-3000:]
    assert err == "prohis-nb: interrupted\n", err[-3000:]
    assert out == ""
    wait_for(lambda: not group_alive(process.pid), "the workers to end", limit=60)
