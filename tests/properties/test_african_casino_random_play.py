"""African Casino, random play in every version and player count: every card stays in
exactly one place at every step, every listed step is accepted, every game ends.

Small by design while the engine checks each step on a copy; ``CARDSUITE_LONG=1`` plays more."""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from roundtrip import check_round_trip
from scale import int_seed

from cardsuite.engine import IllegalAction
from cardsuite.games.african_casino.rules import GAME

GAMES = 40 if os.environ.get("CARDSUITE_LONG") else 2
CONFIGS = [
    (2, "swazi", {}),
    (3, "swazi", {"insist": "always"}),
    (4, "swazi", {}),
    (4, "sotho", {"insist": "off"}),
    (2, "sotho", {"deck40": True}),
    (2, "south-african", {}),
    (3, "south-african", {"insist": "ask"}),
    (4, "south-african", {"spades": "five"}),
]


@pytest.mark.parametrize(("players", "variant", "options"), CONFIGS, ids=lambda c: str(c))
def test_random_games_keep_every_card_and_end(players, variant, options) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(int_seed(7))
    for g in range(GAMES):
        st = GAME.new_state(players=players, variant=variant, options=options, seed=int_seed(g))
        pack = Counter(GAME.full_pack(players, st.options, variant))
        steps = 0
        while not st.is_over():
            legal = st.legal_actions()
            assert legal, f"no step in game {g} at step {steps}"
            st.apply(rng.choice(list(legal)))  # a listed step is never refused
            assert Counter(st.all_cards()) == pack
            steps += 1
            if steps % 40 == 0:  # saved and loaded, it plays on exactly the same
                check_round_trip(st, rng, steps=8, by_text=True)
            assert steps < 5000, "the game did not end"
        assert st.winners() and st.deals_played() >= 1
        for rec in st.history:  # CASINO-SCORE-1: 11 a deal, or nothing when nobody captured
            if options.get("spades") != "five":
                assert sum(rec["points"]) in (0, 11)


def variations(text: str, loose: list[str], rng: random.Random) -> list[str]:
    """Typed variations of a listed step's text: an ace's other value, a target, card or pile
    named twice, a target left out, a loose card added, a unit added twice."""
    verb, _, body = text.partition(": ")
    out: list[str] = []
    if "=1:" in text or "=14:" in text:
        out.append(text.replace("=1:", "=@:").replace("=14:", "=1:").replace("=@:", "=14:"))
    parts = body.split(" | ") if verb.startswith("add") else body.split()
    if verb.startswith("capture"):
        out.append(f"{text} {rng.choice(parts)}")  # a target named twice
        if len(parts) > 1:
            out.append(f"{verb}: {' '.join(p for p in parts if p is not rng.choice(parts))}")
        tops = [b for p in parts for b in p.split("+") if b.startswith("top:")]
        if tops:
            out.append(f"{verb}: {body}+{tops[0]}")  # a pile named twice in a set
    elif verb.startswith("add"):
        out.append(f"{text} | {rng.choice(parts)}")  # a unit added twice
        first = parts[0].split("+")
        out.append(f"{verb}: {'+'.join([*first, first[0]])}")  # a card named twice
    elif verb.startswith("build"):
        cards = body.split()
        out.append(f"{verb}: {' '.join([*cards, cards[0]])}")
    if loose:
        out.append(f"{text}{' | ' if verb.startswith('add') else ' '}{rng.choice(loose)}")
    return out


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "reference"])
@pytest.mark.parametrize(("players", "variant", "options"), CONFIGS[::2], ids=lambda c: str(c))
def test_typed_variations_of_listed_steps_are_refused_whole_or_keep_every_card(  # type: ignore[no-untyped-def]
    players, variant, options, kernel
) -> None:
    """CASINO-CAP-1, DECK-3, VAR-SA 4, TURN-6: a step typed as text that differs from a
    listed one (an ace counting the other value, a card, target or pile named twice, a
    target left out or added, a unit added twice) is either refused, the game left exactly
    as it was, or accepted with every card still in exactly one place and the turn able to go
    on; it is never carried out half way."""
    game = GAME if kernel else GAME.reference()
    rng = random.Random(int_seed(11))
    tried = refused = 0
    for g in range(1 if not os.environ.get("CARDSUITE_LONG") else 10):
        st = game.new_state(players=players, variant=variant, options=options, seed=int_seed(g))
        pack = Counter(game.full_pack(players, st.options, variant))
        while not st.is_over():
            legal = list(st.legal_actions())
            steps = [str(a) for a in legal if str(a).split()[0] in ("capture", "add", "build")]
            if steps:
                loose = list(st.view(None)["loose"])
                for text in variations(rng.choice(steps), loose, rng):
                    trial = st.clone()
                    before = json.dumps(trial.to_json(), sort_keys=True)
                    tried += 1
                    try:
                        trial.apply(text)
                    except IllegalAction:
                        refused += 1
                        assert json.dumps(trial.to_json(), sort_keys=True) == before, text
                        continue
                    assert Counter(trial.all_cards()) == pack, text
                    assert trial.is_over() or trial.legal_actions(), text
            st.apply(rng.choice(legal))
    assert tried > 20 and refused > 5
