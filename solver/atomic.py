"""Writing a file so that it is either the old one or the whole new one, never half of it."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_text_atomic(path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder, flushed to disk
    and moved into place with os.replace; on failure the temporary file is removed and the
    error (an OSError) is raised, leaving any old file as it was."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
