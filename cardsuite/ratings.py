"""Ratings: each named player and each bot level, per game, from the results of rated games.

The model is openskill's Plackett-Luce (Weng and Lin's Bayesian approximation): a rating is a
skill ``mu`` and its uncertainty ``sigma``; a game is a ranking of teams, any number of them,
ties allowed. Plackett-Luce is the one of openskill's models made for a full ranking of many
teams at once (Twenty-Two's twelve seats cost one update, not sixty-six pairwise ones, as
Bradley-Terry's would), it handles partnerships (Sotho, a one-deal Mensch's declaring side)
and ties, and openskill's own benchmarks find it the most accurate of its models. The shown
number is the conservative ``ordinal`` (``mu - 3 sigma``): it rises as a player wins and as
their games make the estimate surer, so a newcomer's lucky first win does not top the list.

Nothing is stored but the results: a rated game's row in the statistics carries its teams and
ranks (``rating_fields``, kept in the row's ``extra``), and ratings are worked out by
replaying the rated games in the order they finished (``compute``). So they can always be
made again from what is kept, a result waiting in the pending journal counts too, and a
change of model needs no migration.

Bot levels are anchors: ``cardsuite bench --ratings`` plays the levels against each other
(``calibrate``) and their ratings are shipped in ``bot_ratings.json`` (a run on this machine
writes ``bot-ratings.json`` in the data folder, which wins). A player's game against a bot
moves the player against the anchor, but not the anchor: a bot level plays the same however
often one person beats it, so its rating must not drift with one player's luck, and the
scale stays the one every install shares ("medium" means the same number everywhere). A
level with no anchor for a game is rated as a player is.

Pure: no Textual, no clock, no printing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

from .bots import LEVELS

if TYPE_CHECKING:  # openskill is loaded only to work ratings out (the store reads results)
    from openskill.models import PlackettLuce, PlackettLuceRating

    from .store import Store

#: The shipped anchors, written by ``cardsuite bench --ratings --out cardsuite/bot_ratings.json``.
SHIPPED = "bot_ratings.json"
#: The first words of the game-over line of a game that is not rated.
NOT_RATED = "Not rated"


@cache
def _model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """One player's or bot level's rating in one game."""

    game: str
    name: str  # the player's name, or the bot level
    bot: bool
    mu: float
    sigma: float
    games: int  # rated games (for an anchor: the calibration's games)
    anchor: bool = False  # a calibrated bot level: fixed

    @property
    def ordinal(self) -> float:
        """The conservative rating shown first: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def label(self) -> str:
        return f"{self.name} (bot)" if self.bot else self.name

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "name": self.name,
            "bot": self.bot,
            "rating": round(self.ordinal, 2),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "games": self.games,
            "anchor": self.anchor,
        }


@dataclass(frozen=True)
class RatedGame:
    """A rated result as the ratings read it: who sat where, the teams and their ranks."""

    game: str
    finished_at: float
    seats: Sequence[tuple[str, str]]  # (kind, name) a seat
    teams: Sequence[Sequence[int]]  # seats, one list a team
    ranks: Sequence[int]  # a team's place: 1 first; equal places are ties


class _Source(Protocol):
    """What ``unrated_reason`` and ``rating_fields`` read of a table source."""

    @property
    def seats(self) -> Any: ...

    def winners(self) -> list[int]: ...

    def scores(self) -> list[int]: ...

    def public_log(self) -> Any: ...


# --- which games are rated -------------------------------------------------------------------


def unrated_reason(source: object, *, lesson: bool = False) -> str | None:
    """Why this finished game is not rated, or None when it is. Hot-seat, remote and bot
    games are rated; not a lesson, a daily deal (compared with the hard bot, not rated), a
    game where undo was used (``Match.undo_used``), one begun from a position, or one where
    two seats share a name (their ratings could not be told apart)."""
    from .daily import DailyMatch

    if lesson:
        return "a lesson is for learning"
    if isinstance(source, DailyMatch):
        return "the daily deal is compared with the hard bot instead"
    if getattr(source, "undo_used", False):
        return "undo was used"
    origin = getattr(source, "origin", {})  # a joined table: the host's deal
    if origin is None:
        return "how it began is unknown (a save from an older version)"
    if "position" in origin:
        return "it began from a position"
    names = [s.name for s in getattr(source, "seats", ()) if s.kind not in LEVELS]
    if len(set(names)) != len(names):
        return "two players have the same name"
    return None


