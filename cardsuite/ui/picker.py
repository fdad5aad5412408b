"""The game picker: every registered game drawn with its cards, saved games to resume,
statistics, rules and quit.

Everything fits at 80x24: one line a game (its summary cut to the width, but the highlighted
game's whole; the paragraph under the list tells more), the saved games always on screen,
``enter`` sets up the highlighted game and ``r`` resumes the highlighted save at once (or
says there is none)."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, ClassVar, cast

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..cards import Card
from ..engine import Game
from ..games import all_games
from ..match import Match
from ..store import SaveInfo, StoreError
from .cardart import Canvas, draw_fan
from .widgets import card_style

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

    from .app import CardSuiteApp


def _players(game: Game) -> str:
    lo, hi = min(game.players), max(game.players)
    return f"{lo} players" if lo == hi else f"{lo}-{hi} players"


def _ago(then: float) -> str:
    s = max(0, time.time() - then)
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if s >= size:
            n = int(s // size)
            return f"{n} {unit}{'s' * (n != 1)} ago"
    return "just now"


def _about(game: Game, limit: int = 10_000) -> str:
    """The first paragraph of the game's rules help, what the game is about: as many of its
    sentences as fit in ``limit`` characters (at least the first)."""
    for block in game.help_text().split("\n\n"):
        block = block.strip()
        if block and not block.startswith("#"):
            text = re.sub(r"[*_`]", "", " ".join(block.split()))
            sentences = re.split(r"(?<=[.!?])\s+", text)
            out = sentences[0]
            for s in sentences[1:]:
                if len(out) + 1 + len(s) > limit:
                    break
                out += " " + s
            return out
    return game.summary


class Emblem(Widget):
    """The highlighted game's cards, fanned, with its name and variants."""

    DEFAULT_CSS = "Emblem { height: 100%; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game: Game | None = None

    def show(self, game: Game) -> None:
        self.game = game
        self.refresh()

    def cards_changed(self) -> None:
        self.refresh()

    def render(self) -> Text:
        width = max(self.size.width, 10)
        canvas = Canvas(width, 6)
        if self.game is None:
            return canvas.text()
        cards = [Card.parse(c) for c in self.game.emblem]
        draw_fan(canvas, 2, 0, cards, card_style(self), raised=[len(cards) - 1], step=4)
        out = canvas.text()
        out.append("\n\n")
        out.append(f" {self.game.name}\n", Style(bold=True))
        out.append(f" {_players(self.game)}\n\n", Style(italic=True))
        for v in self.game.variants.values():
            out.append(f" • {v.name}\n")
        return out


def game_row(game: Game, whole: bool) -> Table:
    """A game's line in the list: name, players and summary; ``whole``: the summary wrapped
    onto as many lines as it takes (the highlighted game), else cut to the width."""
    grid = Table.grid(padding=(0, 2), expand=True)
    grid.add_column(min_width=14, no_wrap=True)
    grid.add_column(min_width=12, no_wrap=True)  # "2-12 players"
    grid.add_column(ratio=1, no_wrap=not whole, overflow="fold" if whole else "ellipsis")
    grid.add_row(Text(game.name, style="bold"), _players(game), game.summary)
    return grid


