"""The Mensch table: the trick-table frame plus what is Mensch's own.

Its own parts: the header (the deal of the match, the contract and its declarer, trumps in
words and symbol, the called card), each seat's lines (chips, its bid in the auction, the
declarer's and, once the called card is played, the partner's mark), the chip sheet per deal
(a row a deal, named by its contract: ``3·5A``), the prompts (a forced bid said in words, the
suit led named; broken between phrases where the status line is narrow), and the decisions
that are not a card: the bidding panel (``b``) offering only legal bids, the trump dialog
(``t``) and the call dialog (``c``) offering only the cards that may be called, the
customary aces first; enter opens the one the phase needs, or takes a hint shown for it.
The partner is never shown, hinted or marked before the called card is played: everything is
drawn from the view of the seat being shown, which does not hold it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ...cards import SUIT_NAMES, Card
from ...engine import Action
from ...table_source import TableSource
from ...ui.sheet import column_heads, sheet_lines, shorten
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
#: The chip sheet's contracts, one each (the rows read ``3·5A``: deal 3, Five After): the
#: tricks an alone contract needs, ``A`` for After. They fit the side panel at 80x24.
_SHORT = {
    "half": "H",
    "after": "A",
    "five": "5",
    "five-after": "5A",
    "six": "6",
    "six-after": "6A",
    "seven": "7",
    "seven-after": "7A",
    "solo": "So",
    "passed": "P",
}
#: The call dialog's order within a rank: the suits as the hand shows them (rules'
#: ``_hand_order``: colours alternating).
_CALL_SUITS = "SHCD"
#: Where a status line may break between phrases: after a comma, colon, semicolon or full
#: stop, or before a bracket (never inside one).
_PHRASE_END = re.compile(r"(?<=[,:;.]) | (?=\()")


class MenschScreen(TrickTableScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "bid", "Bid"),
        Binding("t", "trump", "Trumps"),
        Binding("c", "call", "Call"),
    ]
    SHOW_TRICKS = True
    SELECT_TO_PLAY = False  # one card a trick: enter plays the cursor's

    def __init__(self, match: TableSource) -> None:
        super().__init__(match)

    # --- the frame's hooks ----------------------------------------------------------------

    def header(self, view: dict[str, Any]) -> Text:
        """The deal, the auction or the contract, trumps and the called card. Short of room
        (80 columns, a 16-letter declarer, the passed game in diamonds) it gives up, in turn,
        the game's name, the trumps' symbol and then the middle of the declarer's name."""
        width = self.query_one("#table-header", Static).content_region.width
        deal = f"deal {view['deal_no']} of {view['deals']}"
        called = Text()
        if view["called"]:
            called.append(" · called ", Style(bold=True))
            called.append_text(card_style(self).inline(Card.parse(view["called"])))
        if view["declarer"] is None:
            high = view["high_bid"]
            bidding = f"bidding · highest: {_NAMES[high]}" if high else "bidding"
            forms = [["Mensch", deal, bidding], [deal, bidding]]
        else:
            name = self.match.names()[view["declarer"]]
            plays = f"{name} plays {_NAMES[view['contract']]}"
            trump = view["trump"]
            trumps = f"trumps {SUIT_NAMES[trump]}" if trump else "trumps to come"
            full = f"trumps {card_style(self).suit(trump)} {SUIT_NAMES[trump]}" if trump else trumps
            # last, the name cut in the middle to the room left
            room = width - called.cell_len - len(f"{deal} · {plays} · {trumps}") + len(name)
            cut = shorten(name, max(5, room)) + plays[len(name) :]
            forms = [
                ["Mensch", deal, plays, full],
                [deal, plays, full],
                [deal, plays, trumps],
                [deal, cut, trumps],
            ]
        for parts in forms:
            line = " · ".join(parts)
            if width <= 0 or len(line) + called.cell_len <= width:
                break
        out = Text(line, style=Style(bold=True))
        out.append_text(called)
        return out

    def seat_lines(self, view: dict[str, Any], seat: int) -> list[Text]:
        chips = view["chips"][seat]
        lines = [Text(f"{chips:+d} chip{'s' * (abs(chips) != 1)}", style="bold")]
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
            label = f"{h['deal']}·{_SHORT[h['contract']]}"
            rows.append((label, [f"{c:+d}" if c else "·" for c in h["changes"]]))
        return Sheet("Chips", list(names), rows, [f"{c:+d}" for c in view["chips"]])

    def _sheet_table(self, sheet: Sheet) -> RenderableType:
        """The side panel's sheet (the last eight deals) laid out as the game-over dialog
        lays it (``ui/sheet``), under the frame's short heads: the rows' labels (``12·5A``)
        keep their width and the columns close up to one space apart where they must. The
        frame's table gave the labels one cell at 80x24 ("…")."""
        width = self.query_one("#sheet", Static).content_size.width or 24
        heads = column_heads(sheet.columns)
        lines = sheet_lines(replace(sheet, columns=heads, rows=sheet.rows[-8:]), width)
        rows = [lines.head, *lines.body, *([lines.foot] if lines.foot else [])]
        return Text("\n").join(Text(" " * (width - r.cell_len)) + r for r in rows)  # flush right

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
        # short enough for its corner beside North's play at 80x24
        return f"Trick {n}" if view["trick"]["plays"] else f"Trick {n}: no lead yet"

    def playable(self, view: dict[str, Any], legal: Sequence[Action]) -> set[int] | None:
        if view["phase"] != "play":
            return None
        codes = {a.card.code for a in legal if hasattr(a, "card")}
        return {i for i, c in enumerate(view["hand"] or []) if c in codes}

    def prompt(self, view: dict[str, Any], name: str) -> Text:
        return self._phrased(self._prompt(view, name))

    def _prompt(self, view: dict[str, Any], name: str) -> Text:
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
        # MENSCH-PLAY-2, RANK-4: the led card's effective suit (the Mensch is a trump)
        led, trump = trick["plays"][0][1][0], view["trump"]
        if led == "QC" or led[-1] == trump:
            follow = "follow trumps if you can (the Mensch is one),"
        elif led[-1] == "C":
            follow = "follow clubs if you can (the Mensch is a trump),"
        else:
            follow = f"follow {SUIT_NAMES[led[-1]]} if you can,"
        return Text.assemble((f"{name}: ", "bold"), f"{follow} else any card.")

    def shape_status(self, text: Text) -> Text:
        return self._phrased(text)

    def _phrased(self, text: Text) -> Text:
        """``text`` in the status line's width, its lines broken between phrases (after a
        comma, colon, semicolon or full stop, or before a bracket), never inside a phrase."""
        width = self.query_one("#status", Static).content_region.width
        return phrase_lines(text, width)

    def make_action(self, view: dict[str, Any], chosen: list[Card], cursor: Card) -> Action:
        return PLAY[chosen[0]] if len(chosen) == 1 else PLAY[cursor]

    def hand_use(self, view: dict[str, Any]) -> str | None:
        return "play" if view["phase"] == "play" else None

    # --- decisions that are not a card ----------------------------------------------------

    #: Each decision's key, offered only in its phase.
    _PHASE_OF = {"bid": "bid", "trump": "trump", "call": "call"}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self._PHASE_OF:
            phase = (self._view or self.view())["phase"]
            return self.now_or_dimmed(phase == self._PHASE_OF[action])
        return super().check_action(action, parameters)

    def action_decide(self) -> None:
        """Enter in the auction, the trump or the call: takes a hint shown for it, else
        opens the phase's dialog."""
        phase = self._view.get("phase") if self._view else None
        if self.take_hint():
            return
        if phase in ("bid", "trump", "call") and self.human_to_move() is not None:
            {"bid": self.action_bid, "trump": self.action_trump, "call": self.action_call}[phase]()
            return
        super().action_decide()  # not their turn: the frame says so

    def _menu(
        self,
        phase: str,
        title: str,
        info: str,
        label: Callable[[Any], str],
        order: Callable[[Any], Any] | None = None,
    ) -> None:
        if self._view.get("phase") != phase and not self.holding:
            word = title.split()[0].lower()
            self.notify(f"There is nothing to {word} now.", severity="warning")
            return
        self.open_choices(title, info, label, order=order)

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
            lambda a: f"{cs.label(a.card):<3}  {a.card.name}",  # the names in a column
            # MENSCH-CALL-4: the customary aces first, then kings and down
            order=lambda a: (-a.card.rank, _CALL_SUITS.index(a.card.suit)),
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


