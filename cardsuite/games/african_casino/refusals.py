"""African Casino: what a refused step is told, each with the rule it breaks.

The reference (``rules.py``, ``steps.py``) and the kernel (``kernel.py``) refuse the same
steps in the same words, so the words are written once, here.
"""

from __future__ import annotations


def _build_2(v: int) -> str:
    return f"you may build {v} only if you then hold a card to capture it (CASINO-BUILD-2)"


def _raise_1(v: int) -> str:
    return f"you may raise to {v} only if you then hold a card of {v} (CASINO-RAISE-1)"


_AUG_5_BEFORE = "you may add to an opponent's build only before capturing it (CASINO-AUG-5)"
_AUG_5_HAND = (
    "to an opponent's build you add only loose cards and pile tops, and capture it with your"
    " play (CASINO-AUG-5)"
)
_AUG_5_CAPTURE = "an opponent's build you added to must be captured by your play (CASINO-AUG-5)"
_AUG_5_KEEP = "you must still hold a card to capture that build with (CASINO-AUG-5)"
_AUG_ONE = "you may add to only one opponent's build a turn"
_SA_5_HAND = "a pile card joins your build only with a card from your hand (CASINO-VAR-SA 5)"
_TAB_5 = (
    "you must keep a different card to capture each build you own, and may never abandon one"
    " (CASINO-TAB-5)"
)
_TWO_1_ONE = "in this phase a player may own only one build (CASINO-TWO-1)"
_TWO_1_TRAIL = "while you own a build you may not trail now (CASINO-TWO-1)"
_PART_2 = (
    "you may build for your partner only when they are proven to hold that rank (CASINO-PART-2)"
)
_PART_2_ACE = "one proven ace cannot cover two builds (CASINO-PART-2)"
_TURN_1 = "you have played your card this turn (CASINO-TURN-1)"
_INSIST_3_TRAIL = "that card can capture: you must capture with it (CASINO-INSIST-3)"
