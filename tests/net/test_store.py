"""game/net/store.py, the standings database, on real files: each method, migrations, refusals
(a newer database, a file that is not one), standings' order, ties, groups, weeks, flagged runs, pruning."""
from __future__ import annotations

import hashlib
import sqlite3
from types import SimpleNamespace

import pytest

from game.net import store as store_module
from game.net.store import (MIGRATIONS, VERSION, CodeTaken, Group, NameTaken, RankedTaken, Row, Store, StoreError,
                            backup_file)


def token(n) -> bytes:
    return hashlib.sha256(f"token-{n}".encode()).digest()


@pytest.fixture
def store(tmp_path):
    opened = Store(tmp_path / "standings.sqlite3")
    yield opened
    opened.close()


def player(store, name, address="192.0.2.1", now=1000.0):
    return store.add_player(name, token(name), address, now)


def finished(store, who, ms, daily=10, puzzle="genius", flagged=False, now=5000.0):
    run = store.start_run(who.id, puzzle, daily, True, now)
    store.finish_run(run.id, ms, flagged)
    return run


def test_a_new_file_is_made_at_the_latest_version_in_wal_mode(tmp_path):
    path = tmp_path / "new.sqlite3"
    Store(path).close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == VERSION == len(MIGRATIONS)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"players", "runs", "moves", "groups", "members"} <= {
        n for (n,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    raw.close()


def test_an_empty_file_is_migrated_from_version_0(tmp_path):
    path = tmp_path / "empty.sqlite3"
    path.write_bytes(b"")
    with_store = Store(path)
    assert with_store.db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    assert player(with_store, "Ann").id == 1
    with_store.close()


def test_a_version_1_database_made_by_hand_opens_with_its_data(tmp_path):
    path = tmp_path / "v1.sqlite3"
    raw = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0]:
        raw.execute(statement)
    raw.execute("PRAGMA user_version = 1")
    raw.execute("INSERT INTO players VALUES (7, 'Old', 'old', ?, '192.0.2.1', 1.0)", (token("Old"),))
    raw.execute("INSERT INTO players VALUES (8, 'Ian', 'lan', ?, '192.0.2.1', 1.0)", (token("Ian"),))
    raw.execute("INSERT INTO runs (player, puzzle, daily, ranked, started, ms) VALUES (7, 'genius', 3, 1, 2.0, 9000)")
    raw.execute("INSERT INTO runs (id, player, puzzle, daily, ranked, started) VALUES (5, 7, 'genius', 4, 1, 2.0)")
    raw.executemany("INSERT INTO moves VALUES (5, ?, ?)", [(0, "1:A1"), (1, "-1"), (2, "1:B1")])
    raw.close()
    store = Store(path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    assert store.player(token("Old")).name == "Old"
    assert store.standings("genius", 3) == (1, [Row(1, "Old", 9000, 1)], None)
    open_run = store.run(5)                 # its move count from its moves; no board: replayed once when asked
    assert (open_run.seq, open_run.position, store.moves(5)) == (3, None, ("1:A1", "-1", "1:B1"))
    with pytest.raises(NameTaken):          # the second key of a name (version 3) made for those registered
        store.add_player("ian", token("ian"), "192.0.2.2", 3.0)
    store.close()


def newer_database(tmp_path):
    path = tmp_path / "newer.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE future (x)")
    raw.execute(f"PRAGMA user_version = {VERSION + 1}")
    raw.commit()
    raw.close()
    return path


def test_a_database_from_a_newer_server_is_refused(tmp_path):
    path = newer_database(tmp_path)
    with pytest.raises(StoreError, match=f"newer Squarewise \\(database version {VERSION + 1}.*left as it is"):
        Store(path)


def test_a_database_from_a_newer_server_is_not_altered(tmp_path):
    path = newer_database(tmp_path)
    before = path.read_bytes()
    with pytest.raises(StoreError):
        Store(path)
    assert path.read_bytes() == before and not (tmp_path / "newer.sqlite3-wal").exists()


NOT_DATABASES = [b"{\"version\": 1}\n", b"x" * 5000, bytes(range(256)) * 8]


@pytest.mark.parametrize("content", NOT_DATABASES)
def test_a_file_that_is_not_a_database_is_refused_in_one_line(tmp_path, content):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(StoreError, match="is not a Squarewise database") as refused:
        Store(path)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("content", NOT_DATABASES)
def test_a_file_that_is_not_a_database_is_left_as_it_is(tmp_path, content):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(StoreError):
        Store(path)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_folder_or_a_missing_folder_is_one_line(tmp_path):
    with pytest.raises(StoreError, match="it is a folder"):
        Store(tmp_path)
    with pytest.raises(StoreError, match="cannot open the database"):
        Store(tmp_path / "missing" / "standings.sqlite3")


def test_players_by_token_hash_names_distinct_after_folding(store):
    ann = player(store, "Ann", now=50.0)
    assert store.player(token("Ann")) == ann and store.player(token("nobody")) is None
    with pytest.raises(NameTaken, match="taken"):
        store.add_player("ÁNN", token("other"), "192.0.2.2", 60.0)
    with pytest.raises(NameTaken, match="taken"):
        store.add_player("ANn", token("other"), "192.0.2.2", 60.0)
    ian = player(store, "Ian", now=70.0)
    for alike in ("ian", "lan"):             # one name in two cases; a capital I looks like l
        with pytest.raises(NameTaken, match="taken"):
            store.add_player(alike, token(alike), "192.0.2.2", 80.0)
    assert ian.name == "Ian"
    raw = store.db.execute("SELECT token_hash FROM players WHERE name = 'Ann'").fetchall()
    assert raw == [(token("Ann"),)]            # only the hash is kept


def test_registrations_are_counted_per_address_since_a_time(store):
    for n, now in enumerate((10.0, 20.0, 30.0)):
        player(store, f"P{n}x", address="192.0.2.9", now=now)
    player(store, "Other", address="198.51.100.1", now=30.0)
    assert store.registrations_since("192.0.2.9", 20.0) == 2
    assert store.registrations_since("192.0.2.9", 31.0) == 0
    assert store.registrations_since("198.51.100.1", 0.0) == 1


def test_one_ranked_run_per_player_puzzle_daily(store):
    ann = player(store, "Ann")
    run = store.start_run(ann.id, "genius", 10, True, 100.0)
    assert store.ranked_run(ann.id, "genius", 10) == run
    with pytest.raises(RankedTaken):
        store.start_run(ann.id, "genius", 10, True, 101.0)
    store.abandon_run(run.id)
    with pytest.raises(RankedTaken):
        store.start_run(ann.id, "genius", 10, True, 102.0)
    assert store.ranked_run(ann.id, "genius", 10).abandoned
    assert store.start_run(ann.id, "macmahon", 10, True, 104.0).ranked     # another puzzle
    assert store.start_run(ann.id, "genius", 11, True, 105.0).ranked       # another daily
    assert store.ranked_run(ann.id, "genius", 12) is None


def test_any_number_of_unranked_runs_beside_a_ranked_one(store):
    ann = player(store, "Ann")
    store.start_run(ann.id, "genius", 10, True, 100.0)
    one, two = (store.start_run(ann.id, "genius", 10, False, 103.0) for _ in range(2))
    assert one.id != two.id and not one.ranked


def test_an_open_runs_moves_survive_closing_the_database(tmp_path):
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    ann = player(store, "Ann")
    run = store.start_run(ann.id, "genius", 10, True, 100.5)
    for seq, move in enumerate(("P2 A1", "L3 B4 r", "take P2"), 1):
        store.add_move(run.id, seq, move, f"board {seq}")
    store.close()
    again = Store(path)
    back = again.ranked_run(ann.id, "genius", 10)
    assert again.moves(back.id) == ("P2 A1", "L3 B4 r", "take P2") and back.started == 100.5 and back.ms is None
    assert (back.seq, back.position) == (3, "board 3")
    again.finish_run(back.id, 4321, False)
    assert again.run(back.id).ms == 4321
    again.close()


def test_a_run_finishes_or_is_abandoned_once(store):
    ann = player(store, "Ann")
    run = store.start_run(ann.id, "genius", 10, True, 100.0)
    store.finish_run(run.id, 5000, False)
    with pytest.raises(StoreError, match="not open"):
        store.finish_run(run.id, 1, False)
    with pytest.raises(StoreError, match="not open"):
        store.abandon_run(run.id)
    with pytest.raises(StoreError, match="run 999 is not open at move 0"):
        store.add_move(999, 1, "P2 A1", "board 1")
    assert store.run(run.id).ms == 5000


def test_one_days_standings_by_time_equal_times_share_a_place_then_finish_order(store):
    ann, bob, cy, dee = (player(store, n) for n in ("Ann", "Bob", "Cy", "Dee"))
    finished(store, bob, 7000, now=100.0)           # finishes at 107.0
    finished(store, cy, 7000, now=90.0)             # finishes at 97.0: before Bob
    finished(store, ann, 6000)
    finished(store, dee, 9000)
    total, rows, you = store.standings("genius", 10, player=dee.id)
    assert total == 4
    assert rows == [Row(1, "Ann", 6000, 1), Row(2, "Cy", 7000, 1), Row(2, "Bob", 7000, 1), Row(4, "Dee", 9000, 1)]
    assert you == Row(4, "Dee", 9000, 1)
    assert store.standings("genius", 10, offset=1, limit=2)[1] == rows[1:3]
    assert store.standings("genius", 10, offset=10)[:2] == (4, [])
    assert store.standings("macmahon", 10) == (0, [], None)


def test_only_finished_ranked_unflagged_runs_are_placed(store):
    ann, bob, cy, dee = (player(store, n) for n in ("Ann", "Bob", "Cy", "Dee"))
    finished(store, ann, 8000)
    finished(store, bob, 900, flagged=True)
    store.start_run(cy.id, "genius", 10, True, 100.0)                       # still open
    store.abandon_run(store.start_run(dee.id, "genius", 10, True, 100.0).id)
    store.finish_run(store.start_run(dee.id, "genius", 10, False, 100.0).id, 1000, False)   # unranked
    total, rows, _ = store.standings("genius", 10)
    assert (total, rows) == (1, [Row(1, "Ann", 8000, 1)])
    assert store.standings("genius", 10, player=bob.id)[2] == Row(None, "Bob", 900, 1, flagged=True, status="held")
    assert store.standings("genius", 10, player=cy.id)[2] is None
    assert store.standings("genius", 10, player=dee.id)[2] is None


def test_a_week_orders_players_by_runs_finished_then_total_time(store):
    ann, bob, cy, dee = (player(store, n) for n in ("Ann", "Bob", "Cy", "Dee"))
    for daily, ms in ((4, 9000), (8, 9000), (10, 9000)):
        finished(store, ann, ms, daily=daily)
    for daily, ms in ((9, 3000), (10, 3000)):
        finished(store, bob, ms, daily=daily)
    for daily, ms in ((8, 2000), (9, 4000)):
        finished(store, cy, ms, daily=daily)
    finished(store, dee, 1000, daily=3)             # before the week: not counted
    finished(store, dee, 1000, daily=11)            # after it: not counted
    finished(store, dee, 500, daily=9, flagged=True)
    total, rows, you = store.standings("genius", 10, days=7, player=dee.id)
    assert total == 3
    assert rows == [Row(1, "Ann", 27000, 3), Row(2, "Bob", 6000, 2), Row(2, "Cy", 6000, 2)]
    assert you == Row(None, "Dee", 500, 1, flagged=True, status="held")
    assert store.standings("genius", 10, days=2)[1] == [           # dailies 9 and 10
        Row(1, "Bob", 6000, 2), Row(2, "Cy", 4000, 1), Row(3, "Ann", 9000, 1)]


def club(store):
    """Ann, Bob and Cy finished daily 10; Ann's group ABCDEFGH "Club", Bob in it, Cy not."""
    ann, bob, cy = (player(store, n) for n in ("Ann", "Bob", "Cy"))
    for who, ms in ((ann, 5000), (bob, 6000), (cy, 4000)):
        finished(store, who, ms)
    assert store.create_group(ann.id, "ABCDEFGH", "Club") == Group("ABCDEFGH", "Club", 1)
    return ann, bob, cy


def test_a_group_code_is_taken_once(store):
    ann, bob, cy = club(store)
    with pytest.raises(CodeTaken):
        store.create_group(bob.id, "ABCDEFGH", "Other")


def test_joining_a_group_makes_a_member_once(store):
    ann, bob, cy = club(store)
    assert store.join_group(bob.id, "ABCDEFGH") == Group("ABCDEFGH", "Club", 2)
    assert store.join_group(bob.id, "ABCDEFGH") == Group("ABCDEFGH", "Club", 2)   # again: harmless
    assert store.join_group(cy.id, "ZZZZZZZZ") is None
    assert store.is_member(bob.id, "ABCDEFGH") and not store.is_member(cy.id, "ABCDEFGH")


def test_groups_filter_the_standings_to_their_members(store):
    ann, bob, cy = club(store)
    store.join_group(bob.id, "ABCDEFGH")
    total, rows, you = store.standings("genius", 10, group="ABCDEFGH", player=bob.id)
    assert (total, rows, you) == (2, [Row(1, "Ann", 5000, 1), Row(2, "Bob", 6000, 1)], Row(2, "Bob", 6000, 1))
    assert store.standings("genius", 10)[0] == 3


def test_leaving_a_group_takes_the_player_out_of_its_standings(store):
    ann, bob, cy = club(store)
    store.join_group(bob.id, "ABCDEFGH")
    store.create_group(bob.id, "QQQQQQQQ", "Afamily")
    assert store.groups(bob.id) == [Group("QQQQQQQQ", "Afamily", 1), Group("ABCDEFGH", "Club", 2)]
    store.leave_group(bob.id, "ABCDEFGH")
    assert store.groups(bob.id) == [Group("QQQQQQQQ", "Afamily", 1)]
    assert store.standings("genius", 10, group="ABCDEFGH")[:2] == (1, [Row(1, "Ann", 5000, 1)])
    store.leave_group(cy.id, "ABCDEFGH")          # not a member: nothing happens
    assert store.groups(ann.id) == [Group("ABCDEFGH", "Club", 1)]


def pruned(store):
    ann, bob = player(store, "Ann"), player(store, "Bob")
    old = store.start_run(ann.id, "genius", 3, True, 1.0)
    store.add_move(old.id, 1, "P2 A1", "board 1")
    finished(store, ann, 5000, daily=4)
    finished(store, bob, 6000, daily=5)
    assert store.prune(5) == 2
    return old


def test_prune_drops_the_runs_of_earlier_dailies_with_their_moves(store):
    old = pruned(store)
    assert store.run(old.id) is None and store.db.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 0


def test_prune_keeps_the_rest(store):
    pruned(store)
    assert store.standings("genius", 5)[1] == [Row(1, "Bob", 6000, 1)]
    assert store.counts()["players"] == 2 and store.counts()["runs"] == 1


DAY3_NOON = 1767225600 + 2 * 86400 + 43200      # 2026-01-03 12:00 UTC: daily 3


def four_dailies_on_day_3(tmp_path, monkeypatch):
    """A database with dailies 1 to 4 of both puzzles, opened on daily 3's day."""
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    ann = player(store, "Ann")
    for puzzle in ("genius", "macmahon"):
        for daily in (1, 2, 3, 4):
            finished(store, ann, 5000, daily=daily, puzzle=puzzle)
    store.close()
    monkeypatch.setattr(store_module, "time", SimpleNamespace(time=lambda: DAY3_NOON))
    return path


def dailies(store) -> set[int]:
    return {r for (r,) in store.db.execute("SELECT daily FROM runs")}


def test_keep_days_prunes_at_open_by_the_utc_date(tmp_path, monkeypatch):
    store = Store(four_dailies_on_day_3(tmp_path, monkeypatch), keep_days=1)
    assert dailies(store) == {2, 3, 4}               # keeps daily 3 and the one before it (and later ones)
    store.close()


def test_keep_days_prunes_on_keep_by_the_utc_date(tmp_path, monkeypatch):
    store = Store(four_dailies_on_day_3(tmp_path, monkeypatch), keep_days=1)
    assert store.keep(DAY3_NOON + 86400) == 2 and dailies(store) == {3, 4}
    store.close()


def test_no_keep_days_keeps_every_daily(tmp_path, monkeypatch):
    store = Store(four_dailies_on_day_3(tmp_path, monkeypatch))
    assert store.keep(DAY3_NOON + 10 * 86400) == 0 and store.counts()["runs"] == 8
    store.close()


def test_counts(store):
    ann = player(store, "Ann")
    finished(store, ann, 5000)
    store.create_group(ann.id, "ABCDEFGH", "Club")
    counts = store.counts()
    assert (counts["players"], counts["runs"], counts["groups"]) == (1, 1, 1) and counts["bytes"] > 4096


def test_a_backup_is_a_whole_database_in_one_file_written_atomically(store, tmp_path):
    ann = player(store, "Ann")
    finished(store, ann, 5000)
    target = tmp_path / "copy.sqlite3"
    target.write_text("an older copy")
    store.backup(target)
    copy = sqlite3.connect(target)
    assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert copy.execute("SELECT name FROM players").fetchall() == [("Ann",)]
    copy.close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("copy", ".copy"))) == ["copy.sqlite3"]
    with pytest.raises(StoreError, match="another file"):
        store.backup(store.path)
    with pytest.raises(StoreError, match="cannot write the backup"):
        store.backup(tmp_path / "missing" / "copy.sqlite3")


