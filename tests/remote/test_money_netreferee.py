"""Money's snap across a network (``cardsuite/games/money/netreferee.py``), on a virtual network.

``Net`` below is a small discrete-event simulation: the server holds the ``NetReferee`` and a
``ClockSync`` per remote seat (filled by a round of pings), every message is delivered at its
send time + that link's delay, each client's clock is the server's plus a skew of seconds, and
the server calls ``due`` at ``next_deadline``. Players follow scripts: per card (its turn
count), presses at so many seconds after they saw it. So a scenario reads as "A snaps 400 ms
after seeing her match, B turns 450 ms after seeing it" and the tests assert who won.

The standard race: A (seat 0) turns a 9 onto the pile's 9 (card 3 on the table, a match);
she may claim it (MONEY-CLAIM-2) while B may turn his next card, which closes the window
(MONEY-CLAIM-1); a claim after that is false and gives B the ground (MONEY-CLAIM-4).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import money_helpers
import pytest

from cardsuite.games import get_game
from cardsuite.games.money.netreferee import FRAME_ALLOWANCE, NetFigures, NetOutcome, NetReferee
from cardsuite.games.money.referee import Referee
from cardsuite.games.money.rules import MoneyState
from cardsuite.remote.clock import FLOOR, ClockSync

THROW = 0.3
A, B = 0, 1
MATCH = 3  # the card A's 9 makes: the turn count after her turn


@dataclass
class Player:
    """One seat. Remote unless ``bot``: the server's messages take ``down`` seconds to reach
    it and its own take ``up`` (default ``down``); its clock reads server time + ``skew``; a
    card is on its screen ``draw`` after it arrives. ``script`` maps a card (turn count) to
    presses (kind, seconds after its own sight of that card). Liars: ``early`` stamps every
    press that much before it was made, ``late`` reports its sight that much after it.
    ``jitter`` is added to the down leg of successive pings (cycled)."""

    down: float = 0.0
    up: float | None = None
    skew: float = 0.0
    draw: float = 0.0
    bot: bool = False
    early: float = 0.0
    late: float = 0.0
    jitter: tuple[float, ...] = ()
    script: dict[int, list[tuple[str, float]]] = field(default_factory=dict)

    @property
    def uplink(self) -> float:
        return self.down if self.up is None else self.up


class Net:
    """The server, the two clients and the wire between them (times: the server's clock)."""

    def __init__(
        self,
        state: MoneyState,
        players: dict[int, Player],
        throw: float = THROW,
        syncs: dict[int, ClockSync | None] | None = None,
    ) -> None:
        self.state = state
        self.players = players
        self.syncs = syncs if syncs is not None else {s: self._sync(p) for s, p in players.items()}
        self.ref = NetReferee(state, throw_time=throw, seats_sync=self.syncs)
        self.now = 0.0
        self._queue: list[tuple[float, int, Callable[..., Any], tuple]] = []
        self._order = itertools.count()
        self.outcomes: list[NetOutcome] = []
        self.sent: dict[int, float] = {}  # card -> when the server sent it
        self.sights: dict[tuple[int, int], float] = {}  # (seat, card) -> real time it showed
        self.shown = dict.fromkeys(players, state.turns)  # the card each screen shows
        self.start_hands = [len(h) for h in state.hands]
        self._send_card(0.0)

    @staticmethod
    def _sync(p: Player) -> ClockSync | None:
        """Sixteen pings, one every 2 s before the game (the client answers after 1 ms)."""
        if p.bot:
            return None
        sync = ClockSync()
        for i in range(16):
            s0 = -40.0 + 2 * i
            down = p.down + (p.jitter[i % len(p.jitter)] if p.jitter else 0.0)
            c1 = s0 + down + p.skew
            assert sync.add(s0, c1, c1 + 0.001, s0 + down + 0.001 + p.uplink)
        return sync

    # --- the event loop -------------------------------------------------------------------

    def at(self, t: float, fn: Callable[..., Any], *args: Any) -> None:
        heapq.heappush(self._queue, (t, next(self._order), fn, args))

    def run(self, until: float = 10.0) -> Net:
        for _ in range(10_000):
            deadline = self.ref.next_deadline()
            msg = self._queue[0][0] if self._queue else math.inf
            if deadline is not None and deadline < msg and deadline <= until:
                self.now = max(self.now, deadline)
                self._handle(self.ref.due(self.now))
            elif msg <= until:
                t, _, fn, args = heapq.heappop(self._queue)
                self.now = t
                fn(*args)
            else:
                return self
        raise AssertionError("the simulation does not settle")

    # --- the server -----------------------------------------------------------------------

    def _handle(self, outcomes: list) -> None:
        self.outcomes += outcomes
        if any(o.kind == "turn" for o in outcomes):
            self._send_card(self.now)

    def _send_card(self, at: float) -> None:
        card = self.state.turns
        self.sent[card] = at
        self.ref.card_sent(card, at)
        for seat, p in self.players.items():
            if p.bot:
                for kind, after in p.script.get(card, []):
                    self.at(at + after, self._bot_press, seat, kind, card)
            else:
                self.at(at + p.down + p.draw, self._client_sees, seat, card)

    def _bot_press(self, seat: int, kind: str, card: int) -> None:
        self._handle(self.ref.press(seat, kind, self.now, card, self.now))

    # --- a client -------------------------------------------------------------------------

    def _client_sees(self, seat: int, card: int) -> None:
        p = self.players[seat]
        if card < self.shown[seat]:
            return
        self.shown[seat] = card
        self.sights[seat, card] = self.now
        stamp = self.now + p.skew + p.late
        self.at(self.now + p.uplink, self.ref.seen, seat, card, stamp)
        for kind, after in p.script.get(card, []):
            self.at(self.now + after, self._client_press, seat, kind)

    def _client_press(self, seat: int, kind: str) -> None:
        p = self.players[seat]
        stamp = self.now + p.skew - p.early
        card = self.shown[seat]  # the card on its screen when the key went down
        self.at(self.now + p.uplink, self._arrive, seat, kind, stamp, card)

    def _arrive(self, seat: int, kind: str, stamp: float, card: int) -> None:
        self._handle(self.ref.press(seat, kind, stamp, card, self.now))

    # --- reading the result ---------------------------------------------------------------

    def kinds(self) -> list[tuple[str, int]]:
        return [(o.kind, o.seat) for o in self.outcomes]

    def claims(self) -> list[NetOutcome]:
        return [o for o in self.outcomes if o.kind == "claim"]

    def claim(self) -> NetOutcome:
        (c,) = self.claims()
        return c


def captured(o: NetOutcome) -> tuple[int, bool]:
    """Who took the ground by a claim, and whether it was false."""
    false = any(e.kind == "false" for e in o.events)
    (cap,) = [e for e in o.events if e.kind == "capture"]
    return cap.seat, false


def race_position(claimant: int = A) -> MoneyState:
    """``claimant`` to move with a 9 onto the pile's 9; the other's next card is a 5."""
    hands = (["9", "2", "7"], ["5", "3", "6"])
    if claimant == B:
        hands = hands[::-1]
    return money_helpers.position(hands=hands, pile=["4", "9"], mover=claimant)


def race(
    a: Player, b: Player, snap: float, turn: float, claimant: int = A, throw: float = THROW
) -> Net:
    """The standard race: the claimant turns at once, then snaps ``snap`` after seeing her
    match while the other turns ``turn`` after seeing it."""
    players = {A: a, B: b}
    other = 1 - claimant
    players[claimant].script = {MATCH - 1: [("turn", 0.0)], MATCH: [("snap", snap)]}
    players[other].script = {MATCH: [("turn", turn)]}
    st = race_position(claimant)
    assert st.turns == MATCH - 1
    return Net(st, players, throw=throw).run()


DELAYS = [(0.01, 0.01), (0.2, 0.01), (0.01, 0.2), (0.2, 0.2), (0.05, 0.12)]


# --- fairness: the faster reaction wins whatever the delay -----------------------------------


@pytest.mark.parametrize("claimant", [A, B])
@pytest.mark.parametrize(("d_a", "d_b"), DELAYS)
def test_MONEY_CLAIM_2_the_faster_snap_wins_whatever_the_delay(
    claimant: int, d_a: float, d_b: float
) -> None:
    """The claimant snaps 400 ms after seeing her match, the other turns 460 ms after seeing
    it: she captures (MONEY-CLAIM-2), on a near or far link, either seat, clocks seconds
    apart; her reaction is exactly 400 ms, the figures are her link's."""
    a = Player(down=d_a, skew=3.7, draw=0.008)
    b = Player(down=d_b, skew=-12.5, draw=0.015)
    net = race(a, b, snap=0.40, turn=0.46, claimant=claimant)
    claim = net.claim()
    assert claim.seat == claimant
    assert captured(claim) == (claimant, False)
    assert claim.reaction == pytest.approx(0.40, abs=1e-9)
    assert claim.net is not None
    assert claim.net.one_way == pytest.approx((d_a, d_b)[claimant])
    assert claim.net.made_on == MATCH and claim.net.adjusted == ""
    # then the other's turn goes through: a new pile of one card
    assert net.kinds()[-2:] == [("claim", claimant), ("turn", 1 - claimant)]
    assert [c.rank for c in net.state.pile] == [5]
    assert len(net.state.hands[claimant]) == net.start_hands[claimant] - 1 + 3


@pytest.mark.parametrize("claimant", [A, B])
@pytest.mark.parametrize(("d_a", "d_b"), DELAYS)
def test_MONEY_CLAIM_1_the_faster_turn_closes_the_window_whatever_the_delay(
    claimant: int, d_a: float, d_b: float
) -> None:
    """Turned round: the other turns 400 ms after seeing the match, the claimant snaps at
    460 ms. The window closed first (MONEY-CLAIM-1), so her claim is late, hence false, and
    the other takes the ground (MONEY-CLAIM-4), even when she is the near one."""
    a = Player(down=d_a, skew=-1.25, draw=0.01)
    b = Player(down=d_b, skew=8.0, draw=0.01)
    net = race(a, b, snap=0.46, turn=0.40, claimant=claimant)
    other = 1 - claimant
    assert net.kinds()[-2:] == [("turn", other), ("claim", claimant)]
    claim = net.claim()
    assert captured(claim) == (other, True)
    assert claim.net is not None and claim.net.made_on == MATCH  # she pressed on the 9
    # placed on one timeline: 60 ms after the card that closed her window was revealed
    assert claim.reaction == pytest.approx(0.06, abs=1e-9)
    assert net.state.pile == []
    assert len(net.state.hands[other]) == net.start_hands[other] - 1 + 4


@pytest.mark.parametrize(("down", "up"), [(0.19, 0.01), (0.01, 0.19)])
def test_a_lopsided_link_is_judged_exactly(down: float, up: float) -> None:
    """A steady asymmetry (190 ms one way, 10 ms the other) misleads the offset by 90 ms, yet
    the honest stamps fall inside the bounds untouched and the reaction is exact: the
    offset's error and the one-way estimate's cancel. 20 ms faster still wins."""
    far = Player(down=down, up=up, skew=-2.5, draw=0.02)
    net = race(far, Player(down=0.03, skew=1.0), snap=0.40, turn=0.42)
    claim = net.claim()
    assert captured(claim) == (A, False)
    assert claim.net is not None and claim.net.adjusted == ""
    assert claim.reaction == pytest.approx(0.40, abs=1e-9)
    net = race(Player(down=0.03), Player(down=down, up=up, skew=7.0), snap=0.42, turn=0.40)
    assert captured(net.claim()) == (B, True)


@pytest.mark.parametrize(("d_a", "d_b"), DELAYS)
@pytest.mark.parametrize(("snap", "turn"), [(0.30, 0.50), (0.52, 0.33), (0.61, 0.58)])
def test_the_network_judges_as_a_local_referee_at_the_same_reactions(
    d_a: float, d_b: float, snap: float, turn: float
) -> None:
    """The whole principle: the networked result is the local ``Referee``'s result for the
    same presses made at the same times after one shared reveal."""
    net = race(Player(down=d_a, skew=0.4), Player(down=d_b, skew=-0.9), snap=snap, turn=turn)
    st = race_position()
    ref = Referee(st, throw_time=THROW)
    ref.press(A, "turn", 0.0)
    for t, seat, kind in sorted([(snap, A, "snap"), (turn, B, "turn")]):
        ref.press(seat, kind, t)
    ref.advance(10.0)
    assert net.state.to_json()["hands"] == st.to_json()["hands"]
    assert net.state.to_json()["pile"] == st.to_json()["pile"]


# --- ties -------------------------------------------------------------------------------


JITTERY = (0.02, 0.0)  # every other ping 20 ms slower: uncertainty 10 ms (the newest is best)


def test_uncertainty_of_a_jittery_link_is_ten_ms() -> None:
    sync = Net._sync(Player(down=0.05, jitter=JITTERY))
    assert sync is not None
    assert sync.uncertainty == pytest.approx(0.01)
    assert sync.one_way == pytest.approx(0.05)


@pytest.mark.parametrize(("snap", "wins"), [(0.40, True), (0.419, True), (0.421, False)])
def test_a_snap_within_the_combined_uncertainty_of_a_turn_goes_first(
    snap: float, wins: bool
) -> None:
    """money.md §12 (a claim and a turn at the same instant: the claim first), widened to
    the two seats' combined uncertainty: 10 + 10 ms here. B turns at 400 ms; A's snap up to
    420 ms still captures, at 421 ms it is late."""
    a = Player(down=0.03, jitter=JITTERY, skew=2.0)
    b = Player(down=0.15, jitter=JITTERY, skew=-2.0)
    net = race(a, b, snap=snap, turn=0.40)
    claim = net.claim()
    assert captured(claim) == ((A, False) if wins else (B, True))
    order = [("claim", A), ("turn", B)] if wins else [("turn", B), ("claim", A)]
    assert net.kinds()[-2:] == order


def test_a_tie_on_steady_links_is_the_floor_of_each() -> None:
    """On steady links each seat's uncertainty is the 2 ms floor: a snap 3 ms after the turn
    still wins (within 4 ms), 5 ms after it does not."""
    for gap, wins in ((0.003, True), (0.005, False)):
        net = race(Player(down=0.2, skew=5.0), Player(down=0.01), snap=0.4 + gap, turn=0.4)
        assert captured(net.claim())[1] is (not wins), gap
    assert pytest.approx(0.004) == 2 * FLOOR


def test_a_bot_and_its_own_held_turn_tie_exactly_as_locally() -> None:
    """Two bots (no clock sync): no uncertainty, so the local rule exactly: a snap at the
    instant a held turn falls due goes first; a microsecond later it is late."""
    for snap, wins in ((0.3, True), (0.300001, False)):
        a = Player(bot=True, script={MATCH - 1: [("turn", 0.0)], MATCH: [("snap", snap)]})
        b = Player(bot=True, script={MATCH: [("turn", 0.1)]})  # held until the throw time
        net = Net(race_position(), {A: a, B: b}).run()
        assert captured(net.claim()) == ((A, False) if wins else (B, True))


# --- cheaters ---------------------------------------------------------------------------


def _claim_of(a: Player, snap: float = 0.4, turn: float = 0.9) -> NetOutcome:
    return race(a, Player(down=0.03, skew=1.0), snap=snap, turn=turn).claim()


@pytest.mark.parametrize("down", [0.01, 0.08, 0.2])
def test_a_press_stamped_early_gains_at_most_the_uncertainty(down: float) -> None:
    """A client that stamps its snap a whole second early is moved back to the earliest its
    press could have been made (arrival − one way − uncertainty): it gains the uncertainty
    and no more, on a near or a far link."""
    honest = _claim_of(Player(down=down, skew=-3.0, draw=0.01))
    liar = _claim_of(Player(down=down, skew=-3.0, draw=0.01, early=1.0))
    assert honest.reaction == pytest.approx(0.4, abs=1e-9)
    assert liar.net is not None and "press" in liar.net.adjusted
    gain = honest.reaction - liar.reaction
    assert 0 < gain <= liar.net.uncertainty + 1e-9
    assert gain == pytest.approx(FLOOR, abs=1e-9)


@pytest.mark.parametrize("down", [0.01, 0.2])
def test_a_sight_reported_late_gains_at_most_the_window(down: float) -> None:
    """A client that says it saw the card a second late is moved to the latest it could
    have shown it (send + one way + uncertainty + the frame allowance): it gains that window
    less its real drawing time, no more."""
    draw = 0.01
    honest = _claim_of(Player(down=down, skew=4.0, draw=draw))
    liar = _claim_of(Player(down=down, skew=4.0, draw=draw, late=1.0))
    assert liar.net is not None and "sight" in liar.net.adjusted
    gain = honest.reaction - liar.reaction
    window = liar.net.uncertainty + FRAME_ALLOWANCE
    assert gain == pytest.approx(window - draw, abs=1e-9)
    assert gain <= window


def test_a_liar_still_loses_to_a_reaction_faster_by_more_than_his_margins() -> None:
    """Both lies at once (press 1 s early, sight 1 s late) win 2·u + FRAME − draw at most:
    against a turn 70 ms faster than his honest 450 ms the liar is still late."""
    liar = Player(down=0.1, skew=-6.0, draw=0.005, early=1.0, late=1.0)
    net = race(liar, Player(down=0.02, skew=2.0), snap=0.45, turn=0.38)
    assert captured(net.claim()) == (B, True)
    # and the most he was credited with: honest 450 ms less 2 ms + 2 ms + 50 ms − 5 ms
    liar2 = Player(down=0.1, skew=-6.0, draw=0.005, early=1.0, late=1.0)
    c = race(liar2, Player(down=0.02), snap=0.45, turn=0.9).claim()
    assert c.reaction == pytest.approx(0.45 - (2 * FLOOR + FRAME_ALLOWANCE - 0.005), abs=1e-9)


def test_a_sight_reported_before_the_card_was_sent_is_moved_up_to_the_send() -> None:
    """Reporting an early sight only slows the liar, but a sight before the card existed is
    nonsense: it is moved to the send time (server clock, through the offset)."""
    c = _claim_of(Player(down=0.05, skew=1.0, late=-2.0))
    assert c.net is not None and "sight" in c.net.adjusted
    # credited from the send: its whole down leg (50 ms) counts against it
    assert c.reaction == pytest.approx(0.45, abs=1e-9)


# --- per card, as locally -----------------------------------------------------------------


def test_one_snap_per_card() -> None:
    """A player's second snap at the same card never counts (money.md §12), even when the
    first emptied the pile."""
    a = Player(down=0.06, skew=0.3, script={MATCH - 1: [("turn", 0.0)]})
    a.script[MATCH] = [("snap", 0.3), ("snap", 0.5)]
    b = Player(down=0.02, script={MATCH: [("turn", 0.9)]})
    net = Net(race_position(), {A: a, B: b}).run()
    kinds = [(o.kind, o.seat, o.reason) for o in net.outcomes]
    assert ("ignored", A, "one snap per card") in kinds
    assert len(net.claims()) == 1 and captured(net.claim()) == (A, False)


def test_one_false_snap_per_card() -> None:
    """B snaps twice at A's matching card: the first is false (MONEY-CLAIM-4, it is not his
    card) and hands A the ground; the second is ignored, not a second penalty."""
    a = Player(down=0.02, script={MATCH - 1: [("turn", 0.0)]})
    b = Player(down=0.12, skew=-4.0, script={MATCH: [("snap", 0.25), ("snap", 0.4)]})
    net = Net(race_position(), {A: a, B: b}).run()
    assert captured(net.claim()) == (A, True)
    assert [o.reason for o in net.outcomes if o.seat == B][-1] == "one snap per card"


def test_key_repeat_within_the_gap_is_ignored_on_the_clients_clock() -> None:
    """A held snap key sends a stream of presses; within 100 ms of the last (on the client's
    own clock, skewed by seconds) they are repeats and never count."""
    a = Player(down=0.1, skew=-30.0, script={MATCH - 1: [("turn", 0.0)]})
    a.script[MATCH] = [("snap", 0.30), ("snap", 0.35)]
    b = Player(down=0.01, script={MATCH: [("turn", 0.9)]})
    net = Net(race_position(), {A: a, B: b}).run()
    assert [(o.kind, o.reason) for o in net.outcomes if o.seat == A][1:] == [
        ("claim", ""),
        ("ignored", "key repeat"),
    ]


def test_the_throw_time_holds_a_turn_from_the_movers_own_sight() -> None:
    """B (far, 200 ms) presses turn 100 ms after seeing A's match: the turn is held until
    the throw time (300 ms) after his own sight of it. A's snap at 290 ms goes first, at 310
    ms it is late."""
    for snap, wins in ((0.29, True), (0.31, False)):
        net = race(Player(down=0.01), Player(down=0.2, skew=9.0), snap=snap, turn=0.1)
        assert captured(net.claim()) == ((A, False) if wins else (B, True))
        (turn,) = [o for o in net.outcomes if o.kind == "turn" and o.seat == B]
        assert turn.reaction == pytest.approx(0.1, abs=1e-9)  # the press, before the hold
        assert turn.time == pytest.approx(net.sent[MATCH] + THROW, abs=1e-9)


def test_an_opening_turn_is_not_held() -> None:
    """Before the first reveal there is no throw time (as ``Referee``)."""
    a = Player(down=0.05, script={MATCH - 1: [("turn", 0.05)]})
    net = Net(race_position(), {A: a, B: Player(down=0.05)}).run()
    (turn,) = net.outcomes
    assert turn.kind == "turn" and turn.time == pytest.approx(0.05, abs=1e-9)


def test_a_turn_pressed_before_the_opponents_card_showed_is_held_not_lost() -> None:
    """B turns at once on A's match; A (far) had pressed turn 250 ms after seeing her own
    card, before B's card reached her: on the timeline that is after B's turn, so it is her
    turn there, held by the throw time from B's card, as a local referee would."""
    a = Player(down=0.2, script={MATCH - 1: [("turn", 0.0)], MATCH: [("turn", 0.45)]})
    b = Player(down=0.01, script={MATCH: [("turn", 0.3)]})
    net = Net(race_position(), {A: a, B: b}).run()
    assert [k for k in net.kinds()] == [("turn", A), ("turn", B), ("turn", A)]
    last = net.outcomes[-1]
    assert last.net is not None and last.net.made_on == MATCH
    assert last.time == pytest.approx(net.sent[MATCH + 1] + THROW, abs=1e-9)


def test_a_snap_during_its_own_seats_held_turn_goes_first() -> None:
    """B (far) presses turn 50 ms after seeing A's match, held to the throw time, then snaps
    at 250 ms, during the hold: as locally, the snap goes first (a false claim: not his
    card, MONEY-CLAIM-4, A takes 4 9 9), then the held turn starts a new pile with his 5.
    The server must wait for his own snaps before applying his held turn."""
    a = Player(bot=True, script={MATCH - 1: [("turn", 0.0)]})
    b = Player(down=0.2, skew=-3.0, script={MATCH: [("turn", 0.05), ("snap", 0.25)]})
    net = Net(race_position(), {A: a, B: b}).run()
    assert net.kinds() == [("turn", A), ("claim", B), ("turn", B)]
    assert captured(net.claim()) == (A, True)
    assert [c.rank for c in net.state.pile] == [5]


def test_one_seats_own_presses_compare_exactly() -> None:
    """No uncertainty between two presses on one clock: B turns at 400 ms and snaps at 403 ms
    (within two seats' 4 ms, but both his): the turn goes first, as locally, so the snap is
    a claim on his own new card, a 5 on the 9: false, and A takes all four (MONEY-CLAIM-4)."""
    a = Player(down=0.02, script={MATCH - 1: [("turn", 0.0)]})
    b = Player(down=0.1, skew=0.7, script={MATCH: [("turn", 0.4), ("snap", 0.403)]})
    net = Net(race_position(), {A: a, B: b}).run()
    assert net.kinds() == [("turn", A), ("turn", B), ("claim", B)]
    assert captured(net.claim()) == (A, True)
    assert net.state.pile == [] and net.claim().reaction == pytest.approx(0.003, abs=1e-9)


# --- bots and unsynced seats --------------------------------------------------------------


@pytest.mark.parametrize(("bot_snap", "bot_wins"), [(0.25, True), (0.35, False)])
def test_a_bot_seat_against_a_remote_seat(bot_snap: float, bot_wins: bool) -> None:
    """A bot (on the server, no sync) claims its match at its planned time; the remote
    player (150 ms away) turns 300 ms after his own sight. The earlier on the timeline
    wins: the bot's 250 ms snap captures, its 350 ms snap is late."""
    bot = Player(bot=True)
    remote = Player(down=0.15, skew=-2.0, draw=0.01)
    net = race(bot, remote, snap=bot_snap, turn=0.30)
    claim = net.claim()
    assert captured(claim) == ((A, False) if bot_wins else (B, True))
    assert claim.net is not None and claim.net.text() == "local"
    if bot_wins:
        assert claim.reaction == pytest.approx(bot_snap, abs=1e-9)
        # the server waited for the remote seat's possible earlier press before applying it
        assert net.outcomes[-2].kind == "claim"


def test_a_remote_claimant_against_a_bot_that_turns_at_the_throw_time() -> None:
    """A hard bot turns the instant the throw time allows (money.md §12); a remote player
    200 ms away who snaps 280 ms after her own sight beats it: distance does not count."""
    remote = Player(down=0.2, skew=11.0, draw=0.02)
    net = race(remote, Player(bot=True), snap=0.28, turn=THROW)
    assert captured(net.claim()) == (A, False)
    assert net.claim().net is not None
    assert net.claim().net.text() == "net 200 ± 2 ms"


def test_a_seat_without_a_clock_sample_is_judged_on_arrival() -> None:
    """Before the first ping answer nothing maps its clock: sight at the send, press at its
    arrival, so its whole round trip counts against it (never for it)."""
    a = Player(down=0.1, skew=50.0, script={MATCH - 1: [("turn", 0.0)], MATCH: [("snap", 0.2)]})
    b = Player(down=0.01, script={MATCH: [("turn", 0.9)]})
    syncs = {A: ClockSync(), B: Net._sync(b)}
    net = Net(race_position(), {A: a, B: b}, syncs=syncs).run()
    claim = net.claim()
    assert claim.net is not None and claim.net.adjusted == "unsynced"
    assert claim.reaction == pytest.approx(0.2 + 0.2, abs=1e-9)  # 100 ms each way


def test_fresh_deal_first_match_claimed_by_the_dealer() -> None:
    """A stacked deal (money.md §2 design note): with dealer 1 the non-dealer A turns card 1
    (7♠) and B turns card 2 (7♥), a match; B, 120 ms away, snaps 350 ms after his sight,
    A would turn at 500 ms: B captures both cards (MONEY-CLAIM-2)."""
    st = get_game("money").new_state(
        players=2, variant="jordanian", seed=3, deck=["7S", "7H", "2C", "3D"], dealer=1
    )
    a = Player(down=0.03, skew=0.5, script={0: [("turn", 0.0)], 2: [("turn", 0.5)]})
    b = Player(down=0.12, skew=-0.5, script={1: [("turn", 0.35)], 2: [("snap", 0.35)]})
    net = Net(st, {A: a, B: b}).run()
    assert captured(net.claim()) == (B, False)
    assert len(net.state.hands[B]) == 19 + 2


# --- the server's side of it --------------------------------------------------------------


def test_a_turn_waits_for_the_far_players_possible_earlier_snap() -> None:
    """B (near) turns 400 ms after his sight; the server holds the turn until A (200 ms away,
    u = 2 ms) could no longer deliver an earlier snap: time + tie + 2·ow + 2·u + FRAME."""
    st = race_position()
    sync_a = Net._sync(Player(down=0.2))
    sync_b = Net._sync(Player(down=0.01))
    ref = NetReferee(st, throw_time=THROW, seats_sync={A: sync_a, B: sync_b})
    ref.card_sent(2, 0.0)
    # A's opening turn (no sight report: counted from send + one way) waits for near B only:
    # 0 + 4 ms + 20 + 4 + 50 ms, long over when it arrives at 0.4
    (turn,) = ref.press(A, "turn", 0.2, 2, 0.4)
    assert turn.kind == "turn" and turn.net is not None and turn.net.adjusted == "no sight"
    ref.card_sent(MATCH, 0.5)
    ref.seen(B, MATCH, 0.51)
    assert ref.press(B, "turn", 0.91, MATCH, 0.92) == []
    due = 0.5 + 0.4 + 0.004 + (0.4 + 0.004 + FRAME_ALLOWANCE)
    assert ref.next_deadline() == pytest.approx(due)
    assert ref.due(due - 1e-6) == []
    assert [o.kind for o in ref.due(due)] == ["turn"]


def test_reset_after_drops_pending_turns_and_keeps_snaps() -> None:
    """A purchase changes the position outside the referee: a pending turn press goes (as
    ``Referee`` drops a held turn), a pending claim stays (MONEY-BUY-15)."""
    st = race_position()
    sync_b = Net._sync(Player(down=0.1))
    ref = NetReferee(st, throw_time=THROW, seats_sync={A: None, B: sync_b})
    ref.card_sent(2, 0.0)
    ref.press(A, "turn", 0.0, 2, 0.0)  # the bot's opening turn waits for B: tie 2 ms + 254 ms
    assert ref.due(0.2559) == []
    assert ref.due(0.256)[0].kind == "turn"
    ref.card_sent(MATCH, 0.3)
    assert ref.press(A, "snap", 0.5, MATCH, 0.5) == []  # due 0.5 + 254 ms
    ref.seen(B, MATCH, 0.4)
    assert ref.press(B, "turn", 0.45, MATCH, 0.55) == []  # held to 0.6, then waits
    assert ref.pending == 2
    dropped = ref.reset_after(0.56)
    assert [(o.kind, o.seat, o.reason) for o in dropped] == [("ignored", B, "the position changed")]
    assert ref.pending == 1 and ref.next_deadline() == pytest.approx(0.754)
    (claim,) = ref.due(0.754)
    assert captured(claim) == (A, False)  # type: ignore[arg-type]
    assert ref.pending == 0 and ref.due(5.0) == [] and st.to_move() == B


def test_a_turn_made_outside_the_referee_closes_the_window_when_sent() -> None:
    """After a purchase the buyer's turn may be applied directly; ``card_sent`` then closes
    the old card: a claim on it that comes after is late (MONEY-CLAIM-4)."""
    st = race_position()
    ref = NetReferee(st, throw_time=THROW, seats_sync={A: None, B: None})
    ref.card_sent(2, 0.0)
    ref.press(A, "turn", 0.0, 2, 0.0)
    ref.card_sent(MATCH, 0.0)
    st.apply("turn")  # B turns outside the referee
    ref.card_sent(MATCH + 1, 0.5)
    assert ref.reveal_turn == MATCH + 1 and ref.reveal_time == 0.5
    # the bot's snap was made at 0.4, before that turn, but it comes after it was applied:
    # it can no longer go first, so it is judged as it stands (rule 7): late, hence false
    (claim,) = ref.press(A, "snap", 0.4, MATCH, 0.6)
    assert captured(claim) == (B, True)  # type: ignore[arg-type]
    assert isinstance(claim, NetOutcome) and claim.net is not None
    assert claim.net.adjusted == "late" and claim.time == 0.5


def test_bad_presses_are_answered_not_raised() -> None:
    st = race_position()
    sync = Net._sync(Player(down=0.05))
    ref = NetReferee(st, seats_sync={A: sync, B: None})
    assert [o.reason for o in ref.press(A, "turn", math.nan, 2, 1.0)] == [
        "a time stamp that is not a time"
    ]
    assert ref.press(A, "jump", 1.0, 2, 1.0)[0].kind == "refused"
    assert ref.press(A, "snap", 1.0, 7, 1.0)[0].reason == "no such card yet"
    assert not ref.seen(A, 9, 1.0) and not ref.seen(A, 2, math.inf)
    assert ref.pending == 0 and ref.next_deadline() is None
    with pytest.raises(ValueError):
        NetReferee(st, throw_time=2.0)


def test_figures_read_as_the_screen_shows_them() -> None:
    f = NetFigures(one_way=0.0351, uncertainty=0.0042, made_on=3, own_reaction=0.412)
    assert f.text() == "net 35 ± 4 ms"
    assert NetFigures(0.0, 0.0, 3, 0.3).text() == "local"
