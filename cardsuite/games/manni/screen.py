"""The Manni table: the trick-table frame plus what is Manni's own.

Its own parts: the header (variant, hand, the trumps or the contract in words and symbol,
whose contract, Hornafjarðarmanni's cut card while it is face up), each seat's lines (points,
or plus and minus; its target; where it stands in the exchange; the contracts it still owes
in Trjámann), the manni face down in the middle with its count (and the cut card face up
beside it), the score sheet, the prompts, and the decisions that are not a card: ``s`` swap
and ``k`` keep in basic Manni, the contract dialog (``c`` or enter) offering only the
contracts the declarer still owes; each key is offered only in its phase. The cards an
exchange draws are raised by the frame (``TrickTableScreen._note_drawn``). Everything is
drawn from the view of the seat being shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType

from ...cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ...engine import Action
from ...ui.sheet import shorten
from ...ui.trick_table import Sheet, TrickTableScreen
from ...ui.widgets import CardGroup, card_style
from .actions import CONTRACT_KINDS, KEEP, NO_DISCARD, PLAY, SWAP, Contract, Discard, Swap
from .rules import BASIC, HORN, TRJAMANN, contract_name

_VARIANT_NAMES = {BASIC: "Basic Manni", TRJAMANN: "Trjámann", HORN: "Hornafjarðarmanni"}
_OWED_LETTERS = {"nullo": "N", "grand": "G", "spades": "S", "other": "O"}


def _trump_words(view: dict[str, Any]) -> str:
    """The trumps or the contract in words and symbol: ``Trumps ♦ diamonds``."""
    trump = view["trump"]
    contract = view["contract"]
    if view["variant"] == BASIC:
        return f"trumps {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}"
    if not contract:
        return "contract to come"
    name = contract_name(contract, trump)
    if contract == "nullo":
        extra = ", aces low" if view["low_aces"] else ""
        return f"{name}: avoid tricks{extra}"
    if trump:
        return f"{name} {SUIT_SYMBOLS[trump]}"
    return f"{name}: no trumps"


class ManniScreen(TrickTableScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "swap", "Swap"),
        Binding("k", "keep", "Keep"),
        Binding("c", "contract", "Contract"),
    ]
    SHOW_TRICKS = False  # the seat lines show tricks against the target
    SELECT_TO_PLAY = False  # one card a trick: enter plays the cursor's

    # --- the frame's hooks ----------------------------------------------------------------

    def header(self, view: dict[str, Any]) -> list[Text]:
        """The header, fullest first (the frame shows the first that fits): Trjámann's
        options by name, then counted ("+ 3 options": the dialog, the prompts and the
        header's contract say what each changes) with the hand as "1/12", then the
        declarer's name cut in the middle, shorter and shorter."""
        return [self._header(view, level) for level in range(4)]

    def _header(self, view: dict[str, Any], level: int) -> Text:
        variant = view["variant"]
        first = _VARIANT_NAMES[variant]  # the variant names the game (the cut card must fit)
        opts = [o.name for o in self.match.game.variants[variant].options if view["options"][o.id]]
        if opts and level == 0:
            first += " + " + ", ".join(opts).lower()
        elif opts:
            first += f" + {len(opts)} option{'s' * (len(opts) != 1)}"
        parts = [first]
        if view["hands_in_game"]:
            of = " of " if level == 0 else "/"
            parts.append(f"hand {view['hand_no']}{of}{view['hands_in_game']}")
        else:
            parts.append(f"hand {view['hand_no']}")
        parts.append(card_style(self).text(_trump_words(view)))  # (ASCII: suits as letters)
        names = self.match.names()
        if level >= 2:
            names = [shorten(n, 10 if level == 2 else 6) for n in names]
        if view["declarer"] is not None and view["contract"]:
            parts.append(f"{names[view['declarer']]}'s contract")
        elif view["declarer"] is not None:
            parts.append(f"{names[view['declarer']]} declares")
        out = Text(" · ".join(parts), style=Style(bold=True))
        if view["contract_card"] and view["contract_card_live"]:
            cs = card_style(self)
            out.append(" · cut card ", Style(bold=True))
            out.append_text(cs.inline(Card.parse(view["contract_card"])))
        return out

    def seat_lines(self, view: dict[str, Any], seat: int) -> list[Text]:
        variant = view["variant"]
        lines: list[Text] = []
        # tricks against the target where there is one (the sheet keeps plus and minus)
        target = self._target(view, seat)
        won = view["tricks_won"][seat]
        if target is not None and view["phase"] == "play":
            lines.append(Text(f"tricks {won}/{target}", style="dim"))
        else:
            lines.append(Text(f"tricks {won}", style="dim"))
        if variant == BASIC:
            points = view["points"][seat]
            lines.append(Text(f"{points} point{'s' * (points != 1)}", style="bold"))
        else:
            net = view["plus"][seat] - view["minus"][seat]
            lines.append(Text(f"{net:+d} net", style="bold"))
        decision = view["decisions"][seat]
        if view["phase"] in ("swap", "exchange"):
            if seat in view["exchange_queue"]:
                lines.append(Text("to decide" if variant == BASIC else "to exchange", style="dim"))
            elif decision is not None:
                lines.append(Text(self._decision_words(decision), style="dim"))
        elif view["phase"] == "play" and decision not in (None, "keep", 0):
            lines.append(Text(self._decision_words(decision), style="dim"))
        if view["owed"] is not None:
            owed = view["owed"][seat]
            letters = "".join(_OWED_LETTERS[k] for k in CONTRACT_KINDS if k in owed)
            lines.append(Text(f"owes {letters}" if owed else "owes none", style="dim"))
        if (
            variant == HORN
            and seat == view["dealer"]
            and view["contract_card_live"]
            and view["contract_card"]
        ):
            lines.append(Text("has cut card", style="dim italic"))  # (13 columns at 80x24)
        return lines

    @staticmethod
    def _decision_words(decision: Any) -> str:
        if decision == "swap":
            return "swapped"
        if decision == "keep":
            return "kept"
        return f"exchanged {decision}" if decision else "kept all"

    @staticmethod
    def _target(view: dict[str, Any], seat: int) -> int | None:
        """TRJ-SCORE-1 (by seat and contract), HORN-SCORE-1 (4 each); basic has none."""
        if view["variant"] == HORN:
            return 4
        if view["variant"] == TRJAMANN and view["contract"]:
            nullo = view["contract"] == "nullo"
            if seat == view["declarer"]:
                return 4 if nullo else 8
            return 6 if nullo else 4
        return None

    def sheet(self, view: dict[str, Any], names: list[str]) -> Sheet:
        hist = view["history"]
        if view["variant"] == BASIC:
            rows = [
                (
                    f"{h['hand']}{card_style(self).suit(h['trump'])}",
                    [str(g) if g else "·" for g in h["gains"]],
                )
                for h in hist
            ]
            return Sheet("Points", list(names), rows, [str(x) for x in view["points"]])
        rows = []
        for h in hist:
            label = str(h["hand"])
            if view["variant"] == TRJAMANN:
                label += _OWED_LETTERS.get(h["contract"], "")
            else:
                label += {"grand": "G", "nullo": "N"}.get(h["contract"], "")
                if h["contract"] == "trumps":
                    label += card_style(self).suit(h["trump"])
            rows.append((label, [f"{r:+d}" if r else "·" for r in h["results"]]))
        rows.append(("plus", [str(x) for x in view["plus"]]))
        rows.append(("minus", [str(x) for x in view["minus"]]))
        nets = [p - m for p, m in zip(view["plus"], view["minus"], strict=True)]
        return Sheet("Plus and minus", list(names), rows, [f"{x:+d}" for x in nets])

    def center(self, view: dict[str, Any]) -> CardGroup | None:
        n = view["manni"]
        cards = []
        if view["contract_card"] and view["contract_card_live"] and view["phase"] != "play":
            cards = [Card.parse(view["contract_card"])]
        if not n and not cards:
            return None
        note = f"{n} card{'s' * (n != 1)}" if n else ""
        if cards:
            note += " · cut card" if note else "cut card"
        return CardGroup("manni" if n else "", cards, note=note, backs=n)

    def trick_title(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "swap":
            return "Swap or keep"
        if phase == "contract":
            return "The contract"
        if phase == "exchange":
            return "Exchange with the manni"
        trick = view["trick"]
        n = len(view["tricks"]) + 1
        if trick["plays"]:
            return f"Trick {n}"
        return f"Trick {n}: waiting for the lead" if phase == "play" else ""

    def playable(self, view: dict[str, Any], legal: Sequence[Action]) -> set[int] | None:
        if view["phase"] != "play":
            return None
        codes = {a.card.code for a in legal if hasattr(a, "card")}
        return {i for i, c in enumerate(view["hand"] or []) if c in codes}

    def prompt(self, view: dict[str, Any], name: str) -> Text:
        phase = view["phase"]
        if phase == "swap":
            return Text.assemble(
                (f"{name}: ", "bold"),
                "s swaps your whole hand for the unseen manni, k keeps it.",
            )
        if phase == "contract":
            owed = ", ".join(view["owed"][view["seat"]])
            return Text.assemble(
                (f"{name}, declare: ", "bold"),
                f"c or enter picks the contract; you owe {owed}.",
            )
        if phase == "exchange":
            sizes = view["exchange_sizes"] or [0]
            most = max(sizes)
            if len(sizes) == 2 and most > 1:
                what = f"exactly {most} cards or none"
            else:
                what = f"up to {most} card{'s' * (most != 1)}"
            return Text.assemble(
                (f"{name}, exchange: ", "bold"),
                f"pick {what} to discard; enter draws as many (none: keep).",
            )
        trick = view["trick"]
        if not trick["plays"]:
            return Text.assemble((f"{name}, your lead: ", "bold"), "any card.")
        led = Card.parse(trick["plays"][0][1][0]).suit
        return Text.assemble(
            (f"{name}: ", "bold"),
            f"follow {SUIT_NAMES[led]} if you can; if not, any card.",
        )

    def hand_use(self, view: dict[str, Any]) -> str | None:
        phase = view["phase"]
        return {"exchange": "exchange", "play": "play"}.get(phase)

    def make_action(self, view: dict[str, Any], chosen: list[Card], cursor: Card) -> Action:
        if view["phase"] == "exchange":
            return Discard(tuple(chosen)) if chosen else NO_DISCARD
        if len(chosen) == 1:
            return PLAY[chosen[0]]
        return PLAY[cursor]

    # --- decisions that are not a card ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Swap and keep only in basic Manni's swap, the contract key only in Trjámann's
        contract phase (lit for the person to decide, dimmed while a bot decides)."""
        view = self._view or self.view()
        phase, variant = view["phase"], view["variant"]
        if action in ("swap", "keep"):
            return self.now_or_dimmed(variant == BASIC and phase == "swap")
        if action == "contract":
            return self.now_or_dimmed(variant == TRJAMANN and phase == "contract")
        return super().check_action(action, parameters)

    def action_decide(self) -> None:
        """Enter in the swap or the contract: takes a hint shown for it, else opens the
        decision's dialog."""
        phase = self._view.get("phase") if self._view else None
        if self.take_hint():
            return
        if phase == "swap" and self.human_to_move() is not None:
            self.open_choices(
                "Swap or keep?",
                "Swap your whole hand for the manni, unseen, or keep it. One swap a hand.",
                lambda a: "Swap with the manni" if isinstance(a, Swap) else "Keep my hand",
            )
            return
        if phase == "contract":
            self.action_contract()
            return
        super().action_decide()

    def action_swap(self) -> None:
        self._decide(SWAP)

    def action_keep(self) -> None:
        self._decide(KEEP)

    def _decide(self, action: Action) -> None:
        if self.holding:
            return
        if self._view.get("phase") != "swap":
            if self._view.get("variant") == BASIC:
                why = "You swap or keep before the hand's first trick."
            else:
                why = "Swapping with the manni is basic Manni's exchange."
            self.notify(why, severity="warning")
            return
        seat = self.human_to_move()
        if seat is None:
            self.notify("It is not your turn.", severity="warning")
            return
        self.play_action(action, seat)

    def action_contract(self) -> None:
        if self.holding:
            return
        if self._view.get("phase") != "contract":
            self.notify("There is no contract to declare now.", severity="warning")
            return
        if self.human_to_move() is None:
            self.notify("It is not your turn.", severity="warning")
            return
        view = self._view
        names = self.match.names()
        info = Text("Still owed: ")
        info.append(
            "  ".join(f"{names[s]}: {', '.join(o) or 'none'}" for s, o in enumerate(view["owed"]))
        )
        self.open_choices("Declare a contract", info, self._contract_label)

    def _grand_trump(self) -> str | None:
        """Grand's trumps: none, or hearts with TRJ-OPT-3 (``grand_hearts``) on."""
        return "H" if self.view()["options"].get("grand_hearts") else None

    def _contract_label(self, c: Contract) -> str:
        if c.kind == "nullo":
            return "Nullo: no trumps, take few tricks (target 4)"
        if c.kind == "grand":
            trump = self._grand_trump()
            if trump:
                return f"Grand: {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]} are trumps (target 8)"
            return "Grand: no trumps, take tricks (target 8)"
        if c.kind == "spades":
            return "Spades: spades are trumps (target 8)"
        assert c.suit is not None
        return f"Other: {SUIT_SYMBOLS[c.suit]} {SUIT_NAMES[c.suit]} are trumps (target 8)"

    def say(self, action: Action) -> str:
        if isinstance(action, Discard) and not action.cards:
            return "keep all your cards"
        if isinstance(action, Contract):
            trump = self._grand_trump() if action.kind == "grand" else action.suit
            return "declare " + contract_name(action.kind, trump)
        return super().say(action)


__all__ = ["ManniScreen"]