def not_rated_line(reason: str | None) -> str | None:
    """The game-over dialog's and the plain mode's line ("Not rated: undo was used")."""
    return None if reason is None else f"{NOT_RATED}: {reason}"


def teams_of(game_id: str, players: int, log: Iterable[Any]) -> list[list[int]]:
    """The sides that share a result: African Casino's partners at four (seats 0 and 2
    against 1 and 3), a one-deal Mensch's declaring side (the declarer and the partner the
    settlement names, public by then) against the others; otherwise each seat alone. A
    Mensch match of several deals is each seat alone: its partners change every deal, and
    its result is each seat's chips."""
    if game_id == "african-casino" and players == 4:
        return [[0, 2], [1, 3]]
    if game_id == "mensch":
        settles = [e for e in log if getattr(e, "kind", None) == "settle"]
        if len(settles) == 1:
            data = settles[0].data
            side = [int(data["declarer"])]
            partner = data.get("partner")
            if partner is not None and int(partner) not in side:  # a Solo has none
                side.append(int(partner))
            side.sort()
            return [side, [s for s in range(players) if s not in side]]
    return [[s] for s in range(players)]


def ranks_of(
    teams: Sequence[Sequence[int]],
    winners: Iterable[int],
    scores: Sequence[int],
    low_score_wins: bool,
) -> list[int]:
    """Each team's place from the game's own result: winners first (shared wins tie), then
    the rest by score (a team by its best seat's), equal scores tied; places are dense
    (1, 1, 2, 3)."""
    won = set(winners)
    sign = 1 if low_score_wins else -1
    keys = []
    for team in teams:
        best = min(sign * scores[s] for s in team)
        keys.append((0 if won & set(team) else 1, 0 if len(teams) == 2 else best))
    places = {k: i + 1 for i, k in enumerate(sorted(set(keys)))}
    return [places[k] for k in keys]


def rating_fields(game_id: str, low_score_wins: bool, source: _Source) -> dict[str, Any]:
    """The ``rating`` of a rated game's result (``Store.game_record``): teams and ranks."""
    players = len(source.seats)
    teams = teams_of(game_id, players, source.public_log())
    ranks = ranks_of(teams, source.winners(), source.scores(), low_score_wins)
    return {"teams": teams, "ranks": ranks}


def check_fields(value: object, players: int) -> dict[str, Any]:
    """A kept result's ``rating`` checked whole (``ValueError`` says what is wrong): teams
    of seats, each seat in at most one, and a whole place for each team."""
    if not isinstance(value, Mapping):
        raise ValueError("its rating is not an object")
    teams, ranks = value.get("teams"), value.get("ranks")
    if not isinstance(teams, list) or not 1 <= len(teams) <= players:
        raise ValueError("its rating's teams are not a list of up to one a player")
    seen: set[int] = set()
    for team in teams:
        if not isinstance(team, list) or not team:
            raise ValueError("a rating team is not a list of seats")
        for seat in team:
            if type(seat) is not int or not 0 <= seat < players or seat in seen:
                raise ValueError("a rating team names a seat that is not one, or twice")
            seen.add(seat)
    if (
        not isinstance(ranks, list)
        or len(ranks) != len(teams)
        or any(type(r) is not int or not 1 <= r <= players for r in ranks)
    ):
        raise ValueError("its rating's ranks are not a place for each team")
    return {"teams": [list(t) for t in teams], "ranks": list(ranks)}


# --- the ratings -----------------------------------------------------------------------------


def _who(kind: str, name: str) -> tuple[bool, str]:
    """A seat's rated identity: a bot level, or a named player (local, remote, stood in)."""
    return (True, kind) if kind in LEVELS else (False, name)


