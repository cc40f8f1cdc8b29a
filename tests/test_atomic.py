import os

import pytest

from solver.atomic import write_text_atomic


def written(tmp_path):
    path = tmp_path / "a.json"
    write_text_atomic(path, "old")
    write_text_atomic(path, "new text")
    return path


def test_writes_the_whole_text(tmp_path):
    assert written(tmp_path).read_text(encoding="utf-8") == "new text"


def test_a_write_leaves_no_temporary_file(tmp_path):
    written(tmp_path)
    assert sorted(os.listdir(tmp_path)) == ["a.json"]


def failed_write(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    write_text_atomic(path, "old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left on device"):
        write_text_atomic(path, "new")
    return path


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    assert failed_write(tmp_path, monkeypatch).read_text(encoding="utf-8") == "old"


def test_a_failed_write_cleans_up(tmp_path, monkeypatch):
    failed_write(tmp_path, monkeypatch)
    assert sorted(os.listdir(tmp_path)) == ["a.json"]


def test_the_first_write_into_a_folder_cleans_temporaries_of_dead_writers_only(tmp_path):
    import subprocess
    import sys
    import time
    from solver.atomic import clean_stale_temps
    dead = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True).stdout)
    killed = tmp_path / f".a.json.{dead}-0123abcd.tmp"
    killed.write_text("half")
    someone_elses = tmp_path / ".a.json.abcdefgh.tmp"       # the PID-less shape: only cleaned in the game's folder
    someone_elses.write_text("x")
    os.utime(someone_elses, (time.time() - 3600, time.time() - 3600))
    write_text_atomic(tmp_path / "a.json", "new")
    assert sorted(os.listdir(tmp_path)) == sorted(["a.json", someone_elses.name])
    assert clean_stale_temps(tmp_path, old_names=True) == [someone_elses]
