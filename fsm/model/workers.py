"""Worker processes for the commands that spread boards over the cores (`check`, `teach --all`)."""

from __future__ import annotations

import os
from typing import Any


def default_jobs() -> int:
    """The cores this process may run on (its affinity mask where the system has one), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity mask here (macOS, Windows)
        return os.cpu_count() or 1


def pool(jobs: int) -> Any:
    """A process pool of ``jobs`` workers that ignore Ctrl-C (the parent stops them)."""
    import multiprocessing
    import threading
    from concurrent.futures import ProcessPoolExecutor

    # fork is cheapest (a worker has what the parent read and drew already, and the parent accounts
    # for its time), but is unsafe beside other threads: then forkserver, or spawn where there is neither.
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        method = "fork"
    else:
        method = "forkserver" if "forkserver" in methods else "spawn"
    context = multiprocessing.get_context(method)
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_quiet_worker)


def _quiet_worker() -> None:
    """Ctrl-C reaches the whole process group: the parent stops the workers, who say nothing."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