def test_backup_file_refuses_a_missing_or_foreign_database(tmp_path):
    with pytest.raises(StoreError, match="there is no database"):
        backup_file(tmp_path / "none.sqlite3", tmp_path / "copy")
    (tmp_path / "text").write_text("hello")
    with pytest.raises(StoreError, match="not a Squarewise database"):
        backup_file(tmp_path / "text", tmp_path / "copy")
    assert not (tmp_path / "copy").exists() and not (tmp_path / "none.sqlite3").exists()


@pytest.mark.parametrize("beside", ["-wal", "-shm", "-journal"])
def test_a_backup_never_goes_over_the_files_sqlite_keeps_beside_the_database(store, tmp_path, beside):
    finished(store, player(store, "Ann"), 5000)
    own = tmp_path / f"{store.path.name}{beside}"
    before = own.read_bytes() if own.exists() else None
    for backup in (store.backup, lambda target: backup_file(store.path, target)):
        with pytest.raises(StoreError, match="another file than the database"):
            backup(own)
        with pytest.raises(StoreError, match="needs a file name"):
            backup("")
    assert (own.read_bytes() if own.exists() else None) == before
    assert store.standings("genius", 10)[0] == 1


def test_a_moves_number_comes_from_the_run(store):
    """Move n is kept only on a run at move n - 1 (another writer's idea of the run is refused)."""
    ann = player(store, "Ann")
    run = store.start_run(ann.id, "genius", 10, True, 1.0)
    store.add_move(run.id, 1, "m1", "board 1")
    with pytest.raises(StoreError, match="not open at move 0"):
        store.add_move(run.id, 1, "again", "board 1'")
    with pytest.raises(StoreError, match="not open at move 2"):
        store.add_move(run.id, 3, "skipped", "board 3")
    store.add_move(run.id, 2, "m2", "board 2", finish=(5000, False))
    with pytest.raises(StoreError, match="not open at move 2"):
        store.add_move(run.id, 3, "m3", "board 3")


