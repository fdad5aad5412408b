"""The Twenty-Two table: the trick-table frame plus what is Twenty-Two's own.

Its own parts: the header (variant, hand, cards each, stock, the threshold), each seat's
face-up penalty cards and total (or its score on paper) and where it stands in the exchange,
the stock in the middle during the exchange, the penalty-point sheet, the prompts, and how a
selection becomes an action (a discard in the exchange, a play in a trick). ``a`` selects
every card of the cursor's rank, since sets are by rank. Everything is drawn from the view
of the seat being shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType

from ...cards import JOKER_RANK, RANK_CODES, Card
from ...engine import Action
from ...ui.trick_table import Sheet, TrickTableScreen
from ...ui.widgets import CardGroup, card_style
from .actions import Exchange, Play
from .sets import effective, lowest

_EXTRAS = ("beat_leader", "equal_sets", "paper_scores", "twenty_six")


def _ranks_text(ranks: Sequence[int]) -> str:
    return "-".join("JK" if r == JOKER_RANK else RANK_CODES[r] for r in ranks)


def _ranks(codes: Sequence[str]) -> list[int]:
    return [Card.parse(c).rank for c in codes]


class TwentyTwoScreen(TrickTableScreen):
    #: (a short word: with every key of a trick, the footer has 80 columns to the word)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("a", "same_rank", "Rank")]
    SHOW_TRICKS = False  # tricks only decide who leads; the last card is what counts

    # --- the frame's hooks ----------------------------------------------------------------

    def header(self, view: dict[str, Any]) -> Text:
        game = self.match.game
        variant = game.variants[view["variant"]]
        defaults = variant.defaults()
        extras = [k for k in _EXTRAS if view["options"][k] and not defaults[k]]
        first = f"Twenty-Two · {variant.name}"
        if extras:
            first += " + " + ", ".join(x.replace("_", " ") for x in extras)
        parts = [first]
        if view["phase"] != "over":
            parts += [
                f"hand {view['hand_no']}",
                f"{view['deal_size']} cards each",
                f"stock {view['stock']}",
            ]
        parts.append(f"out at {view['threshold']}")
        return Text("  ·  ".join(parts), style=Style(bold=True))

    def seat_lines(self, view: dict[str, Any], seat: int) -> list[Text]:
        cs = card_style(self)
        total = view["scores"][seat]
        if not view["active"][seat]:
            return [Text(f"out with {total}", style="italic dim")]
        pen = Text()
        if view["options"]["paper_scores"]:
            pen.append(f"{total} on paper", style="bold")
        else:
            for code in view["score_cards"][seat]:
                pen.append_text(cs.inline(Card.parse(code)))
                pen.append(" ")
            pen.append(f"= {total}", style="bold")
        lines = [pen]
        if view["phase"] == "exchange":
            if seat in view["exchange_queue"]:
                lines.append(Text("to exchange", style="dim"))
            else:
                n = view["discarded"][seat]
                lines.append(Text(f"exchanged {n}" if n else "kept", style="dim"))
        return lines

    def sheet(self, view: dict[str, Any], names: list[str]) -> Sheet:
        n = view["players"]
        rows = [
            (str(h["hand"]), [str(h["value"]) if s in h["losers"] else "·" for s in range(n)])
            for h in view["history"]
        ]
        return Sheet(
            "Penalty points",
            list(names),
            rows,
            [str(x) for x in view["scores"]],
            marked={s for s in range(n) if not view["active"][s]},
        )

    def center(self, view: dict[str, Any]) -> CardGroup | None:
        if view["phase"] == "exchange" and view["stock"]:
            n = view["stock"]
            return CardGroup("stock", backs=n, note=f"{n} card{'s' * (n != 1)}")
        return None

    def trick_title(self, view: dict[str, Any]) -> str:
        if view["phase"] == "exchange":
            return f"Exchange, hand {view['hand_no']}"
        trick = view["trick"]
        if not trick["plays"]:
            return "Waiting for the lead" if view["phase"] == "play" else ""
        n = trick["count"]
        each = {1: "singles", 2: "pairs", 3: "threes", 4: "fours"}.get(n, f"{n} cards each")
        return f"Trick {len(view['tricks']) + 1} · {each}"

    def playable(self, view: dict[str, Any], legal: Sequence[Action]) -> set[int] | None:
        """In a trick, the cards of a rank some legal play uses (suits never matter)."""
        if view["phase"] != "play":
            return None
        ranks = {c.rank for a in legal for c in getattr(a, "cards", ())}
        return {i for i, r in enumerate(_ranks(view["hand"])) if r in ranks}

    def prompt(self, view: dict[str, Any], name: str) -> Text:
        hand = _ranks(view["hand"])
        if view["phase"] == "exchange":
            k = min(len(hand), view["stock"])
            return Text.assemble(
                (f"{name}, exchange: ", "bold"),
                f"pick up to {k} card{'s' * (k != 1)} to discard; enter draws as many"
                " (none: keep).",
            )
        trick = view["trick"]
        if not trick["plays"]:
            return Text.assemble(
                (f"{name}, your lead: ", "bold"),
                "one card, or several of one rank (press a); keep at least one card.",
            )
        n = trick["count"]
        low = _ranks_text(lowest(hand, n))
        plays = dict((s, codes) for s, codes in trick["plays"])
        opts = view["options"]
        if opts["beat_leader"] or opts["equal_sets"]:
            lead = _ranks_text(effective(_ranks(trick["plays"][0][1])))
            return Text.assemble(
                (f"{name}, follow with {n}: ", "bold"),
                f"cover the lead {lead} if you can, else your lowest ({low}).",
            )
        best = _ranks_text(effective(_ranks(plays[trick["best"]])))
        return Text.assemble(
            (f"{name}, follow with {n}: ", "bold"),
            f"cover {best}, the best, or play your lowest ({low}).",
        )

    def hand_use(self, view: dict[str, Any]) -> str | None:
        return "exchange" if view["phase"] == "exchange" else "play"

    def make_action(self, view: dict[str, Any], chosen: list[Card], cursor: Card) -> Action:
        if view["phase"] == "exchange":
            return Exchange(tuple(chosen))
        return Play(tuple(chosen) or (cursor,))

    # --- Twenty-Two's own key -------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "same_rank":  # wherever space selects
            return super().check_action("select", ())
        return super().check_action(action, parameters)

    def action_same_rank(self) -> None:
        hand = self.my_hand()
        if not hand:
            return
        rank = hand[self.cursor].rank
        same = {i for i, c in enumerate(hand) if c.rank == rank}
        self.selected = set() if same <= self.selected else same
        self.unraise()
        self._drop_hint()
        self.refresh_hand()

    def say(self, action: Action) -> str:
        if isinstance(action, Exchange) and not action.cards:
            return "keep your hand"
        return super().say(action)


__all__ = ["TwentyTwoScreen"]
