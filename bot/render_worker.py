"""The start of a render process (``RenderPool``): it ends with the process that started it.

A bot or worker killed with ``kill -9`` cannot end its render processes; left alone they
would live on under init. On Linux the kernel ends them with their parent
(``PR_SET_PDEATHSIG``); everywhere, a thread of the render process watches its parent and
ends the process once the parent is gone. Standard library only: a render process imports
the engine and nothing else of the bot."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 0.5


def _die_with_parent_linux() -> None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no libc to ask: the watching thread remains
        pass


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def die_with_parent() -> None:
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        _die_with_parent_linux()
    if os.getppid() != parent:  # the parent died before the kernel was asked
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="watch-parent", daemon=True).start()


def start(warm: Callable[[], Any] | None) -> None:
    """The pool's initializer: tie this process to its parent, then warm the renderer."""
    die_with_parent()
    if warm is not None:
        warm()