class GameList(OptionList):
    """The games, one line each but the highlighted one, whose summary shows whole. The list
    keeps room for the longest summary, so nothing under it moves as the highlight does."""

    def __init__(self, games: list[Game], *, id: str | None = None) -> None:
        super().__init__(*[Option(game_row(g, False), id=g.id) for g in games], id=id)
        self.games = games
        self._whole: int | None = None
        self._room: dict[int, int] = {}

    def show_whole(self, index: int) -> None:
        if index == self._whole:
            return
        if self._whole is not None:
            self.replace_option_prompt_at_index(
                self._whole, game_row(self.games[self._whole], False)
            )
        self._whole = index
        self.replace_option_prompt_at_index(index, game_row(self.games[index], True))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Room for every game on a line and the longest summary whole: measured once for
        each width (each layout measured every summary again: 21 ms a layout)."""
        inner = width - self.get_component_styles("option-list--option").padding.width
        if inner not in self._room:
            rules = cast("RulesMap", self.styles)
            self._room[inner] = len(self.games) + max(
                visualize(self, game_row(g, True)).get_height(rules, inner) - 1 for g in self.games
            )
        return self._room[inner]


class PickerScreen(Screen[None]):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the lists' own enter (hidden) would hide this one from the footer
        Binding("enter", "play", "Play", priority=True),
        Binding("r", "resume", "Resume"),
        Binding("l", "learn", "Learn"),
        Binding("t", "daily", "Daily"),  # today's deal of the highlighted game (ui/daily.py)
        Binding("d", "delete_save", "Delete save", show=False),
        Binding("s", "stats", "Stats"),  # (a short word: every key fits 80 columns)
        Binding("y", "history", "History"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("ctrl+p", "command_palette", "Themes & settings", show=True),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games = all_games()
        self.saves: list[SaveInfo] = []

    @property
    def cs_app(self) -> CardSuiteApp:
        return cast("CardSuiteApp", self.app)

    def compose(self) -> ComposeResult:
        yield Static(self._banner(), id="picker-banner")
        with Horizontal(id="picker-main"):
            yield Emblem(id="picker-emblem")
            with Vertical(id="picker-lists"):
                yield GameList(self.games, id="games")
                yield Static(id="picker-about")
                yield OptionList(id="saves")
                yield Static(
                    "enter set up a game · l learn it · t today's deal · r resume a save ·"
                    " d delete a save · s statistics ·"
                    " y history · ? rules · ctrl+p themes, ASCII cards, pace · q quit",
                    id="picker-keys",
                )
        yield Footer()

    def _banner(self) -> Text:
        cs = card_style(self)
        left, right = f"{cs.suit('S')} {cs.suit('H')} ", f" {cs.suit('D')} {cs.suit('C')}"
        t = Text(justify="center")
        t.append(left, Style(bold=True))
        t.append("cardsuite", Style(bold=True))
        t.append(right, Style(bold=True))
        t.append("   five card games, hot-seat or against bots", Style(italic=True))
        return t

    def cards_changed(self) -> None:
        """ASCII mode or the theme changed: the banner's suits follow."""
        self.query_one("#picker-banner", Static).update(self._banner())

    def on_mount(self) -> None:
        for footer in self.query(Footer):  # every key and its word in 80 columns
            footer.compact = True
        self.query_one("#games").border_title = "Games"
        self.query_one("#saves").border_title = "Saved games"
        self.query_one(GameList).highlighted = 0
        self.query_one(GameList).show_whole(0)
        self.query_one("#games", OptionList).focus()
        self._show_game(self.games[0])
        self.reload()

    def on_screen_resume(self) -> None:
        self.cards_changed()
        self.reload()

    def reload(self) -> None:
        """Re-read the saved games (after a save, a resume or a delete)."""
        try:
            self.saves = self.cs_app.store.list_saves()
        except StoreError as e:
            self.notify(str(e), severity="error")
            self.saves = []
        saves = self.query_one("#saves", OptionList)
        saves.clear_options()
        saves.can_focus = bool(self.saves)  # an empty list takes no focus (nor the keys)
        if not self.saves:
            saves.add_option(
                Option(
                    Text("No saved games. ctrl+s saves a game in play.", style="italic"),
                    id="none",
                    disabled=True,
                )
            )
            return
        for i, info in enumerate(self.saves):
            if info.error:
                label = Text(f"{info.title}: cannot be resumed ({info.error})", style="dim")
            else:
                # two lines, each cut with "…" rather than wrapped: the game, variant and how
                # far it got; when it was saved and the players with their scores (an older
                # save has its title alone)
                label = Text(no_wrap=True, overflow="ellipsis")
                label.append(info.title, style="bold")
                label.append(f"\nsaved {_ago(info.saved_at)}", style="dim")
                if info.subtitle:
                    label.append(f" · {info.subtitle}")
            saves.add_option(Option(label, id=f"save-{i}"))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if isinstance(event.option_list, GameList) and event.option_index is not None:
            event.option_list.show_whole(event.option_index)
            self._show_game(self.games[event.option_index])

    def _show_game(self, game: Game) -> None:
        self.query_one(Emblem).show(game)
        about = self.query_one("#picker-about", Static)
        lines = 3 if self.app.size.height < 32 else 5
        about.update(_about(game, max(40, (self.app.size.width - 30) * lines)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games":
            self.action_play()
        else:
            self.action_resume()

    def _highlighted_game(self) -> Game:
        games = self.query_one("#games", OptionList)
        return self.games[games.highlighted or 0]

    def action_play(self) -> None:
        if self.query_one("#saves", OptionList).has_focus:
            self.action_resume()
            return
        self.cs_app.open_setup(self._highlighted_game().id)

    def _highlighted_save(self) -> SaveInfo | None:
        saves = self.query_one("#saves", OptionList)
        if not self.saves:
            return None
        index = saves.highlighted if saves.highlighted is not None else 0
        return self.saves[min(index, len(self.saves) - 1)]

    def action_resume(self) -> None:
        info = self._highlighted_save()
        if info is None:
            self.notify("There are no saved games.", severity="warning")
            return
        if info.error:
            self.notify(
                f"{info.path.name}: {info.error}. The file is left as it is.",
                title="Cannot resume",
                severity="error",
            )
            return
        try:
            match = Match.from_save(self.cs_app.store.load_save(info.path))
        except (StoreError, ValueError) as e:
            self.notify(f"{e}. The file is left as it is.", title="Cannot resume", severity="error")
            return
        match.save_path = info.path  # saving replaces it; the game's end removes it
        self.cs_app.open_table(match)

    def action_delete_save(self) -> None:
        from .confirm import ConfirmScreen

        info = self._highlighted_save()
        if info is None:
            self.notify("There are no saved games.", severity="warning")
            return

        def answer(yes: bool | None) -> None:
            if yes:
                try:
                    self.cs_app.store.delete_save(info.path)
                except StoreError as e:
                    self.notify(str(e), severity="error")
                self.reload()

        self.app.push_screen(
            ConfirmScreen(f"Delete the save {info.title!r}?", "Delete", "Keep"), answer
        )

    def action_daily(self) -> None:
        """Today's deal of the highlighted game (``ui/daily.py``)."""
        from .daily import open_daily

        open_daily(self.cs_app, self._highlighted_game().id)

    def action_stats(self) -> None:
        self.cs_app.open_stats()

    def action_history(self) -> None:
        self.cs_app.open_history()

    def action_rules(self) -> None:
        self.cs_app.open_help(self._highlighted_game().id)

    # --- learn: the highlighted game's guided first game (``ui/lesson.py``) ---------------

    def action_learn(self) -> None:
        """The highlighted game's lesson (its default variant's); a game without one says
        which games have one."""
        from ..learn.lesson import lesson_variants

        game = self._highlighted_game()
        if not lesson_variants(game.id):
            have = [g.name for g in self.games if lesson_variants(g.id)]
            self.notify(
                f"No lesson for {game.name} yet; lessons: {', '.join(have) or 'none'}.",
                severity="warning",
            )
            return
        self.cs_app.open_lesson(game.id)
