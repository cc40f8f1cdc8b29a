"""The screens the app opens by key (`App.open(key)`), read from the game's list of puzzles
(game/puzzles/registry.py) and this module's own: the title's puzzles (each puzzle's play screen
and the screens it puts on the title), the title's row of extras, and those only scenes open
(each puzzle's How to play and other screens, the races online, Settings, the standings, a
ranked run). Scenes open each other by key, never by import; each screen's class is imported
only when it is opened. An entry whose module does not exist is shown on the title as "coming".
"""
from __future__ import annotations

from game.puzzles import registry
from game.puzzles.registry import Screen


def extras() -> tuple[Screen, ...]:
    """Screens that are not puzzles, offered on the title in a row of smaller buttons."""
    dailies = " and ".join(registry.get(name).daily_words for name in registry.ordered())
    return (
        Screen("howto", "How to play", "the goal, the rules and the controls of each puzzle, with a demonstration",
               "game.scenes.howto:HowToScene"),
        Screen("daily", "Daily puzzles", f"today's {dailies}, the same for everyone; your streak; past days",
               "game.scenes.daily:DailyScene"),
        Screen("stats", "Statistics", "games, wins, best and median times, streaks and charts, per puzzle and level",
               "game.scenes.stats:StatsScene"),
    )


# Screens that a scene opens by key but the title does not list, beside each puzzle's.
INNER: tuple[Screen, ...] = (
    Screen("online", "Race online",
           "race friends on the local network or a server: the same roll, every move checked",
           "game.scenes.online.lobby:RaceOnlineScene"),
    Screen("online-results", "Race results",
           "every player's place, time and final board once a race online is over",
           "game.scenes.online.results:ResultsScene"),
    Screen("settings", "Settings", "colours, sounds, animations, the dice set and the records",
           "game.scenes.settings:SettingsScene"),
    Screen("standings", "Standings",
           "the places on your standings server: today, yesterday, the week; everyone or your groups",
           "game.scenes.ranked.standings:StandingsScene"),
    Screen("ranked", "A ranked daily run",
           "today's daily played on the standings server: its clock, every move checked, one ranked run a day",
           "game.scenes.ranked.run:RankedScene"),
)


def howto_key(puzzle: str) -> str:
    """The key of a puzzle's How to play screen."""
    return f"howto-{puzzle}"


def title_puzzles() -> tuple[Screen, ...]:
    """The title's puzzle buttons, in the game's list's order: each puzzle's play screen, then
    the screens it puts on the title."""
    return tuple(s for e in registry.PUZZLES for s in (e.screen,) + tuple(x for x in e.screens if x.key in e.on_title))


def inner() -> tuple[Screen, ...]:
    """The screens only scenes open: this module's, each puzzle's How to play and its other screens."""
    own = tuple(s for e in registry.PUZZLES for s in (Screen(
        howto_key(e.name), f"How to play {e.engine.title}", "the rules and a demonstration", e.howto),) +
        tuple(x for x in e.screens if x.key not in e.on_title))
    return INNER + own


def every() -> tuple[Screen, ...]:
    return title_puzzles() + extras() + inner()


def entry(key: str) -> Screen:
    for e in every():
        if e.key == key:
            return e
    raise KeyError(key)