def test_a_moves_board_is_kept_with_it(store):
    """In one transaction with the board after it; the last one and the finish go together."""
    ann = player(store, "Ann")
    run = store.start_run(ann.id, "genius", 10, True, 1.0)
    store.add_move(run.id, 1, "m1", "board 1")
    assert store.moves(run.id) == ("m1",) and (store.run(run.id).seq, store.run(run.id).position) == (1, "board 1")
    first = store.add_move(run.id, 2, "m2", "board 2", finish=(5000, False))
    second = store.finish_run(store.start_run(ann.id, "genius", 11, True, 1.0).id, 6000, False)
    done = store.run(run.id)
    assert (done.seq, done.position, done.ms, store.moves(run.id)) == (2, "board 2", 5000, ("m1", "m2"))
    assert second > first >= 1


def version_3_database(tmp_path):
    """Version 4 (issue 35) opens this: a version 3 file with one run, flagged by the old floor."""
    path = tmp_path / "v3.sqlite3"
    raw = sqlite3.connect(path, isolation_level=None)
    for version in MIGRATIONS[:3]:
        for statement in version:
            statement(raw) if callable(statement) else raw.execute(statement)
    raw.execute("PRAGMA user_version=3")
    raw.execute("INSERT INTO players (name, key, folded, token_hash, address, created) VALUES ('Bot', 'bot', 'bot', "
                "x'01', 'x', 0)")
    raw.execute("INSERT INTO runs (player, puzzle, daily, ranked, started, ms, flagged, finished) "
                "VALUES (1, 'genius', 10, 1, 0, 900, 1, 1)")
    raw.execute("INSERT INTO moves (run, seq, move) VALUES (1, 0, '1:A1')")
    raw.close()
    return path


