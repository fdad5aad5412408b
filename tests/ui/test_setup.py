"""The setup screen (issue 32 #15, #19): it opens at the top on the first field with the start
key in the footer, and choosing a remote seat moves nothing under the seats."""

from __future__ import annotations

import pytest
from helpers import wait_for
from textual.containers import VerticalScroll
from textual.widgets import Button, Select

from cardsuite.ui.picker import PickerScreen
from cardsuite.ui.setup import SetupScreen


async def open_setup(app, pilot, game: str) -> SetupScreen:  # type: ignore[no-untyped-def]
    await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))
    app.open_setup(game)
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.ready)
    await pilot.pause()
    return app.screen  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", ["twenty-two", "money", "african-casino"])
async def test_setup_opens_at_the_top_on_the_first_field(make_app, game: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot, game)
        assert setup.focused is setup.query_one("#players", Select)
        form = setup.query_one("#setup-form", VerticalScroll)
        assert form.scroll_y == 0 and form.max_scroll_y > 0  # the form is longer than 24 rows
        start = setup.active_bindings["f5"].binding
        assert start.show and start.description == "Start" and start.key_display == "F5"


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_a_remote_seat_moves_nothing_under_the_seats(make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=size) as pilot:
        setup = await open_setup(app, pilot, "manni")
        setup.query_one("#setup-form", VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        start = setup.query_one("#start", Button)
        where = start.region  # on the screen, where the mouse is
        assert where.height == 1
        for kind in ("remote", "easy", "human", "remote"):
            setup.query_one("#kind-1", Select).value = kind
            await pilot.pause()
            assert start.region == where, kind
        assert "remote seats" in str(setup.query_one("#seat-note").render())


async def test_names_that_read_as_one_are_refused(make_app) -> None:  # type: ignore[no-untyped-def]
    """ "Ann" and "ANN", or "South" and "Ѕouth" with a Cyrillic S, are one name to the players
    (and to a hosted table, which would leave the joiner who gives it without a seat): the
    setup asks for different names and deals nothing."""
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        setup = await open_setup(app, pilot, "manni")
        setup.query_one("#name-0", Input).value = "South"
        setup.query_one("#name-1", Input).value = "\u0405outh"
        await pilot.press("f5")
        await wait_for(pilot, lambda: bool(app._notifications))
        assert "different name" in next(iter(app._notifications)).message
        assert app.screen is setup


async def test_the_setup_says_how_strong_each_bot_level_is(make_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 36 item 5: under the seats, each level's measured strength, from the ladder."""
    from cardsuite.strength import LEVELS, level_words

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        setup = await open_setup(app, pilot, "mensch")
        said = str(setup.query_one("#bot-strength").render())
        words = level_words("mensch")
        assert set(words) == set(LEVELS)
        for level in LEVELS:
            assert f"{level:<6}  {words[level]}" in said


async def test_another_variant_says_which_variant_the_bots_were_measured_at(make_app) -> None:  # type: ignore[no-untyped-def]
    """The ladder plays each game's own variant: at another (Money's Egyptian game, where
    the medium bot fares otherwise) the strength's heading names the variant measured."""
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        setup = await open_setup(app, pilot, "money")

        def heading() -> str:
            return str(setup.query_one("#bot-strength").render()).splitlines()[0]

        assert heading() == "bots, as measured:"
        setup.query_one("#variant", Select).value = "egyptian"
        await wait_for(pilot, lambda: "variant" in heading(), why=heading)
        assert heading() == "bots, as measured (variant: Jordanian):"
        setup.query_one("#variant", Select).value = "jordanian"
        await wait_for(pilot, lambda: heading() == "bots, as measured:", why=heading)


async def test_the_focus_goes_straight_to_the_first_field(make_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The form's scroll took the focus first and gave it to Players once the rows were
    built: each move restyled the whole form (a fifth of what opening the screen cost)."""
    from textual.screen import Screen

    focused: list[str | None] = []
    real = Screen.set_focus

    def recording(self, widget, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(self, SetupScreen):
            focused.append(None if widget is None else widget.id)
        return real(self, widget, *args, **kwargs)

    monkeypatch.setattr(Screen, "set_focus", recording)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot, "mensch")
        assert setup.focused is setup.query_one("#players", Select)
        assert set(focused) == {"players"}
        assert len(setup.query("#seats Input")) == 4  # the rows are there from the start
