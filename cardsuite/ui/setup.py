"""The setup screen, built from a game's metadata: players, seats, variant, options, seed.

Nothing here is specific to a game: the player counts, variants and options (with each
variant's defaults) come from the engine contract, so every game gets this screen for free.
The last setup of each game is remembered in the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.screen import Screen
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from ..engine import Game, Option
from ..match import HUMAN, REMOTE, Match, SeatSpec
from ..remote.protocol import name_key
from ..settings_check import MAX_SEAT_NAME, clean_setup, default_players, default_seat
from ..strength import level_words
from .closing import close_once
from .widgets import card_style

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

    from .app import CardSuiteApp

#: (a remembered seat is checked against these kinds: ``settings_check.SETUP_SEAT_KINDS``)
SEAT_CHOICES = [
    ("human", HUMAN),
    ("bot: easy", "easy"),
    ("bot: medium", "medium"),
    ("bot: hard", "hard"),
    ("remote: joins", REMOTE),
]


#: What the seats mean, under them (``SetupScreen.seat_note``).
NOTE_REMOTE = (
    "remote seats: Start opens your table here, and shows the command the others join with"
    " (this machine only; `cardsuite host --public` for a network)"
)
NOTE_CURTAIN = "hot-seat: a curtain hides hands between people"
NOTE_HOT_SEAT = "hot-seat: everyone at one keyboard"
NOTE_BOTS = "all bots: watch them play"
NOTE_SOLO = "one person against bots"


class SeatNote(Static):
    """The note under the seats, as tall as the longest it can say at its width: choosing a
    remote seat (the longest) moves nothing under it, so Start stays where the mouse is."""

    NOTES = (NOTE_REMOTE, NOTE_CURTAIN, NOTE_HOT_SEAT, NOTE_BOTS, NOTE_SOLO)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rules = cast("RulesMap", self.styles)
        return max(visualize(self, note).get_height(rules, width) for note in self.NOTES)


class SetupScreen(Screen[None]):
    #: The first field from the start (by default the form's scroll took the focus first and
    #: gave it to Players once the rows were built: two restylings of the whole form).
    AUTO_FOCUS = "#players"
    BINDINGS: ClassVar[list[BindingType]] = [
        # most terminals cannot send ctrl+enter: F5 is the key shown
        Binding("f5,ctrl+enter,ctrl+j", "start", "Start", priority=True, key_display="F5"),
        Binding("f1", "rules", "Rules"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game: Game, remembered: object = None) -> None:
        super().__init__()
        self.game = game
        # What was remembered is checked again here, whoever gives it: a setup of an older
        # version (a variant, option or bot level since gone) opens with defaults for those.
        checked, _ = clean_setup(game, remembered if remembered is not None else {}, "setup")
        setup = checked or {}
        self.players: int = setup.get("players", default_players(game))
        self.variant: str = setup.get("variant", game.default_variant)
        self.options: dict[str, Any] = dict(game.variants[self.variant].defaults())
        self.options.update(setup.get("options", {}))
        self.seats: list[dict[str, str]] = [dict(s) for s in setup.get("seats", [])]
        seed = setup.get("seed")
        self.seed_text = "" if seed is None else str(seed)
        #: Set once the rows are made (``on_mount``): a start key that comes sooner (the
        #: screen was just opened) is not taken, as a click on a button not drawn yet.
        self.ready = False

    @property
    def cs_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    def _seat(self, i: int) -> dict[str, str]:
        while len(self.seats) <= i:
            self.seats.append(default_seat(self.game, self.players, len(self.seats)))
        return self.seats[i]

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(f"{self.game.name} · new game", classes="table-header")
        with VerticalScroll(id="setup-form"):
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Select(
                    [(str(n), n) for n in self.game.players],
                    value=self.players,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            with Horizontal(classes="setup-row"):
                yield Label("Variant", classes="setup-label")
                yield Select(
                    [(self._words(v.name), vid) for vid, v in self.game.variants.items()],
                    value=self.variant,
                    allow_blank=False,
                    compact=True,
                    id="variant",
                )
                yield Static(
                    self._words(self.game.variants[self.variant].summary),
                    id="variant-summary",
                    classes="setup-help",
                )
            # the rows made here, in the screen's one mount (made in ``on_mount``, each box
            # was mounted and the screen laid out again)
            yield Vertical(*self._option_rows(), id="options")
            yield Label("Seats", classes="setup-section")
            yield Vertical(*self._seat_rows(), id="seats")
            strength = self._strength_text()
            if strength:
                yield Static(strength, id="bot-strength", classes="setup-help")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(
                    self.seed_text, placeholder="random", id="seed", type="integer", compact=True
                )
                yield Static("the same seed deals the same game", classes="setup-help")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="success", compact=True)
                yield Button("Rules", id="rules", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        # At the top, on the first field: a player reads the form from Players down (F5,
        # shown in the footer, starts from anywhere; Start waits at the bottom).
        self.query_one("#players", Select).focus(scroll_visible=False)
        self.query_one("#setup-form", VerticalScroll).scroll_home(animate=False)
        self.ready = True

    async def _build_options(self) -> None:
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        await box.mount_all(self._option_rows())

    def _option_rows(self) -> list[Horizontal]:
        return [self._option_row(opt) for opt in self.game.variants[self.variant].options]

    def _words(self, text: str) -> str:
        """A game's own words (an option's name, ``Al-kommi 7♦``) in the card style: a suit
        symbol is a letter in ASCII mode."""
        return card_style(self).text(text)

    def _option_row(self, opt: Option) -> Horizontal:
        value = self.options.get(opt.id, opt.default)
        widget: Checkbox | Select[str] | Input
        name, help_ = self._words(opt.name), self._words(opt.help)
        if opt.kind == "bool":
            widget = Checkbox(name, bool(value), id=f"opt-{opt.id}", compact=True)
            return Horizontal(
                Label("", classes="setup-label"),
                widget,
                Static(help_, classes="setup-help"),
                classes="setup-row",
            )
        if opt.kind == "choice":
            widget = Select(
                [(self._words(c), c) for c in opt.choices],
                value=value,
                allow_blank=False,
                id=f"opt-{opt.id}",
                compact=True,
            )
        else:
            widget = Input(str(value), type="integer", id=f"opt-{opt.id}", compact=True)
        return Horizontal(
            Label(name, classes="setup-label"),
            widget,
            Static(help_, classes="setup-help"),
            classes="setup-row",
        )

    async def _build_seats(self) -> None:
        box = self.query_one("#seats", Vertical)
        await box.remove_children()
        await box.mount_all(self._seat_rows())

    def _seat_rows(self) -> list[Widget]:
        names = self.game.names_for(self.players)
        rows: list[Widget] = []
        for i in range(self.players):
            seat = self._seat(i)
            rows.append(
                Horizontal(
                    Label(names[i], classes="setup-label"),
                    Input(
                        seat["name"],
                        placeholder=names[i],
                        id=f"name-{i}",
                        max_length=MAX_SEAT_NAME,
                        compact=True,
                    ),
                    Select(
                        SEAT_CHOICES,
                        value=seat["kind"],
                        allow_blank=False,
                        id=f"kind-{i}",
                        compact=True,
                    ),
                    classes="setup-row",
                )
            )
        rows.append(SeatNote(self._seat_note(), id="seat-note", classes="setup-help"))
        return rows

    # --- changes --------------------------------------------------------------------------

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.players:
            self._read_seats()
            self.players = event.value
            await self._build_seats()

    @on(Select.Changed, "#variant")
    async def _variant_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.variant:
            self.variant = event.value
            self.options = dict(self.game.variants[self.variant].defaults())
            self.query_one("#variant-summary", Static).update(
                self._words(self.game.variants[self.variant].summary)
            )
            for strength in self.query("#bot-strength").results(Static):
                strength.update(self._strength_text())
            await self._build_options()

    @on(Select.Changed)
    def _kind_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("kind-"):
            self._read_seats()
            self.query_one("#seat-note", Static).update(self._seat_note())

    def _strength_text(self) -> str:
        """Each bot level's measured strength at this game, one line a level (the ladder's
        shipped results, ``strength.py``): what a player choosing a level wants to know."""
        words = level_words(self.game.id)
        lines = [f"{level:<6}  {text}" for level, text in words.items()]
        head = "bots, as measured:"
        measured = self.game.default_variant  # (the ladder plays each game's own variant)
        if self.variant != measured:  # another variant's bots may fare otherwise (Money's)
            head = f"bots, as measured (variant: {self.game.variants[measured].name}):"
        return "\n".join([head, *lines]) if lines else ""

    def _seat_note(self) -> str:
        """What the seats mean: hot-seat (with a curtain where hands are secret), or bots."""
        humans = sum(1 for i in range(self.players) if self._seat(i)["kind"] == HUMAN)
        if any(self._seat(i)["kind"] == REMOTE for i in range(self.players)):
            return NOTE_REMOTE
        if humans > 1:
            return NOTE_CURTAIN if self.game.hidden_hands else NOTE_HOT_SEAT
        return NOTE_BOTS if humans == 0 else NOTE_SOLO

    def _read_seats(self) -> None:
        for i in range(self.players):
            seat = self._seat(i)
            try:
                name = self.query_one(f"#name-{i}", Input).value.strip()
                kind = self.query_one(f"#kind-{i}", Select).value
            except Exception:
                continue
            seat["name"] = name or self.game.names_for(self.players)[i]
            if isinstance(kind, str):
                seat["kind"] = kind

    def _read_options(self) -> dict[str, Any] | None:
        """The options as set on screen. An option whose widget is not there (a variant just
        chosen: its rows are still being made, and a start key can come in between) is
        the value the row will show: the variant's default, or what was remembered."""
        out: dict[str, Any] = {}
        for opt in self.game.variants[self.variant].options:
            try:
                widget = self.query_one(f"#opt-{opt.id}")
            except NoMatches:
                out[opt.id] = self.options.get(opt.id, opt.default)
                continue
            if isinstance(widget, (Checkbox, Select)):
                out[opt.id] = widget.value
            elif isinstance(widget, Input):
                try:
                    out[opt.id] = opt.parse(widget.value)
                except ValueError as e:
                    self.notify(str(e), severity="error")
                    return None
        return out

    # --- start ----------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "rules":
            self.action_rules()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        # a second start key while the table opens, or a first before this screen is made
        if self.app.screen is not self or not self.ready:
            return
        self._read_seats()
        options = self._read_options()
        if options is None:
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            self.notify(
                "The seed is a whole number (or empty for a random deal).", severity="error"
            )
            return
        seats = [SeatSpec(s["kind"], s["name"]) for s in self.seats[: self.players]]
        keys = [name_key(s.name) for s in seats]
        if len(set(keys)) != len(keys):
            self.notify(
                "Give every seat a different name (names that differ only in capitals or in"
                " letters that look alike read as one).",
                severity="error",
            )
            return
        remote = [s for s in seats if s.kind == REMOTE]
        if remote and sum(s.kind == HUMAN for s in seats) > 1:
            self.notify(
                "At a hosted table one seat is yours (human); the others join (remote) or"
                " are bots.",
                severity="error",
            )
            return
        if not remote:
            try:
                match = Match.new(
                    self.game.id, seats, self.variant, options, seed, self.cs_app.bot_options
                )
            except ValueError as e:
                self.notify(str(e), severity="error")
                return
        self.cs_app.remember_setup(
            self.game.id,
            {
                "players": self.players,
                "variant": self.variant,
                "options": options,
                "seats": [{"kind": s.kind, "name": s.name} for s in seats],
                "seed": seed,
            },
        )
        if remote:
            from .app import StartRequest
            from .remote_start import HostRequest

            close_once(self)
            table = StartRequest(self.game.id, seats, self.variant, options, seed)
            self.cs_app.open_remote(HostRequest(table, fallback_port=True))
            return
        self.cs_app.open_table(match, replace=True)

    def action_rules(self) -> None:
        self.cs_app.open_help(self.game.id)

    def action_back(self) -> None:
        close_once(self)
