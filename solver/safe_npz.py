"""Reading a numpy .npz file the user (or a crash, or a stranger) may have got wrong.

np.load trusts the file: a 300-byte member whose header declares a multi-terabyte array ends
in a MemoryError, and a zip bomb is bounded only by what it unpacks to. Here every member's
header is read first and checked (its dtype, its shape against what the caller expects, and
its size against what the zip directory says the member unpacks to), the declared sizes
together are bounded, and only then is the array read; members the caller does not ask for
are never unpacked. Anything wrong is one SquarewiseError line.
"""
from __future__ import annotations

import io
import zipfile
import zlib
from math import prod
from typing import Callable

import numpy as np
from numpy.lib import format as npy

from .errors import SquarewiseError

# check(name, shape, dtype): why this member is refused, or None to read it
Check = Callable[[str, tuple, np.dtype], "str | None"]


def load_npz(data: bytes, where: str, wanted: Callable[[str], bool], check: Check, limit: int) -> dict[str, np.ndarray]:
    """The members of the .npz file in `data` whose names (without '.npy') are `wanted`, each
    header passed by `check` before it is read, together at most `limit` bytes unpacked.
    SquarewiseError '{where} cannot be read: why' otherwise."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [(info, info.filename.removesuffix(".npy")) for info in archive.infolist()]
            members = [(info, name) for info, name in members if wanted(name)]
            unpacked = sum(info.file_size for info, _ in members)
            if unpacked > limit:
                raise ValueError(f"it would unpack to {unpacked:,} bytes; the limit is {limit:,}")
            return {name: _member(archive, info, name, check) for info, name in members}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error, NotImplementedError) as exc:
        raise SquarewiseError(f"{where} cannot be read: {str(exc) or type(exc).__name__}") from None


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, check: Check) -> np.ndarray:
    with archive.open(info) as member:
        version = npy.read_magic(member)
        if version == (1, 0):
            shape, fortran, dtype = npy.read_array_header_1_0(member)
        elif version == (2, 0):
            shape, fortran, dtype = npy.read_array_header_2_0(member)
        else:
            raise ValueError(f"'{name}' is in numpy format {version[0]}.{version[1]}, which Squarewise does not write")
        header = member.tell()
    if dtype.hasobject:
        raise ValueError(f"'{name}' holds Python objects")
    declared = prod(shape) * dtype.itemsize
    if declared > info.file_size - header:
        raise ValueError(f"'{name}' declares {declared:,} bytes of data but holds at most {info.file_size - header:,}")
    reason = check(name, tuple(shape), dtype)
    if reason:
        raise ValueError(f"'{name}' {reason}")
    with archive.open(info) as member:
        return npy.read_array(member, allow_pickle=False)
