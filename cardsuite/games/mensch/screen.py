"""The Mensch table: the trick-table frame plus what is Mensch's own.

Its own parts: the header (the deal of the match, the contract and its declarer, trumps in
words and symbol, the called card), each seat's lines (chips, its bid in the auction, the
declarer's and, once the called card is played, the partner's mark), the chip sheet per deal,
the prompts (a forced bid said in words), and the decisions that are not a card: the bidding
panel (``b``) offering only legal bids, the trump dialog (``t``) and the call dialog (``c``)
offering only the cards that may be called; enter opens the one the phase needs, or takes a
hint shown for it. The partner is never shown, hinted or marked before the called card is
played: everything is drawn from the view of the seat being shown, which does not hold it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType

from ...cards import SUIT_NAMES, Card
from ...engine import Action
from ...match import Match
from ...ui.trick_table import Sheet, TrickTableScreen
from ...ui.widgets import card_style
from .actions import PLAY, Bid, Call, Trump
from .rules import NEEDED

_NAMES = {
    "half": "Half",
    "after": "After",
    "five": "Five",
    "five-after": "Five After",
    "six": "Six",
    "six-after": "Six After",
    "seven": "Seven",
    "seven-after": "Seven After",
    "solo": "Solo",
    "passed": "the passed game",
    "pass": "pass",
}
_SHORT = {"passed": "P", "half": "H", "after": "A", "solo": "S"}


class MenschScreen(TrickTableScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "bid", "Bid"),
        Binding("t", "trump", "Trumps"),
        Binding("c", "call", "Call"),
    ]
    SHOW_TRICKS = True

    def __init__(self, match: Match) -> None:
        super().__init__(match)

    # --- the frame's hooks ----------------------------------------------------------------

    def header(self, view: dict[str, Any]) -> Text:
        names = self.match.names()
        parts = [f"Mensch · deal {view['deal_no']} of {view['deals']}"]
        if view["declarer"] is None:
            high = view["high_bid"]
            parts.append(f"bidding · highest: {_NAMES[high]}" if high else "bidding")
        else:
            parts.append(f"{names[view['declarer']]} plays {_NAMES[view['contract']]}")
            trump = view["trump"]
            parts.append(
                f"trumps {card_style(self).suit(trump)} {SUIT_NAMES[trump]}"
                if trump
                else "trumps to come"
            )
        out = Text(" · ".join(parts), style=Style(bold=True))
        if view["called"]:
            out.append(" · called ", Style(bold=True))
            out.append_text(card_style(self).inline(Card.parse(view["called"])))
        return out

    def seat_lines(self, view: dict[str, Any], seat: int) -> list[Text]:
        lines = [Text(f"{view['chips'][seat]:+d} chips", style="bold")]
        if view["phase"] == "bid":
            bid = next((b for s, b in view["bids"] if s == seat), None)
            if bid is None:
                lines.append(Text("to bid", style="dim"))
            else:
                lines.append(Text("passed" if bid == "pass" else f"bid {_NAMES[bid]}", style="dim"))
        if seat == view["declarer"]:
            lines.append(Text("declarer", style="bold reverse"))
        elif view["partner"] is not None and seat == view["partner"]:
            lines.append(Text("partner", style="bold reverse"))
        return lines

    def sheet(self, view: dict[str, Any], names: list[str]) -> Sheet:
        rows = []
        for h in view["history"]:
            label = f"{h['deal']}{_SHORT.get(h['contract'], h['contract'][0].upper())}"
            rows.append((label, [f"{c:+d}" if c else "·" for c in h["changes"]]))
        return Sheet("Chips", list(names), rows, [f"{c:+d}" for c in view["chips"]])

    def trick_title(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "bid":
            return "The auction"
        if phase == "trump":
            return "Trumps to name"
        if phase == "call":
            return "A partner to call"
        if phase == "over":
            return "The match is over"
        n = len(view["tricks"]) + 1
        return f"Trick {n}" if view["trick"]["plays"] else f"Trick {n}: waiting for the lead"

    def playable(self, view: dict[str, Any], legal: Sequence[Action]) -> set[int] | None:
        if view["phase"] != "play":
            return None
        codes = {a.card.code for a in legal if hasattr(a, "card")}  # type: ignore[attr-defined]
        return {i for i, c in enumerate(view["hand"] or []) if c in codes}

    def prompt(self, view: dict[str, Any], name: str) -> Text:
        phase = view["phase"]
        if phase == "bid":
            legal = self.match.legal_actions(view["seat"])
            forced = not any(isinstance(a, Bid) and a.name == "pass" for a in legal)
            if forced:
                clubs = sum(1 for c in view["hand"] if c.endswith("C"))
                need = "Half" if view["high_bid"] is None else "After"
                return Text.assemble(
                    (f"{name}, you hold {clubs} clubs: you must bid ", "bold"),
                    f"{need} or higher. b opens the bidding.",
                )
            return Text.assemble((f"{name}, your bid: ", "bold"), "b to bid or pass.")
        if phase == "trump":
            return Text.assemble((f"{name}, name trumps: ", "bold"), "t opens the choice.")
        if phase == "call":
            return Text.assemble(
                (f"{name}, call a partner: ", "bold"), "c offers the cards you may call."
            )
        trick = view["trick"]
        if not trick["plays"]:
            return Text.assemble((f"{name}, your lead: ", "bold"), "any card you may lead.")
        return Text.assemble(
            (f"{name}: ", "bold"), "follow suit if you can (the Mensch is a trump)."
        )

    def make_action(self, view: dict[str, Any], chosen: list[Card], cursor: Card) -> Action:
        return PLAY[chosen[0]] if len(chosen) == 1 else PLAY[cursor]

    # --- decisions that are not a card ----------------------------------------------------

    def action_play(self) -> None:
        phase = self._view.get("phase") if self._view else None
        if phase in ("bid", "trump", "call"):
            if not self.take_hint() and self.human_to_move() is not None:
                {"bid": self.action_bid, "trump": self.action_trump, "call": self.action_call}[
                    phase
                ]()
            return
        super().action_play()

    def _menu(self, phase: str, title: str, info: str, label: Any) -> None:
        if self._view.get("phase") != phase and self.human_to_move() is not None:
            word = title.split()[0].lower()
            self.notify(f"There is nothing to {word} now.", severity="warning")
            return
        self.open_choices(title, info, label)

    def action_bid(self) -> None:
        view = self._view
        high = view.get("high_bid")
        info = (
            f"Highest bid so far: {_NAMES[high] if high else 'none'}. Only legal bids are offered."
        )
        self._menu("bid", "Bid or pass", info, _bid_label)

    def action_trump(self) -> None:
        self._menu(
            "trump",
            "Name trumps",
            "The queen of clubs is always the highest trump.",
            lambda a: f"{card_style(self).suit(a.suit)} {SUIT_NAMES[a.suit]}",
        )

    def action_call(self) -> None:
        cs = card_style(self)
        self._menu(
            "call",
            "Call a partner",
            "Its holder is your partner; nobody knows who until it is played.",
            lambda a: cs.label(a.card),
        )

    def say(self, action: Action) -> str:
        if isinstance(action, Bid):
            return _bid_label(action)
        if isinstance(action, Trump):
            return f"trumps {SUIT_NAMES[action.suit]}"
        if isinstance(action, Call):
            return f"call {card_style(self).label(action.card)}"
        return super().say(action)


def _bid_label(a: Bid) -> str:
    if a.name == "pass":
        return "Pass"
    trumps = "clubs" if a.name in ("half", "after") or a.name.endswith("-after") else "your choice"
    partner = "with a called partner, " if a.name in ("half", "after") else "alone, "
    return f"{_NAMES[a.name]}: {partner}{NEEDED[a.name]} tricks, trumps {trumps}"


__all__ = ["MenschScreen"]