def compute(
    games: Iterable[RatedGame], anchors: Mapping[str, Mapping[str, Mapping[str, Any]]]
) -> dict[str, list[Rating]]:
    """Every game's ratings, best first, from its rated results replayed in time order.

    ``anchors`` is ``{game: {level: {"mu", "sigma", "games"}}}`` (``load_anchors``): those
    levels are shown with their calibrated rating and never move; an identity that sits
    twice at one table (two bots of one level) is not moved by that game."""
    state: dict[str, dict[tuple[bool, str], list[Any]]] = {}
    for game in sorted(games, key=lambda g: g.finished_at):
        table = state.setdefault(game.game, _anchored(anchors.get(game.game, {})))
        _rate_one(game, table)
    out: dict[str, list[Rating]] = {}
    for game_id in sorted(set(state) | set(anchors)):
        table = state.get(game_id) or _anchored(anchors.get(game_id, {}))
        rows = [
            Rating(game_id, name, bot, r.mu, r.sigma, n, fixed)
            for (bot, name), (r, n, fixed) in table.items()
        ]
        out[game_id] = sorted(rows, key=lambda r: (-r.ordinal, r.label))
    return out


def _anchored(levels: Mapping[str, Mapping[str, Any]]) -> dict[tuple[bool, str], list[Any]]:
    return {
        (True, level): [_model().rating(mu=a["mu"], sigma=a["sigma"]), int(a["games"]), True]
        for level, a in levels.items()
    }


def _rate_one(game: RatedGame, table: dict[tuple[bool, str], list[Any]]) -> None:
    """One game's update of ``table`` (identity: [rating, games, anchored])."""
    whos = [_who(*seat) for seat in game.seats]
    for who in whos:
        table.setdefault(who, [_model().rating(), 0, False])
    teams = [[_copy(table[whos[s]][0]) for s in team] for team in game.teams]
    new = _model().rate(teams, ranks=list(game.ranks))
    twice = {w for w in whos if whos.count(w) > 1}
    for team, rated in zip(game.teams, new, strict=True):
        for seat, rating in zip(team, rated, strict=True):
            entry = table[whos[seat]]
            if whos[seat] in twice:
                continue
            entry[1] += 0 if entry[2] else 1
            if not entry[2]:
                entry[0] = rating


def _copy(rating: PlackettLuceRating) -> PlackettLuceRating:
    return _model().rating(mu=rating.mu, sigma=rating.sigma)


# --- bot levels: the anchors -----------------------------------------------------------------


def shipped_anchors() -> dict[str, dict[str, dict[str, Any]]]:
    """The shipped calibration (``bot_ratings.json``): ``{game: {level: rating}}``."""
    text = resources.files("cardsuite").joinpath(SHIPPED).read_text(encoding="utf-8")
    return check_anchors(json.loads(text))


def check_anchors(data: object) -> dict[str, dict[str, dict[str, Any]]]:
    """An anchors file checked whole: ``ValueError`` says what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("it is not a JSON object of games")
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for game, levels in data.items():
        if not isinstance(levels, Mapping) or not set(levels) <= set(LEVELS):
            raise ValueError(f"{str(game)[:40]!r} is not an object of bot levels")
        out[str(game)] = {}
        for level, a in levels.items():
            ok = isinstance(a, Mapping) and all(
                type(a.get(k)) in (int, float) for k in ("mu", "sigma", "games")
            )
            if not ok or not 0 < a["sigma"] < 100 or abs(a["mu"]) > 1000 or a["games"] < 0:
                raise ValueError(f"{game}'s {level} is not a rating (mu, sigma, games)")
            out[str(game)][level] = {k: a[k] for k in ("mu", "sigma", "games")}
    return out


def pairings(players: int, levels: Sequence[str] = LEVELS) -> list[tuple[str, ...]]:
    """The tables of a calibration run: every set of ``players`` different levels (all of
    them at once when there are as many seats as levels), or levels repeated round a table
    larger than the list."""
    if players <= len(levels):
        return list(combinations(levels, players))
    return [tuple(levels[i % len(levels)] for i in range(players))]


def from_store(store: Store, game: str | None = None) -> tuple[dict[str, list[Rating]], str | None]:
    """Each game's ratings from the store's rated results and the bots' anchors (only the
    game asked for, when one is), with what was wrong with this machine's anchors file."""
    anchors, problem = store.bot_anchors()
    if game is not None:
        anchors = {game: anchors[game]} if game in anchors else {}
    found = compute(store.rated_games(game), anchors)
    return found, problem


