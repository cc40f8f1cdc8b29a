"""The store off the event loop: writes in order on one writer thread, reads on reader threads.

The writer thread uses the server's `Store` (its one connection: one writer, writes in the
order they were asked, each committed before the awaiting coroutine goes on, so a player is
told only what is committed). Each reader thread opens its own query-only connection to the
same file, which WAL lets read while the writer writes. The event loop only awaits. Any
database error comes back as a StoreError in one line (game/net/store.py `trouble`).
"""
from __future__ import annotations

import asyncio
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor

from .store import Store, StoreError, trouble

READERS = 2             # reader threads (each with its own connection)


class StoreThreads:
    """`await write(Store.method, *args)` and `await read(Store.method, *args)` (or any function
    taking a Store first)."""

    def __init__(self, store: Store, readers: int = READERS):
        self.store = store
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
        self.readers = ThreadPoolExecutor(readers, thread_name_prefix="store-reader")
        self.local = threading.local()
        self.opened: list[Store] = []           # the readers' stores, closed with the threads
        self.lock = threading.Lock()

    async def write(self, call, *args):
        """`call(store, *args)` on the writer thread, after every write asked before it."""
        return await asyncio.get_running_loop().run_in_executor(self.writer, self._run, self._writing, call, args)

    async def read(self, call, *args):
        """`call(reader, *args)` on a reader thread, with that thread's query-only Store."""
        return await asyncio.get_running_loop().run_in_executor(self.readers, self._run, self._reading, call, args)

    def _writing(self) -> Store:
        return self.store

    def _reading(self) -> Store:
        reader = getattr(self.local, "store", None)
        if reader is None:
            reader = self.local.store = Store(self.store.path, reader=True)
            with self.lock:
                self.opened.append(reader)
        return reader

    def _run(self, store, call, args):
        try:
            return call(store(), *args)
        except sqlite3.Error as exc:
            raise StoreError(trouble(self.store.path, exc)) from None

    def close(self) -> None:
        """Finish what was asked, then stop the threads and close the readers' connections."""
        self.writer.shutdown(wait=True)
        self.readers.shutdown(wait=True)
        with self.lock:
            for reader in self.opened:
                reader.close()
            self.opened.clear()
