import os

import pytest

from solver.atomic import write_text_atomic


def test_writes_the_whole_text_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "a.json"
    write_text_atomic(path, "old")
    write_text_atomic(path, "new text")
    assert path.read_text(encoding="utf-8") == "new text"
    assert sorted(os.listdir(tmp_path)) == ["a.json"]


def test_a_failed_write_keeps_the_old_file_and_cleans_up(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    write_text_atomic(path, "old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left on device"):
        write_text_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(os.listdir(tmp_path)) == ["a.json"]