def rated_line(store: Store, game: RatedGame) -> str | None:
    """The game-over line of a rated game: each named player's rating after it and the
    change ("Rated: Ada 9.9 (+2.4)"), a newcomer's change from 0 (a newcomer's ``mu - 3
    sigma``). Worked out from the rated results without this game (its row may or may not
    be written yet: it is told by its time and seats) and with it; None when the statistics
    cannot be read (the result is kept all the same)."""
    from .store import StoreError

    try:
        anchors = store.bot_anchors()[0]
        kept = store.rated_games(game.game)
    except StoreError:
        return None
    before = [g for g in kept if (g.finished_at, list(g.seats)) != (game.finished_at, game.seats)]
    old = {r.label: r.ordinal for r in compute(before, anchors).get(game.game, [])}
    new = {r.label: r for r in compute([*before, game], anchors)[game.game]}
    parts = []
    for kind, name in game.seats:
        r = new.get(name)
        if kind not in LEVELS and r is not None and not r.bot:
            parts.append(f"{name} {r.ordinal:.1f} ({r.ordinal - old.get(name, 0.0):+.1f})")
    return f"Rated: {', '.join(parts)}" if parts else None


#: The columns of a game's ratings (``cardsuite ratings``, the statistics screen).
COLUMNS = ("player", "rating", "mu ± sigma", "games")


def cells(rating: Rating) -> list[str]:
    """A rating as the table's cells (a bot level's games are its calibration's)."""
    games = f"{rating.games} (calibration)" if rating.anchor else str(rating.games)
    return [rating.label, f"{rating.ordinal:.1f}", f"{rating.mu:.1f} ± {rating.sigma:.1f}", games]


def calibrate(
    game_id: str,
    games: int,
    seed: int,
    levels: Sequence[str] = LEVELS,
    iterations: int = 50,
    progress: Any = None,
) -> dict[str, dict[str, Any]]:
    """``bench --ratings``: the bot levels play each other (``pairings``, seats rotating,
    each game its own seed from ``seed``), all from the newcomer's rating, each moving; the
    levels' final ratings, for ``{game: ...}`` in an anchors file. The hard bot searches
    ``iterations`` a decision (its time budget never binds), so a run takes minutes."""
    from .games import get_game
    from .ladder import PLAYERS
    from .simulate import GameSpec, play_one

    game = get_game(game_id)
    n = PLAYERS.get(game.id, min(game.players))
    tables = pairings(n, levels)
    hard = {"iterations": iterations, "time_budget": 1e9}
    options = game.variants[game.default_variant].defaults()
    rated: list[RatedGame] = []
    for index in range(games):
        seats = tables[index % len(tables)]
        spec = GameSpec(game.id, n, game.default_variant, options, seats, {"hard": hard})
        rated.append(_rated_run(spec, play_one(spec, seed, index), game.low_score_wins))
        if progress is not None:
            progress(1)
    return {
        r.name: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "games": r.games}
        for r in compute(rated, {}).get(game.id, [])
    }


def _rated_run(spec: Any, result: Any, low_score_wins: bool) -> RatedGame:
    """A calibration game (``simulate.GameResult``, by entry) as a rated game: each level
    alone (the ladder's tables have no partnerships), ranked by the game's result."""
    alone = [[e] for e in range(spec.players)]
    return RatedGame(
        spec.game,
        float(result.index),
        [(level, level) for level in spec.seats],
        alone,
        ranks_of(alone, result.winners, result.scores, low_score_wins),
    )


__all__ = [
    "COLUMNS",
    "NOT_RATED",
    "SHIPPED",
    "RatedGame",
    "Rating",
    "calibrate",
    "cells",
    "check_anchors",
    "check_fields",
    "compute",
    "from_store",
    "not_rated_line",
    "pairings",
    "ranks_of",
    "rated_line",
    "rating_fields",
    "shipped_anchors",
    "teams_of",
    "unrated_reason",
]
