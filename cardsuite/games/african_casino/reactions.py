"""African Casino, the reference: the reactions that take turns of their own.

A partner's answer when the mover's play would take a build the partner owns (hold or pass,
CASINO-PART-4) and an opponent's insisting on a full capture or addition (CASINO-INSIST-1/3,
option ``insist=ask``). Each function is a method of ``CasinoState``, bound in its class body
(``rules.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Action, Event, IllegalAction
from . import wording
from .actions import END, HOLD, PASS, Capture, Trail, Word
from .builds import _match

if TYPE_CHECKING:
    from .rules import CasinoState


def _hold_replies(self: CasinoState, partner: int) -> Iterator[Action]:
    """CASINO-PART-4: the partner would own the build: a card to capture it, and a
    different one for each other build it owns (TAB-5: one ace cannot keep B1 and B14)."""
    assert self.pending is not None
    yield PASS
    value = self.pending.value
    values = [b.value for b in self.owns(partner)]
    if value not in values:
        values.append(value)
    if _match(values, self.hands[partner], self.ace_high):
        yield HOLD[value]


def _word(self: CasinoState, act: Word, seat: int) -> None:
    """``end`` (TURN-4, INSIST-1) and the replies, each in its own phase."""
    if act.word == "end":
        if self.phase != "play" or self.played is None:
            raise IllegalAction("play a card from your hand first (CASINO-TURN-1)")
        if self.insist == "always" and self._additions(seat):
            raise IllegalAction(
                "you must first add what you can to your side's builds (CASINO-INSIST-1)"
            )
        if self.comply == "additions" and self._additions(seat):
            raise IllegalAction("an opponent insisted: add what you can first (CASINO-INSIST-1)")
        return
    if act.word == "hold":
        if self.phase != "hold":
            raise IllegalAction("a hold request answers a capture of your side's build")
        return
    if self.phase not in ("hold", "insist"):
        raise IllegalAction(f"nothing to answer with {act.word}")


def _challengeable(self: CasinoState, act: Action, seat: int) -> bool:
    """CASINO-INSIST-2: a capture that left a target of its value, or a trail of a card
    that could have captured."""
    if isinstance(act, Trail):
        return self._can_capture(seat, act.card)
    if isinstance(act, Capture):
        return not self._maximal(seat, act)
    return False


def _ask(self: CasinoState, seat: int, about: str) -> None:
    """INSIST-3 ``ask``: each opponent in playing order says insist or pass."""
    self.mover = seat
    self.ask_about = about
    self.asking = [
        (seat + i) % self.n for i in range(1, self.n) if not self.team((seat + i) % self.n, seat)
    ]
    self.phase = "insist"
    self.turn = self.asking.pop(0)


def _answer(self: CasinoState, act: Action, seat: int) -> None:
    """A reply to a prompt: the partner's to a capture (PART-4), an opponent's to the
    play or the additions (INSIST-3)."""
    mover = self.mover
    assert mover is not None
    if self.phase == "hold":
        self._answer_hold(act, seat, mover)
    elif act == PASS:
        self._answer_pass(seat, mover)
    else:
        self._answer_insist(seat, mover)


def _answer_hold(self: CasinoState, act: Action, seat: int, mover: int) -> None:
    """CASINO-PART-4: ``pass`` lets the capture go ahead; ``hold`` asks the mover to
    capture anyway or add the card to the build instead."""
    pending = self.pending
    assert pending is not None
    self.phase = "play"
    self.turn = mover
    if act == PASS:
        self.events.append(Event("pass", seat, wording.lets_go, {}))
        self.pending = None
        self._step(pending, mover)
    else:
        self.held = pending.value
        self.events.append(Event("hold", seat, wording.asks_hold, {"value": pending.value}))


def _answer_pass(self: CasinoState, seat: int, mover: int) -> None:
    """INSIST-3: an opponent lets it stand; once all have, the turn goes on (or ends)."""
    self.events.append(Event("pass", seat, wording.no_insist, {}))
    if self.asking:
        self.turn = self.asking.pop(0)
        return
    self.phase = "play"
    self.turn = mover
    about, self.ask_about = self.ask_about, ""
    self.before_play = None
    if about == "additions":
        self._end_turn(mover)
    elif self.played is not None and list(self.legal_actions()) == [END]:
        self._finish_turn(mover)


def _answer_insist(self: CasinoState, seat: int, mover: int) -> None:
    """INSIST-1/3: the mover must make the additions still possible, or the play is taken
    back and a maximal capture with the same card made instead."""
    self.events.append(Event("insist", seat, wording.insists, {}))
    self.asking = []
    if self.ask_about == "play":  # the play is taken back: a maximal capture instead
        before = self.before_play
        assert before is not None
        card = next(c for c in before.hands[mover] if c not in self.hands[mover])
        events, rng = self.events, self.rng
        self.__dict__.update(before.clone(rng, events=False).__dict__)
        self.events = events
        self.mover = mover
        self.comply = "capture"
        self.comply_card = card
        # an opponent's insist binds (INSIST-3): a hold granted before the play taken
        # back changes nothing, so the mover cannot add the card instead (PART-4)
        self.held = None
        self.pending = None
    else:
        self.comply = "additions"
    self.phase = "play"
    self.turn = mover
    self.ask_about = ""
    self.before_play = None
    self._legal = None
