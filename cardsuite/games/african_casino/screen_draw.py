"""How the African Casino table draws itself: the header, the seats and the felt's scene,
the status line with its prompts, the preview of the step being made, the list of plays, the
hand, and the game-over sheet (a part of ``CasinoScreen``, kept apart so each file reads on
its own).

Everything here is drawn from the view of the seat being shown, the public log and that
seat's own legal steps; a widget is updated only when what it shows changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ...cards import RANK_CODES, Card
from ...engine import Action, Event
from ...ui.cardart import rich_colour
from ...ui.sheet import Sheet
from ...ui.widgets import HandView, card_style, event_text, show
from .actions import Capture, Word
from .screen_composer import (
    KIND_LETTER,
    Candidate,
    Composition,
    Key,
    Table,
    hand_card,
    kind_of,
    material,
    noun,
    short,
    taken,
    words,
)
from .screen_felt import (
    BuildBox,
    CasinoScene,
    PlaysView,
    SeatBox,
    back_strip,
    template_text,
)
from .screen_why import Why

if TYPE_CHECKING:
    from ...table_source import TableSource
    from ...ui.app import CardSuiteApp

_RULE = " (CASINO-"


class CasinoDrawing:
    """The drawing half of ``CasinoScreen`` (a mixin: the screen has these attributes)."""

    match: TableSource
    shown: int | None
    bottom: int
    holding: list[Event]
    comp: Composition | None
    cursor: int
    pick: int
    card_size: Any
    _thinking: int | None
    _labels: dict[Key, str]
    _plays: list[Action]
    _resolved: tuple[Candidate, str | None] | None
    _hint: Text | None
    _hint_more: list[Text]
    _why: list[Why]
    _casino_table: Table | None
    _view: dict[str, Any]
    _drawn: dict[str, object]
    _moods: dict[str, object]

    if TYPE_CHECKING:
        size: Any
        app: Any

        @property
        def cs_app(self) -> CardSuiteApp: ...

        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def view(self) -> dict[str, Any]: ...
        def mine(self) -> int | None: ...
        def hold_note(self) -> str: ...
        def _cursor_card(self) -> str | None: ...
        def _end_refusal(self) -> str | None: ...

    def orderable(self) -> Capture | None:
        """The capture highlighted, when its cards may be ordered on the pile (``o``): two
        or more besides the capturing card, and not in the South African game, whose
        batches lie in numerical order (CASINO-CAP-5, VAR-SA 7)."""
        if not self._plays or self.comp is not None or self._casino_table is None:
            return None
        act = self._plays[self.pick % len(self._plays)]
        if not isinstance(act, Capture) or self._view.get("variant") == "south-african":
            return None
        return act if len(taken(act, self._casino_table)) > 2 else None

    def _put(self, selector: str, content: Text) -> None:
        """Update a one-line widget, only when what it shows changes (every redraw of a
        widget costs Textual a repaint)."""
        show(self.query_one(selector, Static), content, layout=False)

    def _set_title(self, selector: str, title: str) -> None:
        widget = self.query_one(selector)
        if widget.border_title != title:
            widget.border_title = title

    def _side_names(self, view: dict[str, Any], names: list[str], short: bool = False) -> list[str]:
        """Who scores: each player, or in four the two sides, by both names (``short``: by
        the first, ``X's side``, for a header short of room)."""
        if view["players"] == 4:
            if short:
                return [f"{names[0]}'s side", f"{names[1]}'s side"]
            return [f"{names[0]}+{names[2]}", f"{names[1]}+{names[3]}"]
        return list(names)

    def _scores_text(self, view: dict[str, Any], sides: list[str]) -> Text:
        right = Text()
        for i, (side, total) in enumerate(zip(sides, view["totals"], strict=True)):
            if i:
                right.append(" : " if len(sides) == 2 else " · ", style="bold")
            if len(sides) == 2 and i == 1:
                right.append(str(total), style="bold")
                right.append(f" {side}")
            else:
                right.append(f"{side} ")
                right.append(str(total), style="bold")
        return right

    def _header(self, view: dict[str, Any], names: list[str]) -> Text:
        """The game, variant, players, deal and target on the left, the scores by name on
        the right. Short of room (80 columns, 16-letter names), the header gives up, in
        turn, the target, the player count, the long "first half", the game's name, the
        sides' second names (four players: ``X's side``) and the variant, so the scores
        always show whole."""
        variant = self.match.game.variants[view["variant"]].name
        n = view["players"]
        deal = len(view["history"]) + (0 if view["phase"] == "over" else 1)
        game, count = "African Casino", f"{n} players"
        when = brief_when = f"deal {max(1, deal)}"
        if n == 2 and view["phase"] != "over":
            first = view["half"] == 1
            when += ", first half" if first else ", second half"
            brief_when += ", 1st half" if first else ", 2nd half"
        target = ""
        if "target" in view["options"] and view["variant"] != "south-african":
            target = f"to {view['options']['target']}"
        width = self.size.width - 2
        full = self._scores_text(view, self._side_names(view, names))
        brief = self._scores_text(view, self._side_names(view, names, short=True))
        forms = [
            ([game, variant, count, when, target], full),
            ([game, variant, count, when], full),
            ([game, variant, when], full),
            ([game, variant, brief_when], full),
            ([variant, brief_when], full),
            ([variant, brief_when], brief),
            ([brief_when], brief),
        ]
        for parts, right in forms:
            left = " · ".join(p for p in parts if p)
            if len(left) + 2 + right.cell_len <= width:
                break
        out = Text(left, style="bold")
        out.append(" " * max(2, width - len(left) - right.cell_len))
        out.append_text(right)
        return out

    def _opponent_order(self, n: int) -> list[int]:
        b = self.bottom
        return [(b + i) % n for i in range(1, n)]

    def _seat_title(
        self, view: dict[str, Any], seat: int, names: list[str], short: bool = False
    ) -> Text:
        before, name, after = self._title_parts(view, seat, names, short)
        return before + Text(name, Style(bold=True)) + after

    def _title_parts(
        self, view: dict[str, Any], seat: int, names: list[str], short: bool = False
    ) -> tuple[Text, str, Text]:
        """A seat's title in three parts: the turn's marker, the name, and the marks after
        it (you, the kind, the dealer's ``D``, ``partner``), so that a narrow felt can cut
        the name instead of the marks."""
        spec = self.match.seats[seat]
        before, after = Text(), Text()
        if view["to_move"] == seat and not self.holding:
            before.append("▶ ", Style(bold=True))
        if seat == self.shown and len(self.match.humans) == 1 and names[seat].lower() != "you":
            after.append(" (you)", Style(bold=True))
        elif not spec.is_human and not short:
            after.append(f" {spec.kind}", Style(dim=True))
        if view["dealer"] == seat:
            after.append(" ")
            after.append("D", Style(reverse=True, dim=True))
        if view["players"] == 4 and seat != self.bottom and seat % 2 == self.bottom % 2:
            after.append(" partner", Style(italic=True, bold=True))
        return before, names[seat], after

    def _seat_box(
        self, view: dict[str, Any], table: Table, seat: int, names: list[str], own: bool
    ) -> SeatBox:
        cs = card_style(self)
        info, short = Text(), Text()
        if not own:
            info = back_strip(view["hand_sizes"][seat], cs, most=12)
            info.append(" cards", style="dim")
            short = back_strip(view["hand_sizes"][seat], cs, most=4)
        proofs = [r for s, r in view["proofs"] if s == seat]
        if proofs:
            held = " ".join(RANK_CODES[r] for r in proofs)
            info.append(f"{'  ' if info.plain else ''}holds {held} (proven)", style="italic")
            short.append(f" holds {held}", style="italic")
        if seat == self._thinking:
            info.append(f"{'  ' if info.plain else ''}thinking…", style="italic")
            short.append(" …", style="italic")
        pile = view["piles"][view["pile_of"][seat]]
        top = Card.parse(pile["top"]) if pile["top"] else None
        key: Key | None = None
        for s in table.tops:
            if view["pile_of"][s] == view["pile_of"][seat]:
                key = ("top", s)
        note = ""
        sharers = [s for s in range(view["players"]) if s != seat]
        shared = [s for s in sharers if view["pile_of"][s] == view["pile_of"][seat]]
        if shared:
            note = "shared" if shared[0] == self.bottom else f"with {names[shared[0]]}"
            if own and table.partner(seat) == shared[0]:
                note = ""  # the partner's pile says "shared": the room is the line's own
        return SeatBox(
            seat,
            self._seat_title(view, seat, names),
            info,
            pile["size"],
            top,
            key,
            self._labels.get(key, "") if key else "",
            note,
            self._seat_title(view, seat, names, short=True),
            short,
            self._title_parts(view, seat, names, short=True),
        )

    def _scene(self, view: dict[str, Any], table: Table, names: list[str]) -> CasinoScene:
        n = view["players"]
        opponents = [
            self._seat_box(view, table, s, names, own=False) for s in self._opponent_order(n)
        ]
        me = self._seat_box(view, table, self.bottom, names, own=True)
        loose = [
            (Card.parse(c), ("loose", c), self._labels.get(("loose", c), "")) for c in view["loose"]
        ]
        builds = []
        for b in view["builds"]:
            key: Key = ("build", b["value"])
            owner = b["owner"]
            builds.append(
                BuildBox(
                    b["value"],
                    "yours" if owner == self.bottom else names[owner],
                    b["kind"],
                    [[Card.parse(c) for c in u] for u in b["units"]],
                    key,
                    self._labels.get(key, ""),
                    table.team(owner, self.bottom),
                )
            )
        picked = self.comp.units_of_keys() if self.comp is not None else {}
        marked: set[Key] = set()
        if self.comp is None and self._plays and self.mine() is not None:
            marked = material(self._plays[self.pick])
        # the title's notes, each in a long and a short form; the felt draws the first form
        # of the title that fits its width (the short restriction fits 80 columns alone)
        restricted = ("restricted: one build each, no trail while you own one", "")
        if _restricted(view):
            restricted = (restricted[0], "one build each, no trail while you own one")
        else:
            restricted = ("", "")
        stock = ("", "")
        if view["stock"]:
            stock = (f"{view['stock']} cards wait for the second half", f"{view['stock']} to come")
        titles = []
        for notes in (
            (restricted[0], stock[0]),
            (restricted[1], stock[0]),
            (restricted[1], stock[1]),
            (restricted[1],),
        ):
            title = Text("Layout", style="bold")
            if any(notes):
                title.append(" · " + " · ".join(n for n in notes if n), style="dim")
            if title not in titles:
                titles.append(title)
        if self.holding and view["history"]:
            titles = self._deal_banners(view, names)
        return CasinoScene(
            opponents, me, loose, builds, picked, marked, titles[0], titles=tuple(titles[1:])
        )

    def _deal_banners(self, view: dict[str, Any], names: list[str]) -> list[Text]:
        """The last deal's points, on the felt's title row while the table pauses on them:
        by name with the totals, then closer together without them (the header has them),
        then four players' sides by one name, then the points alone in the header's order
        (three 16-letter names do not fit 80 columns)."""
        rec = view["history"][-1]
        out = []
        for brief, sep, totals in (
            (False, "  ·  ", True),
            (False, " · ", False),
            (True, " · ", False),
        ):
            sides = self._side_names(view, names, short=brief)
            line = Text(f"Deal {rec['deal']} scored: ", style="bold reverse")
            line.append(
                sep.join(f"{s} {p}" for s, p in zip(sides, rec["points"], strict=True)),
                style="bold",
            )
            if totals:
                line.append(f"   (totals {' : '.join(str(t) for t in rec['totals'])})", style="dim")
            out.append(line)
        line = Text(f"Deal {rec['deal']} scored: ", style="bold reverse")
        line.append(" · ".join(str(p) for p in rec["points"]), style="bold")
        line.append(" (in the header's order)", style="dim")
        out.append(line)
        return out

    def _draw_status(self, view: dict[str, Any], names: list[str]) -> None:
        """The status line, one row: the first form of the prompt that fits it. The felt
        above has no row to spare at 80x24 (a taller status hid a build), so at 80 columns,
        with a 16-letter name, the prompts say it shorter rather than lose their ends."""
        forms = self._status(view, names)
        width = self.query_one("#ac-status", Static).content_region.width
        text = forms[-1]
        for form in forms:
            if width <= 0 or form.cell_len <= width:
                text = form
                break
        self._put("#ac-status", text)

    def _status(self, view: dict[str, Any], names: list[str]) -> list[Text]:
        """What the status line says, in its forms from the fullest to the shortest."""
        if self.holding:
            return [Text(self.hold_note(), style="italic")]
        mover = view["to_move"]
        if mover is None:
            return [Text("The game is over: g shows the result, q the menu.")]
        seat = self.mine()
        if seat is None:
            who = names[mover]
            if self._thinking == mover:
                return [Text(f"{self.match.seats[mover].label()} is thinking…", style="italic")]
            if view["phase"] == "hold":
                return [
                    Text(f"{who} is deciding whether to ask for a hold…", "italic"),
                    Text(f"{who} may ask for a hold…", "italic"),
                ]
            if view["phase"] == "insist":
                return [Text(f"{who} is deciding whether to insist…", style="italic")]
            return [Text(f"Waiting for {who}…", style="italic")]
        if self._hint is not None:
            return [self._hint, *self._hint_more]
        if view["phase"] == "hold":
            return self._hold_prompt(view, seat, names)
        if view["phase"] == "insist":
            return self._insist_prompt(view, seat, names)
        if view["held"] is not None:
            partner = names[(seat + 2) % 4]
            return [
                Text.assemble(
                    (f"{partner} asks you to hold build {view['held']}: ", "bold"),
                    "capture it anyway, or add your card to it (the list).",
                ),
                Text(f"{partner} asks you to hold build {view['held']}.", style="bold"),
            ]
        log = self.match.public_log()
        if self.comp is None and log and log[-1].kind == "insist" and log[-1].seat is not None:
            who = names[log[-1].seat]
            if view["played"]:
                demand = (
                    "add what you can to your side's builds (the list).",
                    "add to your side's builds",
                )
            else:
                demand = (
                    "capture everything you can with that card (the list).",
                    "take all you can with it",
                )
            return [Text.assemble((f"{who} insists: ", "bold"), d) for d in demand]
        if self.comp is not None:
            kind = noun(self.comp)  # "an addition", "a free build"
            brief = "free" if self.comp.card is None else kind.split(" ", 1)[1]
            return [
                Text.assemble(
                    (f"Composing {kind}: ", "bold"),
                    (
                        "letters pick · / next unit · v value · tab kind · enter · esc cancels",
                        "dim",
                    ),
                ),
                Text.assemble(
                    (f"Composing {kind}: ", "bold"),
                    ("letters pick · / unit · v value · tab kind · ⏎ · esc", "dim"),
                ),
                Text.assemble(
                    (f"{capital(brief)}: ", "bold"),
                    ("letters · / next · v ace · tab kind · esc", "dim"),
                ),
            ]
        if view["played"]:
            reason = self._end_refusal()
            if reason is None:
                return [
                    Text.assemble(
                        ("Your card is played. ", "bold"),
                        "Free builds and additions, or end your turn: e",
                    ),
                    Text.assemble(
                        ("Card played: ", "bold"), "free builds and additions, or e ends"
                    ),
                ]
            return [
                Text.assemble(("Card played; not yet done: ", "bold"), (capital(reason), "dim")),
                Text.assemble(("Not yet done: ", "bold"), (capital(reason), "dim")),
                Text(capital(reason), style="dim"),
                Text(capital(reason.split(_RULE)[0]), style="dim"),  # without its rule's ID
            ]
        return [
            Text.assemble(
                (f"{names[seat]}, your turn: ", "bold"),
                (
                    "←→ pick a card · ↑↓ enter play · c b a r t f compose · m all moves · : type",
                    "dim",
                ),
            ),
            Text.assemble(
                (f"{names[seat]}, your turn: ", "bold"),
                ("←→ card · ↑↓ ⏎ play · c b a r t compose · m all", "dim"),
            ),
            Text.assemble(
                ("Your turn: ", "bold"), ("←→ card · ↑↓ ⏎ play · c b a r t · m all", "dim")
            ),
        ]

    def _hold_prompt(self, view: dict[str, Any], seat: int, names: list[str]) -> list[Text]:
        partner = names[(seat + 2) % 4]
        value = next((a.value for a in self._plays if isinstance(a, Word) and a.value), None)
        ask = _last_ask(self.match.public_log())
        v = value if value is not None else ask
        out = Text(f"{partner} means to capture build {v}, your side's. ", style="bold")
        if value is not None:
            out.append("Ask to hold it? y hold · n pass")
            return [out, Text(f"Ask {partner} to hold build {v}? y · n", style="bold")]
        out.append("You hold no card of it: n lets it go ahead.")
        return [out, Text(f"You cannot hold build {v} (no card of it): n", style="bold")]

    def _insist_prompt(self, view: dict[str, Any], seat: int, names: list[str]) -> list[Text]:
        mover, last = _last_play(self.match.public_log(), seat)
        who = names[mover] if mover is not None else "The player"
        about = view.get("asking_about") or "additions"  # "play" or "additions"
        if about == "play" and last is not None and last["kind"] == "trail":
            what = (
                f"{who} trailed a card that could have captured.",
                f"{who} could have captured:",
            )
        elif about == "play":
            what = (
                f"{who} left something their card could also have taken.",
                f"{who} left cards to take:",
            )
        else:
            what = (
                f"{who} could still add cards to their side's builds.",
                f"{who} could add more:",
            )
        return [
            Text.assemble((what[0] + " ", "bold"), "Insist? y insist · n pass"),
            Text.assemble((what[1] + " ", "bold"), "insist? y · n"),
        ]

    def _draw_preview(self, view: dict[str, Any], table: Table, names: list[str]) -> None:
        """Three rows: the step in words (wrapping to a second row if it must), then the
        game's verdict in the theme's success or error colour (wrapping when the words left
        it room), or what enter does. Where the three rows cannot hold it all (a narrow
        column, long names, a build of many units), the shorter forms of each part are
        tried, the words' first, so nothing is cut off: the verdict without the step's
        notation, then the words without the builds' units (the felt shows them), the
        count of cards taken and a free step's note."""
        lines, verdicts, mood = self._preview(view, table, names)
        width = self.query_one("#ac-preview", Static).content_region.width
        line, verdict = lines[0], verdicts[0]
        if width > 0:
            console = self.app.console
            fits = [
                (li, ve)
                for li in lines
                for ve in verdicts
                if _rows(console, li, width) + (_rows(console, ve, width) if ve else 0) <= 3
            ]
            if fits:
                line, verdict = fits[0]
            else:
                line, verdict = lines[-1], verdicts[-1]
        verdict = verdict.copy()
        if mood:
            verdict.stylize(Style(color=self._mood_colour(mood)))
        out = line.copy()
        if verdict:  # (the last event alone, while nobody here is to move, has three rows)
            out.append("\n")
            out.append_text(verdict)
        self._put("#ac-preview", out)

    def _mood_colour(self, mood: str) -> str:
        """The theme's success or error colour, as Rich writes it (``rich_colour``: the ansi
        themes' ``ansi_green`` made ``Style`` raise), looked up once per card style."""
        key = (id(self.cs_app.card_style), mood)
        if self._moods.get("key") != key[0]:
            self._moods = {"key": key[0]}
            variables = self.app.get_css_variables()
            self._moods["-ok"] = rich_colour(variables.get("success", "#4caf50"), "#4caf50")
            self._moods["-bad"] = rich_colour(variables.get("error", "#e5534b"), "#e5534b")
        return str(self._moods[mood])

    def _preview(
        self, view: dict[str, Any], table: Table, names: list[str]
    ) -> tuple[list[Text], list[Text], str]:
        """The step being made, or the play highlighted, in words; the game's verdict or what
        enter does; and the verdict's mood (its colour class). The words and the verdict
        each come in their forms from the fullest to the shortest."""
        cs = card_style(self)
        seat = self.mine()
        if self._resolved is not None:
            cand, reason = self._resolved
            tag = KIND_LETTER.get(cand.kind, "?")
            lines = _word_forms(tag, cand.words, names, cs)
            if reason is not None:
                return lines, _reason_forms(reason), "-bad"
            if cand.then is not None:  # a route of two steps: the game judges the first
                first = "✓ the game takes the build: enter makes it, then the addition is next"
                forms = [
                    Text.assemble((first, "bold"), (f"   {cand.text}", "dim")),
                    Text(first, style="bold"),
                    Text("✓ enter makes the build; the addition comes next", style="bold"),
                ]
                return lines, forms, "-ok"
            takes = "✓ the game takes it: enter commits"
            out = Text(f"{takes} (or click here)", style="bold")
            forms = [out, Text(takes, style="bold")]
            if cand.text:
                full = out.copy()
                full.append(f"   {cand.text}", style="dim")
                forms.insert(0, full)
            return lines, forms, "-ok"
        if seat is not None and self._plays:
            act = self._plays[self.pick]
            lines = _word_forms(KIND_LETTER.get(kind_of(act), "·"), words(act, table), names, cs)
            keys = "enter plays it · ↑↓ other plays" + (" · o order" if self.orderable() else "")
            return lines, [Text(f"{keys}   {act}", style="dim"), Text(keys, style="dim")], ""
        log = self.match.public_log()
        last = next((e for e in reversed(log) if e.kind != "deal"), None)
        return [event_text(last, names, cs) if last is not None else Text()], [Text()], ""

    def _draw_plays(self, view: dict[str, Any], table: Table, names: list[str]) -> None:
        cs = card_style(self)
        plays = self.query_one(PlaysView)
        seat = self.mine()
        if seat is None:
            self._set_title("#ac-plays-box", "Plays")
            self.query_one("#ac-plays-box").set_class(False, "-why")
            over = view["phase"] == "over"
            idle = "the game is over" if over else "not your turn"
            plays.show([], None, Text(idle, style="dim italic"))
            return
        lines = [self._play_line(a, table, names, cs) for a in self._plays]
        note: list[Text] | None = None
        if view["phase"] != "play":
            title = "Your answer"
        elif self.comp is not None:
            self._set_title("#ac-plays-box", f"Plays with these ({len(lines)})")
            self.query_one("#ac-plays-box").set_class(False, "-why")
            plays.show(lines, None, None if lines else Text("none listed", style="dim italic"))
            return
        elif view["played"]:
            title = "Your card is played"
        else:
            card = self._cursor_card()
            label = cs.label(Card.parse(card)) if card else "?"
            count = sum(1 for a in self._plays if hand_card(a) is not None)
            title = f"Plays with {label} ({count})"
            if self._why:
                title = f"No play with {label}"
                note = why_paragraphs(self._why)
        self._set_title("#ac-plays-box", title)
        self.query_one("#ac-plays-box").set_class(note is not None, "-why")
        plays.show(lines, self.pick if lines else None, note)

    def _play_line(self, act: Action, table: Table, names: list[str], cs: Any) -> Text:
        kind = kind_of(act)
        letter = KIND_LETTER.get(kind, "·")
        free = kind in ("build", "add") and hand_card(act) is None
        out = kind_tag(letter)
        if isinstance(act, Word):
            out.append_text(template_text(words(act, table), names, cs))
        else:
            out.append("free " if free else "", style="italic")
            out.append(f"{kind} ", style="dim")
            out.append_text(template_text(short(act, table), names, cs))
        return out

    def _draw_hand(self, view: dict[str, Any], table: Table) -> None:
        hand = self.query_one(HandView)
        # (the hand draws itself again only when what it shows changed)
        if self.shown is None or view["hand"] is None:
            hand.show_backs(view["hand_sizes"][self.bottom], self.card_size)
            return
        seat = self.mine()
        playing = seat is not None and view["phase"] == "play"
        dimmed: set[int] = set()
        if seat is not None and playing and self.cs_app.settings.assist:
            usable = {hand_card(a) for a in self.match.legal_actions(seat)}
            dimmed = {i for i, c in enumerate(table.hand) if c not in usable}
        cursor = self.cursor if playing and not view["played"] else None
        hand.show(
            [Card.parse(c) for c in table.hand], cursor=cursor, dimmed=dimmed, size=self.card_size
        )

    def final_sheet(self) -> Sheet | None:
        """Each deal's points by side, and the totals; the short ``X's side`` headers for
        a dialog short of room for both names of a side."""
        view = self.view()
        names = self.match.names()
        four = view["players"] == 4
        return Sheet(
            "Scores",
            self._side_names(view, names),
            [(str(h["deal"]), [str(p) for p in h["points"]]) for h in view["history"]],
            [str(t) for t in view["totals"]],
            label="deal",
            short_columns=self._side_names(view, names, short=True) if four else None,
        )


def kind_tag(letter: str) -> Text:
    """A step's kind letter as a key's tag (reversed, as the preview shows it), so that
    ``a`` before ``add`` reads as the key, not an article."""
    return Text.assemble((letter, "bold reverse"), " ")


#: The kinds of play as the list of reasons names them.
_NOUNS = {
    "capture": "capture",
    "build": "build",
    "add": "addition",
    "raise": "raise",
    "trail": "trail",
}


def why_paragraphs(whys: Sequence[Why]) -> list[Text]:
    """Why a card has no play, one paragraph a reason: the kinds it stops, the reason in
    words and its rule's ID dimmed after it, as the game cites it (without ``CASINO-``, as
    the preview): ``Trail: while you own a build you may not trail now (TWO-1)``."""
    out = []
    for why in whys:
        kinds = [_NOUNS.get(k, k) for k in why.kinds]
        said = "every play" if len(kinds) == len(_NOUNS) else ", ".join(kinds)
        para = Text(f"{capital(said)}: ", style="bold")
        at = why.reason.find(_RULE)
        if at >= 0 and why.reason.endswith(")"):
            para.append(why.reason[:at])
            para.append(f" ({why.reason[at + len(_RULE) : -1]})", style="dim")
        else:
            para.append(why.reason)
        out.append(para)
    return out


def _reason_forms(reason: str) -> list[Text]:
    """A refusal in words, its rule's ID after it, dimmed: ``✗ You must keep … · TAB-5``;
    then the words alone (the shorter form, for a narrow preview)."""
    out = Text("✗ ", style="bold")
    at = reason.find(_RULE)
    if at >= 0 and reason.endswith(")"):
        rule = reason[at + len(_RULE) : -1]
        out.append(capital(reason[:at]), style="bold")
        bare = out.copy()
        out.append(f"   rule {rule}", style="dim")
        return [out, bare]
    out.append(capital(reason), style="bold")
    return [out]


#: A build's units in a step's words, ``([9S]+[4S] | [KH])`` (the felt shows them too).
_UNITS = re.compile(r" \((?:\[[0-9A-Z]+\]|\+| \| )+\)")
#: The count of cards a capture takes, at the end of its words.
_TAKEN = re.compile(r" — \d+ cards to your pile$")
#: A free step's note, or a route's of free steps (the list of plays says "free" too).
_FREE = re.compile(r" \((?:a )?free step[^)]*\)$")
#: Whose pile a top comes from and whose build it goes to (the felt shows both): long names
#: on a narrow screen leave an addition of two pile tops no room otherwise.
_PILE_OF = re.compile(r" from \{P\d\}'s pile")
_BUILD_OF = re.compile(r"\{P\d\}'s (?=build)")


def _word_forms(tag: str, template: str, names: list[str], cs: Any) -> list[Text]:
    """A step's preview line, its kind's letter first: in full words, then without the
    builds' units, then without the count of cards taken or the free step's note too, then
    without whose piles and builds they are (each only when it is shorter)."""
    forms = [template]
    for pattern, by in ((_UNITS, ""), (_TAKEN, ""), (_FREE, ""), (_PILE_OF, " from a pile")):
        shorter = pattern.sub(by, forms[-1])
        if pattern is _PILE_OF:
            shorter = _BUILD_OF.sub("", shorter)
        if shorter != forms[-1]:
            forms.append(shorter)
    out = []
    for words_ in forms:
        line = Text.assemble((f"{tag} ", "bold reverse"), " ")
        line.append_text(template_text(words_, names, cs))
        out.append(line)
    return out


def _rows(console: Console, text: Text, width: int) -> int:
    """How many rows ``text`` takes, wrapped at ``width`` as a Static wraps it."""
    return len(text.wrap(console, width)) if text.plain else 1


def _restricted(view: dict[str, Any]) -> bool:
    """CASINO-TWO-1, as the view tells it."""
    n, half = view["players"], view["half"]
    if view["variant"] == "south-african":
        return not (n == 2 and half == 2)
    return n == 2 and half == 1


def _last_ask(log: list[Event]) -> int | None:
    for e in reversed(log):
        if e.kind == "ask":
            return int(e.data["value"])
    return None


def _last_play(log: list[Event], me: int) -> tuple[int | None, dict[str, Any] | None]:
    """The mover's last capture or trail (what an insist question is about)."""
    for e in reversed(log):
        if e.kind in ("capture", "trail") and e.seat is not None and e.seat != me:
            return e.seat, {"kind": e.kind, **e.data}
        if e.kind == "deal":
            break
    for e in reversed(log):
        if e.kind == "build" and e.seat is not None and e.seat != me:
            return e.seat, None
    return None, None


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["CasinoDrawing", "capital", "kind_tag"]
