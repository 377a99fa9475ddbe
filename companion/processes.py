"""CPU-heavy pure Python (a long record replayed) run in a child process, a few at a time.

Imports nothing of the app: the program it runs is given as source and imports what it needs.
"""
import os
import subprocess
import sys
import threading
from pathlib import Path

PROCESSES_AT_ONCE = 2     # children a server process runs at once (more wait their turn)
_PROCESSES: threading.BoundedSemaphore | None = None


def in_a_process(program: str, data: bytes, seconds: float = 120.0) -> bytes:
    """``program`` (Python source run by this interpreter, from this package's folder) given
    ``data`` on stdin, its stdout back: CPU-heavy work of pure Python (a long record replayed)
    on another core, at a lower priority than the server; where gevent serves, only this
    request waits meanwhile. RuntimeError if it fails or takes longer than ``seconds``."""
    global _PROCESSES
    if _PROCESSES is None:
        _PROCESSES = threading.BoundedSemaphore(PROCESSES_AT_ONCE)
    root = str(Path(__file__).resolve().parent.parent)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [root, *filter(None, [os.environ.get("PYTHONPATH")])])}
    with _PROCESSES:
        try:
            done = subprocess.run([sys.executable, "-c", program], input=data, capture_output=True,
                                  timeout=seconds, cwd=root, env=environment)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"a child process took longer than {seconds:.0f} s") from None
    if done.returncode != 0:
        raise RuntimeError(f"a child process failed: {done.stderr.decode(errors='replace')[-2000:]}")
    return done.stdout