def phrase_lines(text: Text, width: int) -> Text:
    """``text`` broken into lines of ``width`` cells between phrases (``_PHRASE_END``), each
    line as full as it can be, at a colon, semicolon, full stop or bracket where one comes in
    time and costs no extra line, else at a comma; where no phrase ends in time the rest is
    left to wrap as words. A width of 0 (not laid out yet) leaves it as it is."""
    plain = text.plain
    if width <= 0 or text.cell_len <= width:
        return text
    # never inside brackets: "(medium bot's pick: enter takes it)" is one phrase
    ends = [
        m.start()
        for m in _PHRASE_END.finditer(plain)
        if plain.count("(", 0, m.start()) == plain.count(")", 0, m.start())
    ]
    strong = _phrase_cuts(text, width, ends, strong=True)
    cuts = _phrase_cuts(text, width, ends)
    if len(strong) <= len(cuts):
        cuts = strong
    if not cuts:
        return text
    starts = [0, *(c + 1 for c in cuts)]  # each line after the space it breaks at
    return Text("\n").join(text[a:b] for a, b in zip(starts, [*cuts, len(plain)], strict=True))


def _phrase_cuts(text: Text, width: int, ends: list[int], strong: bool = False) -> list[int]:
    """Where ``phrase_lines`` breaks ``text``: the last of ``ends`` that fits on each line;
    with ``strong``, the last not after a comma where there is one."""
    plain = text.plain
    cuts: list[int] = []
    start = 0
    while text[start:].cell_len > width:
        fits = [e for e in ends if e > start and text[start:e].cell_len <= width]
        if strong:
            fits = [e for e in fits if plain[e - 1] != ","] or fits
        if not fits:
            break
        cuts.append(fits[-1])
        start = fits[-1] + 1
    return cuts


__all__ = ["MenschScreen", "phrase_lines"]
