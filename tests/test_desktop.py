"""`squarewise --install-desktop` (game/desktop.py): the menu entry and the hicolor icons."""
from __future__ import annotations

import configparser
import shutil
import struct
import subprocess
import sys

import pytest

from game import desktop
from solver.assets import asset_path


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def entry(path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_install_writes_the_entry(tmp_path):
    written = desktop.install(tmp_path, ["/opt/My Games/squarewise"], tmp_path / "config")
    assert written[0] == tmp_path / "applications" / "squarewise.desktop"
    fields = entry(written[0])
    assert fields["Exec"] == '"/opt/My Games/squarewise" %u'
    assert fields["Icon"] == "squarewise" and fields["Type"] == "Application"


@pytest.mark.parametrize("size", [48, 64, 128, 256])
def test_install_writes_an_icon_per_size(tmp_path, size):
    written = desktop.install(tmp_path, ["/opt/My Games/squarewise"], tmp_path / "config")
    icon = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "squarewise.png"
    assert icon in written and png_size(icon) == (size, size)


def test_exec_quoting_follows_the_desktop_entry_rules():
    assert desktop.exec_quote("/usr/bin/squarewise") == "/usr/bin/squarewise"
    assert desktop.exec_quote('/a b/"x"$y`z\\') == '"/a b/\\"x\\"\\$y\\`z\\\\"'
    assert desktop.exec_quote("/100%/sq") == "/100%%/sq"


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils not installed")
@pytest.mark.parametrize("which", ["shipped", "installed"])
def test_an_entry_passes_desktop_file_validate(tmp_path, which):
    if which == "shipped":
        path = asset_path("desktop", "squarewise.desktop")
    else:
        path = desktop.install(tmp_path, [sys.executable, "-m", "game"], tmp_path / "config")[0]
    done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_option_installs_this_programs_entry_without_pygame(tmp_path):
    code = ("import sys; from game.__main__ import main; rc = main(['--install-desktop']); "
            "assert 'pygame' not in sys.modules, 'pygame imported'; sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
                               "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert entry(tmp_path / "applications" / "squarewise.desktop")["Exec"] == f"{sys.executable} -m game %u"


def test_extra_arguments_are_refused_in_one_line(capsys):
    assert desktop.main(["--now"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "takes no arguments" in err


def install_beside_other_handlers(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "mimeapps.list").write_text("[Added Associations]\ntext/plain=editor.desktop;\n\n"
                                          "[Default Applications]\nx-scheme-handler/squarewise=old.desktop\n"
                                          "text/html=browser.desktop\n", encoding="utf-8")
    return desktop.install(tmp_path / "data", ["/usr/bin/squarewise"], config), config / "mimeapps.list"


def test_the_entry_opens_the_invites_links(tmp_path):
    written, _ = install_beside_other_handlers(tmp_path)
    fields = entry(written[0])
    assert fields["MimeType"] == "x-scheme-handler/squarewise;" and fields["Exec"].endswith(" %u")


def test_the_entry_becomes_the_links_default_handler_keeping_the_others(tmp_path):
    written, mimeapps = install_beside_other_handlers(tmp_path)
    handlers = configparser.ConfigParser(interpolation=None)
    handlers.read(mimeapps, encoding="utf-8")
    assert handlers["Default Applications"]["x-scheme-handler/squarewise"] == "squarewise.desktop"
    assert handlers["Default Applications"]["text/html"] == "browser.desktop"        # the rest kept
    assert handlers["Added Associations"]["text/plain"] == "editor.desktop;"
    assert mimeapps in written


def test_a_mimeapps_list_without_defaults_gets_the_section(tmp_path):
    assert desktop.with_handler("") == "[Default Applications]\nx-scheme-handler/squarewise=squarewise.desktop\n"
    assert desktop.with_handler("[Added Associations]\na=b\n").endswith(
        "a=b\n\n[Default Applications]\nx-scheme-handler/squarewise=squarewise.desktop\n")


def test_a_mimeapps_list_that_is_not_text_is_left_alone(tmp_path, capsys, monkeypatch):
    config = tmp_path / "config"
    config.mkdir()
    (config / "mimeapps.list").write_bytes(b"\xff\xfe[Default")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    assert desktop.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not UTF-8" in err
    assert (config / "mimeapps.list").read_bytes() == b"\xff\xfe[Default"
    assert not (tmp_path / "data" / "applications" / "squarewise.desktop").exists()
