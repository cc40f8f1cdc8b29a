"""`squarewise serve [--db PATH] review [--all] [--accept RUN | --disqualify RUN | --bar NAME] [--json]`:
the operator's view of the ranked runs held below a person's floor or flagged by their rhythm
(game/net/fair.py), and the decisions on them.

It opens the database as one more writer (SQLite's WAL lets it beside a running server, which
takes no part in it): `review` lists the runs no operator has decided (`--all`: decided ones
too), each with its reasons and its moves' timeline (seconds on the run's clock, then the move); `--accept RUN` places a held run,
`--disqualify RUN` leaves a run out, `--bar NAME` leaves all of a name's runs out and refuses it
new ranked runs. Each decision is kept in the database with its time and said in one line
here; a running server reads it within a second (game/net/daily.py `watch`), says it in its
log and ranks again. What cannot be done (no database there, no such run or name): one line,
exit 2.
"""
from __future__ import annotations

import json
import time

from solver import daily
from solver.cli_common import PROG
from solver.errors import one_line

from .store import Review, Store, StoreError


def add_review(subparsers) -> None:
    parser = subparsers.add_parser("review", prog=f"{PROG} serve review",
                                   help="the ranked runs held or flagged for review; accept, disqualify, bar")
    parser.add_argument("--all", action="store_true", help="list decided runs too")
    act = parser.add_mutually_exclusive_group()
    act.add_argument("--accept", metavar="RUN", help="place the run (held below the floor: a person was that fast)")
    act.add_argument("--disqualify", metavar="RUN", help="leave the run out of the standings")
    act.add_argument("--bar", metavar="NAME", help="leave every run of that name out, and refuse it ranked runs")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def review(db, args) -> int:
    """The review command on the database at `db` (a Path); SquarewiseError in one line if it cannot be done."""
    if not db.exists():
        raise StoreError(f"there is no database at '{db}' (give the server's --db)")
    store = Store(db)
    try:
        for action in ("accept", "disqualify", "bar"):
            target = getattr(args, action)
            if target is not None:
                decision = store.decide(action, target.strip(), time.time())
                if args.json:
                    print(json.dumps({"decision": decision.id, "at": decision.at, "action": action,
                                      "run": decision.run, "player": decision.player, "said": decision.said}))
                else:
                    print(f"{PROG}: decision {decision.id}: {decision.said}", flush=True)
                return 0
        found = store.reviews(every=args.all)
    finally:
        store.close()
    if args.json:
        print(json.dumps({"runs": [_doc(r) for r in found]}, ensure_ascii=False))
    else:
        print("\n".join(_lines(found)), flush=True)
    return 0


def _state(r: Review) -> str:
    if r.barred:
        return "barred"
    if r.run.verdict:
        return r.run.verdict
    return "held (under review)" if r.run.held else "placed, flagged"


def _lines(found: list[Review]) -> list[str]:
    if not found:
        return ["no ranked run waits for review"]
    out = [f"{len(found)} ranked run{'s' * (len(found) != 1)} for review (accept, disqualify: --accept RUN, "
           f"--disqualify RUN; a name: --bar NAME)"]
    for r in found:
        run = r.run
        out.append(f"run {run.id}  {daily.GAMES[run.puzzle]} #{run.daily}  {json.dumps(r.name)}  "
                   f"{daily.standing_time(run.ms)}  {_state(r)}")
        out += [f"    {one_line(reason)}" for reason in r.reasons]
        steps = [f"{'?' if ms is None else f'{ms / 1000:.3f}'} {move}" for _, move, ms in r.timeline]
        for i in range(0, len(steps), 6):
            out.append("    " + " · ".join(steps[i:i + 6]))
    return out


def _doc(r: Review) -> dict:
    run = r.run
    return {"run": run.id, "puzzle": run.puzzle, "daily": run.daily, "name": r.name, "ms": run.ms,
            "held": run.held, "verdict": run.verdict, "barred": r.barred, "reasons": list(r.reasons),
            "moves": [{"seq": seq, "move": move, "ms": ms} for seq, move, ms in r.timeline]}


