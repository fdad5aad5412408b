"""Mensch bots: easy and medium heuristics for bidding, trumps, calling and play, and the
hard bot's hooks.

No bot uses the partner's identity before it is public: a seat knows its partner only when
the called card has been played, or when it holds the called card itself (then the declarer
is its partner). The declarer never knows his partner early; an opponent knows only that it
is not himself. ``Situation`` holds exactly that.

What a decent player does:
- **bidding**: counts the tricks the hand takes alone with its best trump suit; bids the
  highest contract it expects to make, Half (with a partner) on a fair clubs hand, and the
  least it may when three clubs force a bid;
- **trumps**: the suit the hand is strongest in; **calling**: the ace (else the king) of its
  longest plain suit, which the partner will win tricks with;
- **play**: cashes the masters (the highest card left of a suit), leads trumps when long in
  them as declarer, wins a trick as cheaply as it can unless a known partner already wins it,
  ruffs when void, and throws the lowest card of its shortest plain suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots.endgame import Endgame, adjacent_runs, turn_copy
from ...bots.ismcts import SearchHooks
from ...cards import ACE, KING, Card
from ...engine import Action, State
from ...hints import Hint
from .actions import BID, CALL, PACK, PASS, PLAY, TRUMP, Bid, Call
from .rules import NEEDED, QC, MenschState, effective_suit, power

#: A contract alone is bid when the hand's estimate comes within this of the tricks needed
#: (measured against easy bots: the alone bids made at this margin win chips on average).
BID_MARGIN = 0.8
#: Whether the hard bot reads the table (``inference``); off, its samples keep the hard facts
#: alone. Off by default: measured in duplicate games (160, four deals each, 200 iterations,
#: against three medium bots) the reading won fewer games (0.30 ±0.05 of them against 0.375
#: ±0.05 without it) for the same chips (+1.18 against +1.16 a game over the others), and
#: tempered (0.3) no better; see ``docs/architecture.md``, "Bots".
READING = False
#: Samples dealt and weighed per search when reading.
POOL = 128


class Situation:
    """One seat's hand and the public facts (and its own knowledge of its side)."""

    __slots__ = (
        "called",
        "contract",
        "declarer",
        "gone",
        "hand",
        "high_bid",
        "phase",
        "seat",
        "team",
        "trick",
        "trump",
    )

    def __init__(
        self,
        seat: int,
        hand: list[Card],
        phase: str,
        high_bid: str | None,
        declarer: int | None,
        contract: str | None,
        trump: str | None,
        called: Card | None,
        known_partner: int | None,
        trick: list[tuple[int, Card]],
        gone: set[Card],
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.phase = phase
        self.high_bid = high_bid
        self.declarer = declarer
        self.contract = contract
        self.trump = trump
        self.called = called
        self.trick = trick
        self.gone = gone
        team = {seat}
        if declarer is not None:
            if called is not None and called in hand:
                team.add(declarer)  # I hold the called card: the declarer is my partner
            if known_partner is not None:
                side = {declarer, known_partner}
                team = side if seat in side else set(range(4)) - side
            elif contract is not None and contract not in ("half", "after", "passed"):
                team = {declarer} if seat == declarer else set(range(4)) - {declarer}
        self.team = team

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Situation:
        parse = Card.parse
        trick = [(s, parse(cs[0])) for s, cs in view["trick"]["plays"]]
        gone = {parse(c) for c in view["played"]} | {c for _, c in trick}
        return cls(
            view["seat"],
            [parse(c) for c in view["hand"]],
            view["phase"],
            view["high_bid"],
            view["declarer"],
            view["contract"],
            view["trump"],
            parse(view["called"]) if view["called"] else None,
            view["partner"],
            trick,
            gone,
        )

    @classmethod
    def from_state(cls, st: MenschState, seat: int) -> Situation:
        gone = set(st.played)
        for _, c in st.trick:
            gone.add(c)
        return cls(
            seat,
            st.hands[seat],
            st.phase,
            st.high_bid,
            st.declarer,
            st.contract,
            st.trump,
            st.called,
            st.partner if st.partner_known else None,
            st.trick,
            gone,
        )


#: Per trump suit, each trump's place among all the trumps, highest first (``strength``).
_TRUMP_PLACE = {
    t: {
        c: i
        for i, c in enumerate(
            sorted((c for c in PACK if c is QC or c.suit == t), key=lambda c: -power(c, t))
        )
    }
    for t in "SHDC"
}


def strength(hand: Sequence[Card], trump: str) -> float:
    """Roughly the tricks ``hand`` takes alone with ``trump``."""
    trumps = sorted((c for c in hand if c is QC or c.suit == trump), key=lambda c: -power(c, trump))
    place = _TRUMP_PLACE[trump]
    total = 0.0
    for i, c in enumerate(trumps):
        missing = place[c] - i  # higher trumps I lack
        total += 1.0 if missing <= 0 else max(0.0, 0.8 - 0.25 * missing)
    total += max(0, len(trumps) - 3) * 0.5
    for suit in "SHDC":
        if suit == trump:
            continue
        plain = sorted((c.rank for c in hand if c.suit == suit and c is not QC), reverse=True)
        if plain and plain[0] == ACE:
            total += 0.9
            if len(plain) > 1 and plain[1] == KING:
                total += 0.6
        elif plain and plain[0] == KING and len(plain) > 1:
            total += 0.4
    return total


def best_trump(hand: Sequence[Card]) -> str:
    return max("SHDC", key=lambda s: (strength(hand, s), s == "C"))


def bid_margins(
    hand: Sequence[Card], names: Sequence[str], each: dict[str, float] | None = None
) -> dict[str, float]:
    """By how much (in tricks) ``hand`` clears what each bid needs: medium bids the highest
    bid with a margin of 0 or more. The hard bot's readings (``inference``, ``posterior``)
    read the same. ``each``: the hand's ``strength`` by trump suit, when known."""
    if each is None:
        each = {t: strength(hand, t) for t in "SHDC"}  # (``best_trump``'s, worked out once)
    alone = each[max("SHDC", key=lambda t: (each[t], t == "C"))]
    clubs = each["C"]
    out = {}
    for b in names:
        if b == "solo":
            out[b] = alone - 7.6
        elif b.endswith("after") and b != "after":
            out[b] = clubs - (NEEDED[b] - BID_MARGIN)
        elif b in ("half", "after"):
            out[b] = clubs + 2.0 - 5
        else:
            out[b] = alone - (NEEDED[b] - BID_MARGIN)
    return out


def choose_bid(sit: Situation, legal: Sequence[Action], compelled: bool) -> Action:
    names = [a.name for a in legal if isinstance(a, Bid) and a.name != "pass"]
    choice = None
    for b, margin in bid_margins(sit.hand, names).items():  # the highest bid to be made
        if margin >= 0:
            choice = b
    if choice is None and compelled:
        choice = names[0]  # the least allowed: Half, or After over Half
    if choice is None:
        return PASS
    return BID[choice]


def choose_call(sit: Situation, legal: Sequence[Action]) -> Call:
    calls = [a for a in legal if isinstance(a, Call)]
    counts: dict[str, int] = {}
    for c in sit.hand:
        if c is not QC and c.suit != sit.trump:
            counts[c.suit] = counts.get(c.suit, 0) + 1
    return max(calls, key=lambda a: (a.card.rank, counts.get(a.card.suit, 0)))


def _master(sit: Situation, c: Card) -> bool:
    trump = sit.trump
    suit = effective_suit(c, trump)
    p = power(c, trump)
    for x in PACK:
        if (
            x is not c
            and effective_suit(x, trump) == suit
            and power(x, trump) > p
            and x not in sit.gone
            and x not in sit.hand
        ):
            return False
    return True


def choose_play(sit: Situation, legal: Sequence[Card]) -> Card:
    trump = sit.trump

    def pw(c: Card) -> int:
        return power(c, trump)

    def is_trump(c: Card) -> bool:
        return c is QC or c.suit == trump

    trick = sit.trick
    if len(legal) == 1:
        return legal[0]
    if not trick:
        masters = [c for c in legal if not is_trump(c) and _master(sit, c)]
        if masters:
            return max(masters, key=pw)
        trumps = [c for c in legal if is_trump(c)]
        if sit.seat == sit.declarer and len(trumps) * 2 >= len(sit.hand):
            top = max(trumps, key=pw)
            return top if _master(sit, top) else min(trumps, key=pw)
        plain = [c for c in legal if not is_trump(c)] or legal
        return min(plain, key=pw)
    led = effective_suit(trick[0][1], trump)
    best_seat, best = trick[0]
    for s, c in trick[1:]:
        if (is_trump(c) and (not is_trump(best) or pw(c) > pw(best))) or (
            not is_trump(best) and not is_trump(c) and c.suit == led and pw(c) > pw(best)
        ):
            best_seat, best = s, c
    last = len(trick) == 3
    if best_seat in sit.team and best_seat != sit.seat and (last or _master(sit, best)):
        return min(legal, key=lambda c: (is_trump(c), pw(c)))  # the side wins it already

    def beats(c: Card) -> bool:
        if is_trump(c):
            return not is_trump(best) or pw(c) > pw(best)
        return not is_trump(best) and c.suit == led and pw(c) > pw(best)

    winners = [c for c in legal if beats(c)]
    if winners:
        cheapest = min(winners, key=pw)
        top = max(winners, key=pw)
        if last or _master(sit, top):
            return cheapest if last else top
        return cheapest
    counts: dict[str, int] = {}
    for c in legal:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    return min(legal, key=lambda c: (is_trump(c), pw(c), counts[c.suit]))


def medium_action(sit: Situation, legal: Sequence[Action], compelled: bool) -> Action:
    if sit.phase == "play":
        # (in play, every legal action is a Play: ``Action`` declares no card)
        return PLAY[choose_play(sit, [a.card for a in legal])]  # type: ignore[attr-defined]
    if sit.phase == "bid":
        return choose_bid(sit, legal, compelled)
    if sit.phase == "trump":
        return TRUMP[best_trump(sit.hand)]
    return choose_call(sit, legal)


class MediumBot:
    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        sit = Situation.from_view(state.view(seat))
        compelled = sit.phase == "bid" and PASS not in legal
        return medium_action(sit, legal, compelled)

    def hint(self, state: State, seat: int) -> Hint:
        """``choose``'s action and the rule of thumb that chose it (``reasons``)."""
        from ...hints import trick_odds
        from .reasons import medium_hint

        legal = state.legal_actions(seat)
        sit = Situation.from_view(state.view(seat))
        odds = trick_odds("mensch", state, seat, PLAY.__getitem__) if sit.phase == "play" else None
        return medium_hint(sit, legal, sit.phase == "bid" and PASS not in legal, odds)


class EasyBot:
    """A beginner: bids only when forced (the least it may), names its longest suit, calls
    the first ace it may, and plays its highest card when it can win, else its lowest."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        sit = Situation.from_view(state.view(seat))
        if sit.phase == "bid":
            return PASS if PASS in legal else legal[0]
        if sit.phase == "trump":
            counts = {s: sum(1 for c in sit.hand if c.suit == s) for s in "SHDC"}
            return TRUMP[max("SHDC", key=lambda s: counts[s])]
        if sit.phase == "call":
            calls = [a for a in legal if isinstance(a, Call)]
            return max(calls, key=lambda a: a.card.rank)
        cards = [a.card for a in legal]  # type: ignore[attr-defined]  # (in play: all Plays)
        trump = sit.trump
        if not sit.trick:
            return PLAY[max(cards, key=lambda c: power(c, trump))]
        top = max(cards, key=lambda c: power(c, trump))
        best = max((c for _, c in sit.trick), key=lambda c: power(c, trump))
        led = effective_suit(sit.trick[0][1], trump)
        wins = power(top, trump) > power(best, trump) and (
            effective_suit(top, trump) in (led, trump)
        )
        return PLAY[top if wins else min(cards, key=lambda c: power(c, trump))]


BOTS = {"easy": EasyBot, "medium": MediumBot}


def rollout_action(st: State, rng: random.Random) -> Action:
    """The medium move, read from the sampled state (the partner only as that seat knows)."""
    assert isinstance(st, MenschState)
    seat = st.turn
    assert seat is not None
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    sit = Situation.from_state(st, seat)
    compelled = st.phase == "bid" and PASS not in legal
    return medium_action(sit, legal, compelled)


#: Exact endgames (``bots/endgame.py``) once at most this many cards are left in the four
#: hands (the last three tricks); 0 switches them off. Solved by ``solve.MenschSolver``
#: (the reference's values, 22 times as fast at 16 cards: 0.016 s of CPU for the ladder's 8
#: samples, against 0.35), so at its default budget the bot now solves nearly all its 40
#: samples where the reference solved a few. Solving from 20 or 24 cards fits the ladder's
#: 8 samples (0.04 s, 0.09 s) but not the default budget's 40 under load, and measured in
#: whole games it did not separate from 16 (the ladder's first 5 duplicate sets, 200
#: iterations, paired: 20 cards +2.2 ±2.7 chips a game, 24 cards +0.0 ±3.5): kept at 16.
#: 20 cards settled on all 50 of the ladder's sets (the same way, with today's hard bot):
#: +1.37 ±1.08 chips a game against +1.77 ±0.79, paired -0.39 ±1.09 (gap closed by chips
#: 0.21 ±0.17 against 0.27 ±0.13): level, though cheaper at the default budget (decisions
#: at 17-20 cards, CPU clock: p50 0.08 s, p95 0.28 s, all 40 samples solved).
ENDGAME_CARDS = 16


def endgame_when(st: State, seat: int) -> bool:
    assert isinstance(st, MenschState)
    return st.phase == "play" and sum(len(h) for h in st.hands) <= ENDGAME_CARDS


def endgame_key(st: State) -> object:
    """The hands, the trick on the table, who moves, the tricks won, and the called card's
    state (its duties while unplayed, MENSCH-PLAY-4): the rest of the deal reads no more.
    The partner is the called card's holder, so the hands name it too."""
    assert isinstance(st, MenschState)
    return (
        st.turn,
        *map(tuple, st.hands),
        tuple(st.trick),
        tuple(st.tricks_won),
        st.called_led,
        st.partner_known,
    )


def endgame_groups(st: State, actions: Sequence[Action]) -> list[list[Action]]:
    """Cards adjacent in power within one class (the trumps, QC and the 7 among them, or a
    plain suit) with no card between them in another hand or on the table take the same
    tricks, and only the side's tricks count (MENSCH-SCORE-1). The called card is never
    grouped while its holder is secret: playing it tells."""
    assert isinstance(st, MenschState)
    trump, called = st.trump, None if st.partner_known else st.called
    live = [c for h in st.hands for c in h] + [c for _, c in st.trick]
    return adjacent_runs(
        actions,
        lambda a: a.card,  # type: ignore[attr-defined]
        lambda c: ("T" if st.is_trump(c) else c.suit, power(c, trump)),
        live,
        lambda c: c is called,
    )


def endgame_sides(st: State) -> list[int]:
    """In a sample the sides are known: the declarer and the called card's holder (none
    in a Solo) against the rest. Their chips are opposed, so alpha-beta is exact."""
    assert isinstance(st, MenschState)
    return [int(s in (st.declarer, st.partner)) for s in range(4)]


def search_hooks() -> SearchHooks:
    """The medium move in play-outs; the last tricks solved exactly unless
    ``ENDGAME_CARDS`` is 0; with ``READING`` on (off by default), the deals weighed by what
    the table said (``inference``: the others' bids, calls and plays under the medium
    model).

    No play-out noise (``SearchHooks.noise`` 0): the medium policy plays every play-out
    card. Noise makes that share of the flat valuation's play-out cards random, in the
    auction's play-outs and the play's (``auction._play_out``); published work on trick
    games finds that a deterministic play-out biases a search toward the moves the policy
    can follow up, and a little noise repairs it. Not here: on the ladder's 50 duplicate
    sets (seed 1, 200 iterations, 200 games a variant, paired with the hard bot on the same
    deals, ``scripts/ab_hard.py``), noise 0.05 made +2.07 ±0.94 chips a game over three
    medium against +2.45 ±0.81 (paired -0.38 ±1.18, 0.388 of the games against 0.369), 0.1
    +2.00 ±0.92 (paired -0.45 ±1.07, 0.327 of the games); 0.2 on the first 25 sets +2.25
    ±1.07 against +2.29 ±1.11 (paired -0.04 ±1.61). Level or behind, and no cheaper (the
    same play-outs, a random card for a medium one), so none is kept."""
    from .inference import log_likelihood
    from .solve import MenschSolver

    endgame = None
    if ENDGAME_CARDS:
        endgame = Endgame(
            when=endgame_when,
            key=endgame_key,
            groups=endgame_groups,
            sides=endgame_sides,
            copy=turn_copy,
            solver=MenschSolver,
        )
    if not READING:
        return SearchHooks(rollout=rollout_action, endgame=endgame)
    return SearchHooks(
        rollout=rollout_action,
        evidence=log_likelihood,  # type: ignore[arg-type]
        pool=POOL,
        endgame=endgame,
    )


#: Whether the hard bot's auction reads the bids made before its turn (``inference``),
#: whatever ``READING`` says of its play. Measured in duplicate games (160, four deals each,
#: 200 iterations, against three medium bots): with medium's play after the auction, +0.79
#: ±0.46 chips a match with it against +0.53 ±0.43 without (paired +0.26 ±0.44); with the
#: tree's play, +0.64 ±0.38 against +0.71 ±0.55 (paired -0.06 ±0.49). Level within the
#: noise; on because it costs little of the budget and reads what players read.
AUCTION_READING = True


def auction_hooks() -> SearchHooks:
    """The flat auction's hooks (``auction.flat_values``): the search's, with the reading
    when ``AUCTION_READING`` is on."""
    hooks = search_hooks()
    if AUCTION_READING and hooks.evidence is None:
        from .inference import log_likelihood

        hooks.evidence = log_likelihood  # type: ignore[assignment]
        hooks.pool = POOL
    return hooks


#: Whether the hard bot values its cards in the play flat over common samples (each legal
#: card played out by the medium policy on the same sampled deals, ``auction.flat_values``)
#: instead of by the tree search, which at the ladder's 200 iterations splits them over a
#: four-seat tree and gives each card its own deals. On: measured on the ladder's duplicate
#: sets (seed 1, 200 iterations, against three medium, eight deals a match; ``ab_hard.py``),
#: 17 sets (68 games): +1.43 ±1.38 chips a game over the others against -0.18 ±1.33 for the
#: tree (paired +1.61 ±1.83), 0.34 of the games against 0.22; per decision, judged by the
#: exact solve of the true deal (17-26 cards, 226 decisions), 0.066 chips lost against the
#: tree's 0.093 (paired -0.03 ±0.08); at 200 iterations 0.12 s of CPU a decision against
#: 0.16. ``PLAY_SOLVE``: in those play-outs, the rest solved exactly once this many cards
#: or fewer are left (0: played out to the end; with the reference solver 12 cost seven
#: times the CPU, 16 twenty; with ``solve.MenschSolver`` 16 costs about twice, and on the
#: two duplicate sets measured it was behind: not kept).
FLAT_PLAY = True
PLAY_SOLVE = 0

#: Double-dummy bidding: in the flat auction's phases ``AUCTION_SOLVE_PHASES`` (names joined
#: by "+"), each choice's play-out on a sample is played by the medium policy until this
#: many cards are left in the hands and solved exactly from there (``solve.MenschSolver``),
#: the way bridge programs value bids by double-dummy solves; a solved sample values every
#: choice and stands for 25 iterations (8 samples at the ladder's 200). 0: off (the
#: play-outs run to the end). A whole deal's solve costs 0.18 s of CPU on average (0.48 at
#: most, 12 deals), from 28 cards 0.033, from 24 0.008, hence 24: the first two tricks by
#: the medium policy. Off: measured on the ladder's duplicate sets (seed 1, 200 iterations,
#: paired with the hard bot of the day on the same sets, ``scripts/ab_hard.py``), the bids
#: and trump solved (the phases set here) made +2.19 ±1.25 chips a game over the others
#: against +1.35 ±1.24 on 19 sets (paired +0.84 ±1.83: ahead, within the noise); the call
#: solved too, +0.19 ±2.75 paired on 7 sets (its 8 samples over up to 21 cards chose odd
#: calls, an 8 or a 9). At the ladder's iterations a solved bid costs 1.6 times the CPU
#: (0.40 s against 0.24); at the default budget both spend the 0.8 s (about 27 solved
#: samples a bid, p95 0.81 s of CPU). Settled on all 50 of the ladder's sets (the 31 not
#: measured before added): +1.52 ±0.97 chips a game against +1.77 ±0.79, paired -0.25
#: ±1.11 (the 31 new sets alone -0.91 ±1.38): level, the first 19 sets' lead was noise. So
#: it stays off: the bids it would change are few, and mostly forced After (MENSCH-BID-4),
#: where what the hard seat loses is the call's partner, not the bid (see
#: ``scripts/mensch_contracts.py``).
AUCTION_SOLVE = 0
AUCTION_SOLVE_PHASES = "bid+trump"

#: Which calls the hard bot's flat auction values (``auction.call_candidates``): ``"all"``
#: that MENSCH-CALL-2/3 allow, ``"top"`` (the highest card it lacks of each plain suit) or
#: ``"top+low"`` (and the lowest). "top": with every call (16 on average at a compelled
#: After) each got about 12 samples at the ladder's 200 iterations, and the best of 16
#: noisy means was often a 7 or a jack that happened to lie with a good partner in them
#: (at 2000 iterations the same valuation calls an ace 9 times in 10). Judged on the true
#: deal (``scripts/mensch_call.py``, 280 compelled Afters over Half bid by medium, the rest
#: of the deal by the medium policy): "top" +0.33 ±0.17 chips a call over "all" (paired),
#: "top+low" +0.20 ±0.36 (80). On the ladder's 50 duplicate sets (seed 1, 200 iterations,
#: ``scripts/ab_hard.py``): +2.45 ±0.81 chips a game over medium against +1.77 ±0.79,
#: paired +0.68 ±0.83; gap closed by chips 0.38 ±0.13 (was 0.27 ±0.13); with sets 50-74
#: (paired +0.76 ±1.28 alone), 75 sets: +2.51 ±0.62 against +1.80 ±0.62, paired +0.71
#: ±0.69, 0.374 of the games against 0.342. On sets 0-13 (``mensch_contracts.py``) its
#: compelled Afters were made 0.66 of the time (32) instead of 0.47 (30), -0.03 chips each
#: instead of -0.53, the Half bidder called 11 times in 34 instead of 5 in 32. No call
#: finds the Half bidder's cards much more often: the samples' chance that a card is his
#: does not predict it (0.26-0.29 of cards are his whether they say 0.1 or 0.5), so (b)
#: samples moved toward the bids (``posterior``: +0.05 ±0.34 a call, 80) and (c) the
#: likeliest card (-0.11 ±0.27, 163) gained nothing.
CALL_CANDIDATES = "top"


def make(level: str, seed: int | None = None, **options: Any) -> Any:
    """Any level (the generic ``make_bot`` routes here): the hard bot is ``auction``'s, which
    values its bids, trump and call flat over common samples, and its cards too unless
    ``FLAT_PLAY`` is off (then the tree searches the play)."""
    if level == "hard":
        from .auction import HardBot

        return HardBot(
            search_hooks(),
            seed=seed,
            auction_hooks=auction_hooks(),
            flat_play=FLAT_PLAY,
            play_solve=PLAY_SOLVE,
            auction_solve=AUCTION_SOLVE,
            auction_solve_phases=AUCTION_SOLVE_PHASES.split("+"),
            call_candidates=CALL_CANDIDATES,
            **options,
        )
    if level == "random":
        from ...bots import RandomBot

        return RandomBot(seed)
    return BOTS[level](seed=seed, **options)


__all__ = [
    "BOTS",
    "CALL",
    "EasyBot",
    "MediumBot",
    "Situation",
    "auction_hooks",
    "make",
    "rollout_action",
    "search_hooks",
]
