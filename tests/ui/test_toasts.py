"""An expired notification leaves nothing painted on the table (issue 32, item 21).

What the terminal shows is rebuilt here from the updates Textual sends it (``App._display``
gets each frame, full or partial, even headless): a small virtual terminal applies them, so a
region Textual forgets to repaint stays stale, as it did on the player's screen ("It is not
your turn." over the log and the hand for good). The widget tree and ``render_strips`` would
not show it: they are drawn afresh.

The defect (Textual 8.2.8): after a scroll, the compositor's full map is stale until a lookup
rebuilds it (``Compositor.full_map``); the toast's removal asks for the toast rack's region
first, and the rebuilt map no longer holds the toast, so the next layout finds nothing
changed and never repaints where the toast was. ``ui/patches.py`` marks what such a rebuild
changes as needing a repaint.
"""

from __future__ import annotations

from helpers import screen_of, wait_for
from rich.cells import cell_len
from rich.segment import ControlType
from textual._compositor import CompositorUpdate

from cardsuite.match import SeatSpec
from cardsuite.ui.app import CardSuiteApp, StartRequest
from cardsuite.ui.table import TableScreen
from cardsuite.ui.widgets import LogView


class Terminal:
    """The cells a terminal holds after the updates it was sent."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = self.y = 0

    def attach(self, app: CardSuiteApp) -> None:
        """Receive every frame the app sends (headless, it would send none)."""

        def display(screen: object, update: object) -> None:
            if isinstance(update, CompositorUpdate) and not app._batch_count:
                self.feed(update, app)

        app._display = display  # type: ignore[method-assign]

    def feed(self, update: CompositorUpdate, app: CardSuiteApp) -> None:
        console = app.console
        for segment in update.__rich_console__(console, console.options):  # type: ignore[attr-defined]
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        self.x, self.y = code[1], code[2]  # type: ignore[misc]
                continue
            if segment.text == "\n":
                self.x, self.y = 0, self.y + 1
                continue
            for ch in segment.text:
                if 0 <= self.y < self.height and 0 <= self.x < self.width:
                    self.rows[self.y][self.x] = ch
                self.x += cell_len(ch)

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.rows]


def _drawn(app: CardSuiteApp) -> list[str]:
    """What the compositor would draw now, from the widgets."""
    return ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]


async def test_an_expired_toast_leaves_nothing_on_the_table(make_app) -> None:  # type: ignore[no-untyped-def]
    seats = [
        SeatSpec(k, n)
        for k, n in zip(["human", "medium", "medium"], ["South", "West", "East"], strict=True)
    ]
    app = make_app(start=StartRequest("manni", seats, "basic", {}, 4))
    terminal = Terminal(80, 24)
    terminal.attach(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await screen_of(pilot, TableScreen)
        log = table.query_one(LogView)
        # play on until the log has more lines than it shows (it scrolls after each move)
        while log.max_scroll_y == 0:
            await wait_for(pilot, lambda: table.human_to_move() is not None)
            await pilot.press("h", "enter")
            await pilot.pause()
        await wait_for(pilot, lambda: table.human_to_move() is not None)
        await pilot.pause()

        app.notify("It is not your turn.", timeout=0.4)
        said = lambda: any("It is not your turn." in row for row in terminal.lines())  # noqa: E731
        await wait_for(pilot, said)
        # the table redraws under the toast: its log scrolls (as after a move, or the wheel)
        log.scroll_up(animate=False)
        await pilot.pause()
        await wait_for(pilot, lambda: not app._notifications)  # expired and gone
        await pilot.pause()
        await pilot.pause()

        assert not said(), "\n".join(terminal.lines())
        assert terminal.lines() == _drawn(app)