def test_a_version_3_database_gets_a_secret_made_once(tmp_path):
    path = version_3_database(tmp_path)
    store = Store(path)
    secret = store.secret
    store.close()
    again = Store(path)
    try:
        assert len(secret) == 32
        assert again.secret == secret                       # made once, at the first start of version 4
    finally:
        again.close()


def test_a_version_3_databases_runs_were_on_the_offline_daily(tmp_path):
    store = Store(version_3_database(tmp_path))
    try:
        assert not store.run(1).dealt
        assert store.start_run(1, "genius", 11, True, 0).dealt
    finally:
        store.close()


def test_a_version_3_databases_flagged_runs_are_held_for_review(tmp_path):
    store = Store(version_3_database(tmp_path))
    try:
        assert store.run(1).held
        assert store.timeline(1) == ((1, "1:A1", None),)        # moves keep their times (none then)
        [review] = store.reviews()
        assert review.run.id == 1 and review.name == "Bot"
    finally:
        store.close()


def held_and_flagged(store):
    """Ann's run held below the floor, Bob's placed, Cy's flagged for evenly spaced moves."""
    ann, bob = player(store, "Ann"), player(store, "Bob")
    held = store.start_run(ann.id, "genius", 10, True, 0)
    store.finish_run(held.id, 700, True, ("below the floor",))
    finished(store, bob, 9000)
    flagged = store.start_run(player(store, "Cy").id, "genius", 10, True, 0)
    store.finish_run(flagged.id, 8000, False, ("moves evenly spaced",))
    return ann, bob, held, flagged


