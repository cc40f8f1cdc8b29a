"""Issue 29, item 3: numpy files are not trusted. A member whose header declares a huge array,
a zip bomb, a wrong dtype or shape: one line and exit 2 from the CLI, before anything large is
allocated or unpacked; the readers are census.load_unsolvable (make-dice --cache and the user's
cache), counts.Checkpoint.read (census --counts --resume) and count_table._shipped."""
from __future__ import annotations

import io
import zipfile

import numpy as np
import pytest
from numpy.lib import format as npy

from solver.cli import main
from solver.errors import SquarewiseError
from solver.genius import census, counts
from solver.safe_npz import load_npz

TERABYTES = (10 ** 12,)


def npy_member(descr: str, shape: tuple, data: bytes = b"") -> bytes:
    """A .npy file whose header says `descr` and `shape`, followed by `data` (whatever it is)."""
    out = io.BytesIO()
    npy.write_array_header_1_0(out, {"descr": descr, "fortran_order": False, "shape": shape})
    return out.getvalue() + data


def npz(members: dict[str, bytes], method=zipfile.ZIP_STORED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, data in members.items():
            archive.writestr(name + ".npy", data)
    return out.getvalue()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_small_make_dice_cache_declaring_terabytes_is_one_line(tmp_path, capsys):
    path = tmp_path / "cache.npz"
    path.write_bytes(npz({"representatives": npy_member("<u8", TERABYTES, b"\0" * 64)}))
    assert path.stat().st_size < 400
    code, out, err = run(capsys, "genius", "make-dice", "--seed", "1", "--cache", str(path), "--jobs", "1")
    assert code == 2 and out == ""
    assert err == (f"squarewise: error: census cache '{path}' cannot be read: 'representatives' declares "
                   f"8,000,000,000,000 bytes of data but holds at most 64\n")


def test_the_same_file_in_the_users_cache_folder_is_one_line_naming_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    from solver.genius.census_cli import user_cache_file
    path = user_cache_file()
    path.parent.mkdir(parents=True)
    path.write_bytes(npz({"representatives": npy_member("<u8", TERABYTES, b"\0" * 64)}))
    code, _, err = run(capsys, "genius", "make-dice", "--seed", "1", "--jobs", "1")
    assert code == 2 and err.startswith(f"squarewise: error: census cache '{path}' cannot be read: ")
    assert len(err.splitlines()) == 1


def test_a_small_counts_checkpoint_declaring_terabytes_is_one_line(tmp_path, capsys):
    path = tmp_path / "counts.ckpt"
    identity = np.array('{"kind": "genius-counts"}')
    label = io.BytesIO()
    npy.write_array(label, identity)
    path.write_bytes(npz({"identity": label.getvalue(), "unit3": npy_member("<u4", TERABYTES, b"\0" * 64)}))
    assert path.stat().st_size < 1000
    code, out, err = run(capsys, "genius", "census", "--counts", "--resume", "--checkpoint", str(path), "--jobs", "1")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "'unit3' declares 4,000,000,000,000 bytes of data but holds at most 64" in err


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path):
    too_many = census.MAX_CACHE_BYTES + 1024
    bomb = npz({"representatives": npy_member("<u8", (too_many // 8,), bytes(too_many // 8 * 8))}, zipfile.ZIP_DEFLATED)
    assert len(bomb) < 1 << 20                      # a small file ...
    path = tmp_path / "bomb.npz"
    path.write_bytes(bomb)
    with pytest.raises(SquarewiseError, match=r"cannot be read: it would unpack to [0-9,]+ bytes; the limit is "):
        census.load_unsolvable(path)                # ... that unpacks to more than any cache


@pytest.mark.parametrize("member, words", [
    (npy_member("|O", (3,), b"\0" * 24), "holds Python objects"),
    (npy_member("<f8", (3,), b"\0" * 24), "is not a list of boards"),
    (npy_member("<u8", (2, 2), b"\0" * 32), "is not a list of boards"),
    (npy_member("<u8", (4,), b"\0" * 8), "declares 32 bytes of data but holds at most 8"),
    (b"\x93NUMPY\x03\x00" + b"\0" * 40, "numpy format 3.0"),
    (b"not numpy at all", "cannot be read: "),
])
def test_a_cache_member_that_is_not_a_list_of_boards_is_refused(tmp_path, member, words):
    path = tmp_path / "cache.npz"
    path.write_bytes(npz({"representatives": member}))
    with pytest.raises(SquarewiseError, match=words):
        census.load_unsolvable(path)


def test_a_checkpoint_unit_of_the_wrong_type_is_refused_before_it_is_read(tmp_path):
    label = io.BytesIO()
    npy.write_array(label, np.array('{"kind": "genius-counts"}'))
    path = tmp_path / "c.ckpt"
    path.write_bytes(npz({"identity": label.getvalue(), "unit0": npy_member("<f8", (2,), b"\0" * 16)}))
    with pytest.raises(SquarewiseError, match="'unit0' is not a unit's counts"):
        counts.Checkpoint.read(path)


def test_good_files_still_load():
    reps = np.array([3, 1, 2], dtype=np.uint64)
    out = io.BytesIO()
    np.savez_compressed(out, representatives=reps)
    arrays = load_npz(out.getvalue(), "x", lambda name: name == "representatives", lambda *_: None, 1 << 20)
    assert arrays["representatives"].tolist() == [3, 1, 2]


def test_unasked_members_are_never_unpacked():
    lying = npz({"representatives": npy_member("<u8", (1,), b"\1" + b"\0" * 7), "other": npy_member("<u8", TERABYTES)})
    assert load_npz(lying, "x", lambda name: name == "representatives", lambda *_: None, 1 << 20)[
        "representatives"].tolist() == [1]
