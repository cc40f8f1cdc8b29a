"""Two rules of the play screen that only its questions show (issue: the front half, item 9):
loading a save over a game in progress does not add the seconds its "Abandon this game?"
question was open, and an abandoned game never comes back (its autosave goes with it)."""
from __future__ import annotations

from game.play.session import PlaySession
from game.puzzles.genius.puzzle import GENIUS
from tests.game.drive import answer_confirm, frame


def test_a_load_does_not_count_the_seconds_its_question_was_open(app, genius, tmp_path, monkeypatch):
    genius.session.move("1:F6")                                   # a game in progress: the load asks
    genius.session.save_to(tmp_path / "kept")
    saved = genius.session.load(tmp_path / "kept.json").elapsed
    loaded = []
    real_load = PlaySession.load

    def load(session, path):
        loaded.append(real_load(session, path))
        return loaded[-1]
    monkeypatch.setattr(PlaySession, "load", load)
    genius.ask_load(tmp_path / "kept.json")
    assert genius.dialog_open
    loaded[0].timer._base += 30.0                                 # the question open 30 s (the file's clock ran)
    assert answer_confirm(app, genius, yes=True)
    assert genius.match is loaded[0] and genius.match.elapsed < saved + 5


def test_an_abandoned_game_never_comes_back(app, genius):
    genius.session.move("1:F6")
    frame(app)                                                     # kept after the move
    assert app.storage.exists(GENIUS.autosave)
    genius.do("race")                                              # a race: the game in progress is abandoned ...
    assert answer_confirm(app, genius, yes=True)
    frame(app)
    assert not app.storage.exists(GENIUS.autosave)                 # ... and its autosave with it