def decide_three(store, held) -> None:
    store.decide("accept", str(held.id), 100.0)
    store.decide("disqualify", str(held.id), 200.0)
    store.decide("bar", "BOB", 300.0)


def test_decisions_change_what_is_placed(store):
    ann, bob, held, flagged = held_and_flagged(store)
    assert [(r.run.id, r.reasons) for r in store.reviews()] == [(held.id, ("below the floor",)),
                                                                (flagged.id, ("moves evenly spaced",))]
    assert [r.name for r in store.standings("genius", 10)[1]] == ["Cy", "Bob"]
    assert "accepted run" in store.decide("accept", str(held.id), 100.0).said
    assert [r.name for r in store.standings("genius", 10)[1]] == ["Ann", "Cy", "Bob"]
    assert [r.run.id for r in store.reviews()] == [flagged.id] and len(store.reviews(every=True)) == 2
    store.decide("disqualify", str(held.id), 200.0)
    assert store.standings("genius", 10, player=ann.id)[2].status == "disqualified"
    store.decide("bar", "BOB", 300.0)
    assert [r.name for r in store.standings("genius", 10)[1]] == ["Cy"]
    assert store.standings("genius", 10, player=bob.id)[2].status == "barred"


def test_decisions_are_kept_with_their_time(store):
    ann, bob, held, flagged = held_and_flagged(store)
    decide_three(store, held)
    assert [(d.id, d.at, d.action) for d in store.decisions()] == [(1, 100.0, "accept"), (2, 200.0, "disqualify"),
                                                                   (3, 300.0, "bar")]
    assert store.decisions(2)[0].said.startswith('barred "Bob" (player 2): 1 finished ranked run left out')
    assert store.last_decision() == 3


@pytest.mark.parametrize(("action", "target"), [("accept", "99"), ("bar", "Zed"), ("accept", "x")])
def test_a_decision_on_no_such_run_or_player_is_refused(store, action, target):
    ann, bob, held, flagged = held_and_flagged(store)
    decide_three(store, held)
    with pytest.raises(StoreError):
        store.decide(action, target, 0.0)
    assert store.last_decision() == 3
