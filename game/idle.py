"""Waiting for the window's next event without spinning.

pygame-ce's `pygame.event.wait(timeout)` looks at the queue every millisecond (pygame-ce issue
1541), which costs a still window a few percent of a core. SDL's own `SDL_WaitEventTimeout`
sleeps in the platform's wait (on X11 a `poll` on the X connection) and wakes when an event
arrives, including one posted from another thread (`pygame.event.post` wakes it). `wait`
calls that function in the SDL library pygame loaded, through ctypes (which lets other threads
run meanwhile); where that library cannot be found, it looks at the queue every POLL seconds.
"""
from __future__ import annotations

import ctypes
import glob
import math
import os
import re
import sys
import time

import pygame

POLL = 0.01                 # seconds between looks at the queue when SDL's wait is not to be had
SDL_INIT_VIDEO = 0x20
_SDL2 = re.compile(r"^(lib)?SDL2(-2[.-].*|\.so.*|\.dll)$")      # not SDL2_image and the like
_sdl: list = []             # [the library, or None once looked for and not found]


def _candidates() -> list[str]:
    """Paths of the SDL 2 library this process may have loaded: the loaded ones (Linux), then
    those that come with pygame (the wheels' own copies on Windows and macOS)."""
    found = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps") as maps:
                found += [line.split()[-1] for line in maps if "/" in line and _SDL2.match(os.path.basename(line.split()[-1]))]
        except OSError:
            pass
    here = os.path.dirname(pygame.__file__)
    for pattern in ("SDL2.dll", os.path.join(".dylibs", "libSDL2*.dylib"), os.path.join("..", "pygame_ce.libs", "libSDL2-2*")):
        found += [p for p in glob.glob(os.path.join(here, pattern)) if _SDL2.match(os.path.basename(p))]
    return list(dict.fromkeys(found))


def library():
    """The SDL library pygame's window runs on (the one whose video is initialised), or None."""
    if not _sdl:
        _sdl.append(None)
        for path in _candidates():
            try:
                sdl = ctypes.CDLL(path)
                sdl.SDL_WasInit.argtypes, sdl.SDL_WasInit.restype = [ctypes.c_uint32], ctypes.c_uint32
                sdl.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
                sdl.SDL_WaitEventTimeout.restype = ctypes.c_int
            except (OSError, AttributeError):
                continue
            if sdl.SDL_WasInit(SDL_INIT_VIDEO):      # another copy of SDL would have another queue
                _sdl[0] = sdl
                break
    return _sdl[0]


def wait(timeout: float) -> bool:
    """Sleep until an event is in the queue (left there for `pygame.event.get`) or `timeout`
    seconds have passed; True if an event is waiting."""
    sdl = library() if pygame.display.get_init() else None
    if sdl is not None:
        return bool(sdl.SDL_WaitEventTimeout(None, max(1, math.ceil(timeout * 1000))))
    end = time.perf_counter() + timeout
    while not pygame.event.peek():
        if time.perf_counter() >= end:
            return False
        time.sleep(POLL)
    return True
