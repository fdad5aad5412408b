"""African Casino positions that play could never reach are refused when loaded.

Found by the full mutation run (``CARDSUITE_FULL=1``, ``tests/contract/test_mutations.py``):
each of these loaded and then left the seat to move with nothing to do, or failed inside an
answer to a prompt. Positions come from random play (real positions, written by
``to_json``), and one field is then set to what play could never leave there."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardsuite.engine import IllegalAction
from cardsuite.games.african_casino.actions import HOLD
from cardsuite.games.african_casino.builds import _match
from cardsuite.games.african_casino.rules import GAME, CasinoState
from cardsuite.games.african_casino.units import worth


def find(
    test: Callable[[CasinoState], bool], variant: str = "swazi", players: int = 2, **options: Any
) -> CasinoState:
    """The first position of random play (fixed seeds) that passes ``test``."""
    for seed in range(400):
        st = GAME.new_state(players=players, variant=variant, seed=seed, options=options)
        rng = random.Random(seed)
        while not st.is_over():
            if test(st):
                return st
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
    raise AssertionError("no such position in 400 games")


def as_json(st: CasinoState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(st.to_json()))
    assert GAME.from_json(data).to_json() == data  # as written, it loads
    return data


def test_a_build_owned_by_the_player_to_move_who_cannot_capture_it_is_refused() -> None:
    """CASINO-TAB-5: whoever owns a build holds a card to capture it, the player to move
    too until a card is played this turn."""

    def fits(st: CasinoState) -> bool:
        mover = st.turn
        return (
            st.phase == "play"
            and st.played is None
            and any(
                b.owner != mover and not any(c.rank == b.value for c in st.hands[mover])
                for b in st.builds.values()
            )
        )

    st = find(fits)
    data = as_json(st)
    mover = st.turn
    for b in data["builds"]:
        if b["owner"] != mover and not any(c.rank == b["value"] for c in st.hands[mover]):
            b["owner"] = mover
            break
    with pytest.raises(ValueError, match="owns a build it holds no card to capture"):
        GAME.from_json(data)


def test_an_augmented_build_that_is_not_on_the_table_is_refused() -> None:
    """CASINO-AUG-5: the opponent build augmented this turn is one of the builds."""
    st = find(lambda s: s.phase == "play" and not s.builds)
    data = as_json(st)
    data["this_turn"]["aug_opp"] = 7
    with pytest.raises(ValueError, match="augmented this turn"):
        GAME.from_json(data)


def test_an_insist_prompt_needs_its_mover_among_the_other_side() -> None:
    """INSIST-3: an insist is asked of the mover's opponents; a prompt whose mover is lost
    (it would fall back to the seat asked) is refused, as is one without the position
    before the play it is about."""
    st = find(lambda s: s.phase == "insist" and s.ask_about == "play", insist="ask")
    data = as_json(st)
    lost = json.loads(json.dumps(data))
    lost["this_turn"]["mover"] = None
    with pytest.raises(ValueError, match="answered by the mover's opponents"):
        GAME.from_json(lost)
    unmoored = json.loads(json.dumps(data))
    unmoored["this_turn"]["before_play"] = None
    with pytest.raises(ValueError, match="the position before the play"):
        GAME.from_json(unmoored)


def test_a_hold_prompt_is_answered_by_the_movers_partner() -> None:
    """CASINO-PART-4: a capture of one's own side's build is put to the partner, not to an
    opponent."""
    st = find(lambda s: s.phase == "hold", variant="sotho", players=4)
    data = as_json(st)
    data["turn"] = (st.mover + 1) % 4  # an opponent in Sotho's partnerships
    with pytest.raises(ValueError, match="answered by the mover's partner"):
        GAME.from_json(data)


def test_a_granted_hold_needs_the_capture_it_was_asked_about() -> None:
    """CASINO-PART-4: a hold granted on a build waits for the mover's capture of that build;
    a hold with no such capture pending is refused (it used to load, then fail an internal
    assertion when the steps were listed)."""
    st = find(lambda s: s.phase == "play" and s.held is None and s.pending is None)
    data = as_json(st)
    data["this_turn"]["held"] = 1
    with pytest.raises(ValueError, match="a hold needs the capture"):
        GAME.from_json(data)


def test_an_insisted_capture_names_its_card_and_only_it_does() -> None:
    """INSIST-3: after an insist on a trail, the mover owes a maximal capture with the card
    trailed (``comply`` "capture" with ``comply_card``). Found by a salted full mutation run
    (``CARDSUITE_SEED=25abf526``): a position owing that capture with its card blanked
    loaded as far as listing its steps and failed an internal assertion. Each half without
    the other, an unknown demand, a card the mover does not hold, or a partner's hold beside
    it (the insist binds), is refused."""
    st = find(lambda s: s.phase == "play" and s.comply == "capture", insist="ask")
    data = as_json(st)
    mover = data["this_turn"]["mover"]

    def changed(**fields: Any) -> dict[str, Any]:
        out = json.loads(json.dumps(data))
        out["this_turn"].update(fields)
        return out

    with pytest.raises(ValueError, match="names the card"):
        GAME.from_json(changed(comply_card=None))
    elsewhere = next(c for s, h in enumerate(data["hands"]) if s != mover for c in h)
    with pytest.raises(ValueError, match="does not hold"):
        GAME.from_json(changed(comply_card=elsewhere))
    with pytest.raises(ValueError, match="what an insist demands"):
        GAME.from_json(changed(comply="everything"))
    with pytest.raises(ValueError, match="a hold cannot stand"):
        GAME.from_json(changed(held=5))
    calm = find(lambda s: s.phase == "play" and s.comply == "" and s.played is None)
    quiet = as_json(calm)
    quiet["this_turn"]["comply"] = "capture"
    with pytest.raises(ValueError, match="names the card"):
        GAME.from_json(quiet)
    quiet["this_turn"].update(comply="", comply_card=quiet["hands"][calm.mover][0])
    with pytest.raises(ValueError, match="names the card"):
        GAME.from_json(quiet)


def test_a_hold_is_offered_only_to_a_partner_who_could_keep_the_build() -> None:
    """CASINO-PART-4 with TAB-5: after ``hold`` and the mover's add, the partner owns the
    build, and must keep a different card to capture each build it owns. A partner who owns
    B1 and holds one ace could not also own B14: the hold used to be offered, the add made
    the partner owner of both, and the partner was then left with no legal step (a position
    that would be refused if loaded). Found by random play of the insist fix below."""

    def cannot_keep(s: CasinoState) -> bool:
        if s.phase != "hold":
            return False
        assert s.turn is not None and s.pending is not None
        value = s.pending.value
        owned = sorted({b.value for b in s.owns(s.turn)} | {value})
        holds_one = any(worth(c, value, s.ace_high) for c in s.hands[s.turn])
        return holds_one and not _match(owned, s.hands[s.turn], s.ace_high)

    st = find(cannot_keep, players=4, insist="ask")
    assert st.pending is not None
    assert HOLD[st.pending.value] not in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply(f"hold B{st.pending.value}")
    st.apply("pass")  # the capture goes ahead
    assert st.phase == "play" and st.held is None
