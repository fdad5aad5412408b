"""Everyone keeps the record (issue 39): at a hosted table played to the end, each joined
player's cardsuite keeps the host's whole record in its own store, from its own seat, and it
replays to the same end; nothing of it is sent before the game is over; a player who leaves
before the end keeps what they saw, which says plainly what it lacks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from remote_players import PrivacyWatch, ScriptedPlayer, hosted, wait_for

from cardsuite.fair import Fairness, commitment
from cardsuite.match import SeatSpec
from cardsuite.records import final_state, joined_record_name, result_text
from cardsuite.remote.keeper import RecordKeeper
from cardsuite.remote.server import Conn
from cardsuite.store import Store

GAME, VARIANT = "african-casino", "south-african"


class KeepingPlayer(ScriptedPlayer):
    """A scripted player whose cardsuite keeps the record in its own store."""

    def __init__(self, address: Any, name: str, store: Store, **kw: Any) -> None:
        super().__init__(address, name, **kw)
        self.keeper = RecordKeeper(store)
        self.said: list[str] = []

    def on_message(self, msg: dict[str, Any]) -> None:
        said = self.keeper.receive(msg)
        if said:
            self.said.append(said)
        super().on_message(msg)


def _seats() -> list[SeatSpec]:
    return [
        SeatSpec("human", "Host"),
        SeatSpec("remote", "Joy"),
        SeatSpec("remote", "Kim"),
        SeatSpec("random", "Bot"),
    ]


async def test_each_joined_player_keeps_the_hosts_record(tmp_path: Path) -> None:
    host_store = Store(tmp_path / "host")
    server = await hosted(GAME, _seats(), seed=21, variant=VARIANT, store=host_store)
    sent: list[tuple[int | None, bool, bool]] = []  # (seat, a record, the game over then)
    privacy = PrivacyWatch(server)  # every other message names no card hidden from its reader

    def watch(conn: Conn, text: str) -> None:
        is_record = json.loads(text)["type"] == "record"
        sent.append((conn.seat, is_record, server.match.is_over()))
        if not is_record:
            privacy.check(conn, text)

    server.on_send = watch
    stores = {name: Store(tmp_path / name) for name in ("Joy", "Kim")}
    host = ScriptedPlayer(server.address, "Host")
    host.client.token = server.host_token  # the host's own seat, over loopback
    players = [KeepingPlayer(server.address, n, stores[n]) for n in ("Joy", "Kim")]
    for p in (host, *players):
        p.start()
    try:
        await wait_for(lambda: all(p.keeper.whole for p in players), what="every player's record")
        (host_path,) = host_store.records_dir.glob("*.txt")
        host_rec = host_store.load_record(host_path)
        assert [s.kind for s in host_rec.seats] == ["human", "remote", "remote", "random"]
        for p in players:
            seat = p.seat
            assert seat is not None
            path = p.keeper.path
            assert path is not None and path.parent == stores[p.client.name].records_dir
            assert path.stem == joined_record_name(GAME, server.match.started, seat)
            assert p.said == [f"The game's record is kept in {path}."]
            rec = stores[p.client.name].load_record(path)
            assert (rec.seed, rec.result, rec.moves) == (
                host_rec.seed,
                host_rec.result,
                host_rec.moves,
            )
            kinds = ["remote", "remote", "remote", "random"]
            kinds[seat] = "human"
            assert [s.kind for s in rec.seats] == kinds
            assert rec.people == [seat] and not rec.private
            end = final_state(rec)
            assert end.is_over()
            assert result_text(end, [s.name for s in rec.seats]) == rec.result
            assert end.scores() == server.match.state.scores()
        # the record went to the two joined players, once each, and only once it was over
        records = [(seat, over) for seat, is_record, over in sent if is_record]
        assert sorted(seat for seat, _ in records) == sorted(p.seat for p in players)
        assert all(over for _, over in records)
        assert not any(m["type"] == "record" for m in host.messages)
        assert privacy.checked > 50 and not privacy.leaks
        for p in players:  # after the last update, never before it
            kinds_seen = [m["type"] for m in p.messages if m["type"] in ("update", "record")]
            assert kinds_seen[-1] == "record" and kinds_seen.count("record") == 1
            last_update = next(m for m in reversed(p.messages) if m["type"] == "update")
            assert last_update["over"]
    finally:
        for p in (host, *players):
            await p.close()
        await server.close()


async def test_a_player_who_left_keeps_what_they_saw(tmp_path: Path) -> None:
    """Leaving mid-game: no record comes (the game is not over), and the keeper writes one
    that lacks the deal and says so; ``replay`` refuses it in words. Coming back and
    staying to the end replaces it with the whole record (the same name)."""
    store = Store(tmp_path / "joy")
    seats = [SeatSpec("remote", "Joy"), SeatSpec("random", "Bot")]
    server = await hosted(GAME, seats, seed=8, variant=VARIANT)
    joy = KeepingPlayer(server.address, "Joy", store, stop=lambda u: u["seq"] >= 6)
    joy.start()
    try:
        await wait_for(lambda: server.version >= 6, what="a few moves")
        said = joy.keeper.left("{me} left the table")
        await joy.close(bye=False)
        assert said is not None and "What you saw of this game is kept in" in said
        assert not any(m["type"] == "record" for m in joy.messages)
        rec = store.load_record(joy.keeper.path)
        assert not rec.replayable and not rec.finished and rec.moves == []
        assert rec.seed is None and [s.kind for s in rec.seats] == ["human", "random"]
        assert "Joy left the table before the end" in (rec.lacks or "")
        text = joy.keeper.path.read_text(encoding="utf-8")  # the public log, as comments
        assert "# What Joy saw of the table" in text
        assert text.count("\n# ") > 3
        # nothing but the public log: each note is a public event as the table wrote it
        names = server.match.names()
        public = {e.render(names) for e in server.match.public_log()}
        notes = [line[2:] for line in text.splitlines() if line.startswith("# ")][1:]
        assert notes and set(notes) <= public
        (info,) = store.list_records()
        assert info.error is None and info.result == "unfinished"
        # back, with the seat's token, to the end: the whole record replaces it
        again = KeepingPlayer(server.address, "Joy", store)
        again.client.token = joy.client.token
        again.start()
        await wait_for(lambda: again.keeper.whole, what="the whole record")
        assert again.keeper.path == joy.keeper.path
        whole = store.load_record(again.keeper.path)
        assert whole.replayable and whole.finished and final_state(whole).is_over()
        assert len(store.list_records()) == 1
        await again.close()
    finally:
        await server.close()


def test_a_record_disagreeing_with_the_commitment_shown_is_kept_and_said(tmp_path: Path) -> None:
    """The keeper compares the host's record with the commitment and salts its table
    showed before the deal: a host who rewrote them is caught by each joiner's copy."""
    from fair_records import HOST_SEED, SALTS, fair_text

    keeper = RecordKeeper(Store(tmp_path))
    keeper.receive(
        {"type": "welcome", "seat": 1, "game": GAME, "players": 2, "started": 0.0, "seats": []}
    )
    keeper.seen = Fairness(commitment(HOST_SEED), {1: SALTS[2]})
    said = keeper.receive({"type": "record", "text": fair_text()})
    assert said is not None and "its salts are not the ones your table showed you" in said
    assert keeper.whole and keeper.path is not None
    keeper.seen = Fairness(commitment(HOST_SEED), {1: SALTS[1]})
    assert keeper.receive({"type": "record", "text": fair_text()}) == (
        f"The game's record is kept in {keeper.path}."
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not a record", "cannot be read"),
        (None, "not one"),
        ("cardsuite record 1\ngame: mensch\n", "cannot be read"),
    ],
)
def test_a_bad_record_from_the_host_is_said_and_not_kept(
    tmp_path: Path, text: Any, words: str
) -> None:
    keeper = RecordKeeper(Store(tmp_path))
    keeper.receive({"type": "welcome", "seat": 0, "game": GAME, "players": 2, "seats": []})
    said = keeper.receive({"type": "record", "text": text})
    assert said is not None and words in said and not keeper.whole
    assert (
        not list((tmp_path / "records").glob("*.txt")) if (tmp_path / "records").exists() else True
    )
