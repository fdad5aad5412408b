"""The ``cardsuite`` command: list, rules, simulate, bench, and (by default) the app.

Textual is imported only on the path that starts the app, so ``--help``, ``list``, ``rules``,
``simulate`` and ``bench`` start fast. Every bad argument is a usage error (exit 2) that says
what is allowed.
"""

from __future__ import annotations

import math
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from . import __version__
from .bots import LEVELS
from .games import UnknownGame, all_games, game_ids, get_game
from .paces import PACES, overview

if TYPE_CHECKING:
    from .engine import Game

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _json(value: Any, indent: int = 2) -> str:
    """JSON output, imported only by the commands that print it (start-up stays short)."""
    import json

    return json.dumps(value, indent=indent)


def _game(value: str) -> Game:
    try:
        return get_game(value)
    except UnknownGame:
        raise click.BadParameter(
            f"no game {value!r}; games: {', '.join(game_ids())}", param_hint="GAME"
        ) from None


def _players_text(game: Game) -> str:
    lo, hi = min(game.players), max(game.players)
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _players(game: Game, players: int | None) -> int:
    """The player count asked for, or 4 where the game allows it (else its smallest)."""
    if players is None:
        players = 4 if 4 in game.players else min(game.players)
    try:
        return game.check_players(players)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--players") from None


def _options(game: Game, variant: str | None, pairs: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """Parse ``--option k=v`` pairs against the variant; usage errors list what is allowed."""
    raw: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"{pair!r} is not key=value", param_hint="--option")
        k, v = pair.split("=", 1)
        raw[k.strip().replace("-", "_")] = v.strip()
    try:
        return game.resolve_options(variant, raw)
    except ValueError as e:
        hint = "--variant" if "variant" in str(e).split(";")[0] else "--option"
        raise click.BadParameter(str(e), param_hint=hint) from None


def _items(text: str | None, param_hint: str, what: str) -> list[str]:
    """A comma-separated list; an empty item (``human,,,``) is a usage error, not a default."""
    if text is None or not text.strip():
        return []
    items = [x.strip() for x in text.split(",")]
    for i, item in enumerate(items):
        if not item:
            raise click.BadParameter(
                f"item {i + 1} of {text!r} is empty; give {what}, comma-separated",
                param_hint=param_hint,
            )
    return items


#: A seat played by another program: ``program:CMD`` (``plain/program.py``).
_PROGRAM = "program:"


def _seat_kinds(text: str | None, what: str) -> list[str]:
    """``--seats``' items, lower-cased but for a program's command (``program:CMD``), whose
    command is checked to be readable (``shlex``): a usage error says why not."""
    kinds = []
    for item in _items(text, "--seats", what):
        if not item.lower().startswith(_PROGRAM):
            kinds.append(item.lower())
            continue
        kind = _PROGRAM + item[len(_PROGRAM) :].strip()
        from .plain.program import command_of

        try:
            command_of(kind)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--seats") from None
        kinds.append(kind)
    return kinds


def _program_time_option(command: Any) -> Any:
    """``--program-time``: how long a program seat may take over a decision."""
    return click.option(
        "--program-time",
        type=Finite(0.01, 3600, "seconds"),
        default=10.0,
        show_default=True,
        help="Seconds a program seat (program:CMD) may take over a decision; later, the"
        " medium bot takes its seat.",
    )(command)


class Finite(click.FloatRange):
    """The type of every float option: a finite number within ``min``..``max`` (Click's
    float ranges let nan through, every comparison with it being false: ``host --standin
    nan`` was taken, and no stand-in ever came). ``unit`` names what it counts, for the
    message."""

    def __init__(self, min: float | None = None, max: float | None = None, unit: str = ""):
        super().__init__(min, max)
        self.unit = unit

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            unit = f" of {self.unit}" if self.unit else ""
            self.fail(f"{value} is not a number{unit}", param, ctx)
        return number


def _seats(text: str, players: int) -> tuple[str, ...]:
    seats = tuple(_seat_kinds(text, "one bot level per seat"))
    bad = [s for s in seats if s not in LEVELS and not s.startswith(_PROGRAM)]
    if bad:
        raise click.BadParameter(
            f"unknown seat kind {bad[0]!r}; kinds: {', '.join(LEVELS)}, program:CMD",
            param_hint="--seats",
        )
    if len(seats) == 1:
        seats = seats * players
    if len(seats) != players:
        raise click.BadParameter(
            f"{len(seats)} seat kinds for {players} players; give one per player (or one for all)",
            param_hint="--seats",
        )
    return seats


def _option_set(*options: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Several click options as one decorator, in the order given (in ``--help`` too)."""

    def apply(command: Any) -> Any:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


#: The options that deal a table (``play`` and ``host``): names, variant, options, seed.
_deal_options = _option_set(
    click.option("--names", default=None, help="Seat names, comma-separated."),
    click.option("--variant", "-v", default=None, help="Variant id (see `cardsuite list`)."),
    click.option("--option", "-o", "opts", multiple=True, metavar="K=V", help="A game option."),
    click.option("--seed", type=int, default=None, help="Deal a particular game."),
)
#: How a table looks and moves (``play`` and ``host``): theme, card style, pace.
_look_options = _option_set(
    click.option("--theme", default=None, help="Colour theme (remembered)."),
    click.option("--ascii/--unicode", "ascii_", default=None, help="Suits as letters S H D C."),
    click.option("--pace", type=click.Choice(PACES), default=None, help=overview()),
)


@click.group(invoke_without_command=True, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="cardsuite")
@click.option("--theme", default=None, help="Colour theme (remembered), e.g. felt.")
@click.option("--ascii/--unicode", "ascii_", default=None, help="Suits as letters S H D C.")
@click.pass_context
def main(ctx: click.Context, theme: str | None, ascii_: bool | None) -> None:
    """cardsuite: Money, Manni, Twenty-Two, Mensch and African Casino in your terminal.

    With no command, opens the game picker.
    """
    _check_theme(theme)  # for every command, not only the app: a typo is never ignored
    _check_rules_env()
    ctx.ensure_object(dict)
    ctx.obj.update(theme=theme, ascii=ascii_)
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


def _check_rules_env() -> None:
    """``CARDSUITE_RULES`` chooses the rules every game runs on; a value it does not know
    would otherwise be ignored without a word (and the kernel used)."""
    from .engine import RULES_ENV

    value = os.environ.get(RULES_ENV)
    if value not in (None, "", "kernel", "reference"):
        raise click.UsageError(
            f"{RULES_ENV}={value!r} is not known: 'reference' plays every game on its"
            " readable rules, 'kernel' (the default) on its fast ones"
        )


def _check_theme(theme: str | None) -> None:
    if theme is None:
        return
    from textual.app import App

    from .ui.themes import load_themes

    names = sorted(set(load_themes()[0]) | set(App().available_themes))
    if theme not in names:
        raise click.BadParameter(
            f"no theme {theme!r}; themes: {', '.join(names)}", param_hint="--theme"
        )


#: The plain text mode's options (``play --plain``, ``plain``): how cards are said.
_plain_look = _option_set(
    click.option("--symbols", is_flag=True, help="Plain text: cards as symbols (Q♥), not words."),
    click.option("--color", is_flag=True, help="Plain text: the red suits in colour."),
)
_plain_options = _option_set(
    click.option(
        "--plain",
        is_flag=True,
        help="Play in plain text, a line at a time (screen readers, braille, pipes).",
    ),
    _plain_look,
)


@main.command()
@click.argument("game", required=False)
@click.option("--players", "-p", type=int, default=None, help="Number of players.")
@click.option(
    "--seats",
    "-s",
    default=None,
    help=f"Per seat: human or a bot level ({', '.join(LEVELS)}), comma-separated; one for"
    " every seat (default: you and medium bots). With --plain, program:CMD seats a program"
    " of yours (docs/program-seat.md).",
)
@_deal_options
@_look_options
@click.option(
    "--position",
    "position_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start from a position: the game's JSON (see its rules module), e.g. a puzzle.",
)
@_plain_options
@_program_time_option
@click.pass_context
def play(
    ctx: click.Context,
    game: str | None = None,
    players: int | None = None,
    seats: str | None = None,
    names: str | None = None,
    variant: str | None = None,
    opts: Sequence[str] = (),
    seed: int | None = None,
    theme: str | None = None,
    ascii_: bool | None = None,
    pace: str | None = None,
    position_file: str | None = None,
    plain: bool = False,
    symbols: bool = False,
    color: bool = False,
    program_time: float = 10.0,
) -> None:
    """Play GAME at the table (or open the picker without one).

    With --plain, play it in plain text instead, a line at a time: for screen readers,
    braille displays and pipes (`cardsuite plain` chooses the game and its setup there).
    """
    _check_theme(theme)  # the group's own --theme was checked there
    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    theme = theme or parent.get("theme")
    ascii_ = ascii_ if ascii_ is not None else parent.get("ascii")
    if plain or symbols or color:
        _play_plain(
            game,
            players,
            seats,
            names,
            variant,
            opts,
            seed,
            position_file,
            ascii_,
            pace,
            plain,
            symbols,
            color,
            program_time,
        )
        return
    if seats is not None and _PROGRAM in seats.lower():
        raise click.BadParameter(
            "a program plays a seat in plain text: add --plain (or use cardsuite simulate)",
            param_hint="--seats",
        )
    start = None
    if position_file is not None and game is None:
        raise click.BadParameter("name the game too: cardsuite play GAME --position FILE")
    if game is not None:
        g = _game(game)
        position, players, variant = _position_start(
            g, position_file, players, variant, bool(opts), seed
        )
        start = _start_request(g, players, seats, names, variant, opts, seed)
        if position is not None:
            start.position = position
            start.options = dict(position.get("options") or {})
    from .ui import app as ui_app

    ui_app.run_app(start=start, theme=theme, ascii=ascii_, pace=pace)


#: A hand-written position is a few kilobytes; refuse anything far bigger unread.
_MAX_POSITION_BYTES = 4 * 1024 * 1024


#: No number in a position has more digits (the generator's words have ten).
_MAX_DIGITS = 40


def _position_start(
    g: Game,
    position_file: str | None,
    players: int | None,
    variant: str | None,
    options: bool,
    seed: int | None,
) -> tuple[dict[str, Any] | None, int | None, str | None]:
    """``--position``'s position (None without one) and the players and variant it fixes;
    the app's table and plain text check it alike: a position has its own variant, options
    and cards, and its own number of players."""
    if position_file is None:
        return None, players, variant
    if variant is not None or options or seed is not None:
        raise click.BadParameter(
            "a position has its own variant, options and cards: leave out"
            " --variant, --option and --seed",
            param_hint="--position",
        )
    position, n = _read_position(g, position_file)
    if players is not None and players != n:
        raise click.BadParameter(
            f"the position is for {n} players, not {players}", param_hint="--players"
        )
    return position, n, str(position["variant"])


def _read_position(g: Game, file: str) -> tuple[dict[str, Any], int]:
    """The position in ``file`` for game ``g``, checked as a save is (``from_json``: the
    pack exactly, nothing the rules could not reach) and playable (someone to move who can
    move); a usage error says what is wrong, and nothing starts."""
    from .files import BadJSON, TooLarge, parse_json, read_file
    from .positions import playable

    def bad(why: str) -> click.BadParameter:
        return click.BadParameter(f"{file}: {why}", param_hint="--position")

    try:
        raw = read_file(file, _MAX_POSITION_BYTES)  # a regular file only, bounded
    except TooLarge:
        raise bad("too large for a position") from None
    except FileNotFoundError:
        raise bad("there is no such file") from None
    except OSError as e:
        raise bad(f"cannot be read ({e.strerror})") from None
    try:
        data = parse_json(raw, max_digits=_MAX_DIGITS)
    except BadJSON as e:
        raise bad(f"{e}") from None
    if not isinstance(data, dict):
        raise bad("a position is a JSON object, {...}")
    try:
        state = g.from_json(data)
    except ValueError as e:
        raise bad(str(e)) from None
    why = playable(state)
    if why is not None:
        raise bad(why)
    return data, len(state.scores())


def _play_plain(
    game: str | None,
    players: int | None,
    seats: str | None,
    names: str | None,
    variant: str | None,
    opts: Sequence[str],
    seed: int | None,
    position_file: str | None,
    ascii_: bool | None,
    pace: str | None,
    plain: bool,
    symbols: bool,
    color: bool,
    program_time: float = 10.0,
) -> None:
    """``play GAME --plain``: the same checks as the table's, then the game in plain text
    (``plain/``; Money's race in ``plain/race.py``)."""
    if not plain:
        raise click.BadParameter("--symbols and --color are for --plain", param_hint="--plain")
    if game is None:
        raise click.BadParameter("name the game: cardsuite play GAME --plain (or cardsuite plain)")
    g = _game(game)
    if g.realtime and seats is not None and _PROGRAM in seats.lower():
        raise click.BadParameter(
            f"{g.name}'s race is timed: a program cannot play it", param_hint="--seats"
        )
    position, players, variant = _position_start(
        g, position_file, players, variant, bool(opts), seed
    )
    fields = _start_fields(g, players, seats, names, variant, opts, seed)
    from .plain.run import Look, new_match, run_play

    match = new_match(*fields, position=position)
    from .plain.program import programs

    for bot in programs(match.bots).values():
        bot.limit = program_time
    look = Look(symbols=symbols, ascii=bool(ascii_), color=color, pace=pace)
    sys.exit(run_play(match, look))


@main.command(short_help="Play in plain text: choose a game and its setup line by line.")
@_plain_look
@click.option("--ascii/--unicode", "ascii_", default=None, help="Suits as letters S H D C.")
@click.option("--pace", type=click.Choice(PACES), default=None, help=overview())
@click.pass_context
def plain(
    ctx: click.Context, symbols: bool, color: bool, ascii_: bool | None, pace: str | None
) -> None:
    """A game in plain text, a line at a time, for screen readers, braille displays and
    pipes: numbered games, the setup asked line by line, or a saved game resumed."""
    from .plain.run import Look, run_picker

    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    ascii_ = ascii_ if ascii_ is not None else parent.get("ascii")
    sys.exit(run_picker(Look(symbols=symbols, ascii=bool(ascii_), color=color, pace=pace)))


def _start_request(
    g: Game,
    players: int | None,
    seats: str | None,
    names: str | None,
    variant: str | None,
    opts: Sequence[str],
    seed: int | None,
    allowed: Sequence[str] | None = None,
    default_others: str = "medium",
) -> Any:
    from .ui.app import StartRequest

    return StartRequest(
        *_start_fields(g, players, seats, names, variant, opts, seed, allowed, default_others)
    )


def _start_fields(
    g: Game,
    players: int | None,
    seats: str | None,
    names: str | None,
    variant: str | None,
    opts: Sequence[str],
    seed: int | None,
    allowed: Sequence[str] | None = None,
    default_others: str = "medium",
) -> tuple[str, list[Any], str, dict[str, Any], int | None]:
    """What a table is dealt with, checked (usage errors say what is allowed): the game's id,
    the seats, the variant, its options and the seed."""
    from .match import REMOTE, SEAT_KINDS, SeatSpec

    programs_ok = allowed is None
    if allowed is None:  # `play`: people at this keyboard, bots, programs
        allowed = [k for k in SEAT_KINDS if k != REMOTE]
    kinds = _seat_kinds(seats, "human or a bot level per seat")
    if players is None:
        players = len(kinds) if len(kinds) > 1 else None
    n = _players(g, players)
    if not kinds:
        kinds = ["human"] + [default_others] * (n - 1)
    elif len(kinds) == 1:
        kinds = kinds * n
    bad = [k for k in kinds if k not in allowed and not (programs_ok and k.startswith(_PROGRAM))]
    if bad:
        also = ", program:CMD" if programs_ok else ""
        raise click.BadParameter(
            f"unknown seat kind {bad[0]!r}; kinds: {', '.join(allowed)}{also}",
            param_hint="--seats",
        )
    if len(kinds) != n:
        raise click.BadParameter(
            f"{len(kinds)} seat kinds for {n} players; give one per player", param_hint="--seats"
        )
    given = _items(names, "--names", "a name per seat")
    defaults = list(g.names_for(n))
    seat_names = given + defaults[len(given) :]
    from .remote.protocol import name_key  # (pure: no terminal library)

    if len(given) > n:
        raise click.BadParameter(f"give {n} different names", param_hint="--names")
    seen: dict[str, str] = {}
    for name in seat_names[:n]:
        key = name_key(name)  # (capitals and letters that look alike read as one)
        if key in seen:
            raise click.BadParameter(
                f"{seen[key]!r} and {name!r} read as the same name: give {n} different names",
                param_hint="--names",
            )
        seen[key] = name
    variant_id, options = _options(g, variant, opts)
    return (
        g.id,
        [SeatSpec(k, nm) for k, nm in zip(kinds, seat_names, strict=False)],
        variant_id,
        options,
        seed,
    )


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (the browser's address ends with it).",
)
@click.option(
    "--public",
    is_flag=True,
    help="Allow a host other than this machine (anyone who can reach it plays as you).",
)
@click.option(
    "--max-sessions",
    type=click.IntRange(1, 64),
    default=4,
    show_default=True,
    help="Browser tabs at once (each runs cardsuite); one more is told to close one.",
)
def serve(host: str, port: int, public: bool, max_sessions: int) -> None:
    """Serve the app to a web browser (one app per browser tab).

    Each tab runs the app with your rights on this machine, so only this machine may connect
    unless you pass --public, and only this server's own page may start one (a page on
    another site, or reaching this machine by another site's name, is refused)."""
    loopback = _listen_check(
        host,
        port,
        public,
        "each browser tab runs cardsuite with your rights here",
        f"serving on {{}}: anyone who can reach port {port} gets a cardsuite running with"
        " your rights on this machine.",
        "serve",
    )
    import shlex
    import socket

    from .web.serve import CardsuiteServer

    command = f"{shlex.quote(sys.executable)} -m cardsuite"
    # The names a browser may reach it by, beyond IP addresses and localhost: beyond this
    # machine, its own name too.
    names = [] if loopback else [socket.gethostname(), socket.getfqdn()]
    shown = host if loopback else _reachable_address(host)
    shown = f"[{shown}]" if ":" in shown else shown
    click.echo(f"cardsuite in your browser: http://{shown}:{port}  (ctrl+c stops)")
    server = CardsuiteServer(command, host=host, port=port, names=names, max_sessions=max_sessions)
    server.serve()


@main.command(short_help="Host GAME for players at other terminals.")
@click.argument("game")
@click.option("--players", "-p", type=int, default=None, help="Number of players.")
@click.option(
    "--seats",
    "-s",
    default=None,
    help="Per seat: human (you, here), remote (joins from elsewhere) or a bot level"
    f" ({', '.join(LEVELS)}), comma-separated (default: you, and remote seats).",
)
@_deal_options
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="Port to listen on (0: any free one); it is part of the address players join.",
)
@click.option(
    "--public",
    is_flag=True,
    help="Allow a host other than this machine (anyone who can reach it and has the secret"
    " can take a seat).",
)
@click.option(
    "--standin",
    type=Finite(1, 3600, "seconds"),
    default=60.0,
    show_default=True,
    help="Seconds a player who dropped keeps the seat before a bot moves for them.",
)
@click.option(
    "--max-watchers",
    type=click.IntRange(0, 1000),
    default=20,
    show_default=True,
    help="Spectators the table takes at most (joining with --watch).",
)
@_look_options
@click.pass_context
def host(
    ctx: click.Context,
    game: str,
    players: int | None,
    seats: str | None,
    names: str | None,
    variant: str | None,
    opts: Sequence[str],
    seed: int | None,
    host: str,
    port: int,
    public: bool,
    standin: float,
    max_watchers: int,
    theme: str | None,
    ascii_: bool | None,
    pace: str | None,
) -> None:
    """Host GAME for players at other terminals: they join with `cardsuite join ADDRESS`.

    Your own seat (human) plays here; remote seats are taken by whoever joins with the
    table's secret, which is shown when the table opens. The table opens as a waiting room
    and deals once every remote seat is taken (or when you start early, bots taking the
    empty seats), fairly: from your commitment, shown first, and the joiners' own salts.
    Only this machine may connect unless you pass --public."""
    from .match import HUMAN, REMOTE, SEAT_KINDS

    _check_theme(theme)
    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    g = _game(game)
    if seed is not None:  # (``fair.py``: the host commits before any joiner's salt comes)
        raise click.BadParameter(
            "a hosted table is dealt fairly, from the host's commitment and the joiners'"
            " salts: no --seed chooses it",
            param_hint="--seed",
        )
    if g.realtime and seats is None:
        seats = "human,remote"
    start = _start_request(
        g, players, seats, names, variant, opts, seed, allowed=SEAT_KINDS, default_others=REMOTE
    )
    start.seats = _table_names(start.seats)
    kinds = [s.kind for s in start.seats]
    if kinds.count(HUMAN) > 1:
        raise click.BadParameter(
            "one seat is yours (human); the others join from their own terminals (remote)",
            param_hint="--seats",
        )
    if REMOTE not in kinds:
        raise click.BadParameter(
            "no seat is remote: nobody could join (use `cardsuite play` for a game here)",
            param_hint="--seats",
        )
    loopback = _listen_check(
        host,
        port,
        public,
        "anyone who can reach it and has the table's secret can take a seat",
        f"hosting on {{}}: anyone who can reach port {port} and has the table's secret can"
        " take a seat at your table.",
        "host",
    )
    shown = host if loopback else _reachable_address(host)
    from .ui import app as ui_app
    from .ui.remote_start import HostRequest

    req = HostRequest(
        start,
        host=host,
        port=port,
        shown_host=shown,
        standin_after=standin,
        max_watchers=max_watchers,
    )
    ui_app.run_app(
        start=req,
        theme=theme or parent.get("theme"),
        ascii=ascii_ if ascii_ is not None else parent.get("ascii"),
        pace=pace,
    )


def _table_names(seats: Sequence[Any]) -> list[Any]:
    """A hosted table's seat names as every player will see them (``clean_name``), each
    its own: names that read the same (``SOUTH`` and ``South``, a Cyrillic ``Ѕ``) would
    leave a joiner who gives that name no seat."""
    from .match import SeatSpec
    from .remote.protocol import name_key
    from .remote.server import clean_name

    cleaned = [SeatSpec(s.kind, clean_name(s.name)) for s in seats]
    seen: dict[str, str] = {}
    for raw, seat in zip(seats, cleaned, strict=True):
        if not seat.name:
            raise click.BadParameter(f"{raw.name!r} has no letters to show", param_hint="--names")
        key = name_key(seat.name)
        if key in seen:
            raise click.BadParameter(
                f"{seen[key]!r} and {raw.name!r} read as the same name: give each seat its own",
                param_hint="--names",
            )
        seen[key] = seat.name
    return cleaned


def _listen_check(host: str, port: int, public: bool, risk: str, warning: str, verb: str) -> bool:
    """Before ``serve`` or ``host`` listens: a usage error unless ``host`` is this machine
    only or ``public`` allows more (``risk`` says what that hands out), or if the port is
    taken (port 0: any free one); the ``warning`` (``{}``: the addresses) goes to stderr
    when it is public. True when only this machine can connect."""
    from .serve_check import ServeError, check_free, resolve

    try:
        bind = resolve(host, port)
        if not bind.loopback and not public:
            raise click.UsageError(
                f"--host {host} can be reached from other machines: {risk}. Pass --public to"
                " allow that, or use --host 127.0.0.1 (the default) for this machine only."
            )
        if port:
            check_free(bind)
    except ServeError as e:
        raise click.UsageError(str(e).replace("cannot serve", f"cannot {verb}")) from None
    if not bind.loopback:
        click.secho(f"Warning: {warning.format(', '.join(bind.addresses))}", fg="yellow", err=True)
    return bind.loopback


def _reachable_address(host: str) -> str:
    """The address to give the others: ``host`` itself, or for a wildcard (0.0.0.0, ::) the
    address this machine uses towards the network."""
    import socket

    if host not in ("0.0.0.0", "::", ""):
        return host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # no packet is sent
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@main.command(short_help="Join a table hosted with `cardsuite host`.")
@click.argument("address")
@click.option("--name", default="", help="Your name at the table.")
@click.option("--watch", is_flag=True, help="Watch the table (the public view only).")
@click.option("--seat", type=click.IntRange(1, 12), default=None, help="Ask for this seat.")
@click.option("--theme", default=None, help="Colour theme (remembered).")
@click.option("--ascii/--unicode", "ascii_", default=None, help="Suits as letters S H D C.")
@click.pass_context
def join(
    ctx: click.Context,
    address: str,
    name: str,
    watch: bool,
    seat: int | None,
    theme: str | None,
    ascii_: bool | None,
) -> None:
    """Join a table someone hosts: ADDRESS is what `cardsuite host` shows, e.g.
    127.0.0.1:8765/4kq9-tz2m."""
    from .remote.protocol import parse_address
    from .remote.server import clean_name

    _check_theme(theme)
    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    try:
        where = parse_address(address)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="ADDRESS") from None
    if watch and seat is not None:
        raise click.BadParameter("a spectator takes no seat: leave out --seat", param_hint="--seat")
    if name and not clean_name(name):
        raise click.BadParameter("give a name with letters in it", param_hint="--name")
    from .ui import app as ui_app
    from .ui.remote_start import JoinRequest

    req = JoinRequest(where, clean_name(name), watch, None if seat is None else seat - 1)
    ui_app.run_app(
        start=req,
        theme=theme or parent.get("theme"),
        ascii=ascii_ if ascii_ is not None else parent.get("ascii"),
    )


@main.command()
@click.option("--out", type=click.Path(file_okay=False), default="screenshots", show_default=True)
@click.option(
    "--png/--no-png",
    default=True,
    show_default=True,
    help="Also convert to PNG (needs rsvg-convert).",
)
def screenshots(out: str, png: bool) -> None:
    """Regenerate the README screenshots from seeded games."""
    from .ui.screenshots import FolderError, take_screenshots

    if png and shutil.which("rsvg-convert") is None:  # said first: the pictures take a while
        click.echo(
            "No PNGs: rsvg-convert is not installed (it comes with librsvg, e.g. the"
            " librsvg2-bin package); writing the SVGs only.",
            err=True,
        )
        png = False
    try:
        paths = take_screenshots(out, png=png)
    except FolderError as e:  # found before any picture is taken
        raise click.BadParameter(str(e), param_hint="'--out'") from None
    except OSError as e:  # the disk filled up, or the folder went, on the way
        where = f" ({e.filename})" if e.filename else ""
        raise click.ClickException(f"the screenshots stopped: {e.strerror or e}{where}") from None
    for path in paths:
        click.echo(path)


@main.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_games(as_json: bool) -> None:
    """List the games with their players, variants and options."""
    games = all_games()
    if as_json:
        out = [
            {
                "id": g.id,
                "name": g.name,
                "players": list(g.players),
                "summary": g.summary,
                "levels": _levels_json(g.id),
                "variants": {
                    vid: {
                        "name": v.name,
                        "summary": v.summary,
                        "options": {
                            o.id: {"default": o.default, "values": o.describe()} for o in v.options
                        },
                    }
                    for vid, v in g.variants.items()
                },
            }
            for g in games
        ]
        click.echo(_json(out, indent=2))
        return
    # Every game's variant and option lines share one column for their words, just past
    # the longest variant id (hornafjardarmanni); a longer label (an option's settings) has
    # its words on the next line. The words wrap at the terminal's width, under their column.
    rows = {g.id: _list_rows(g) for g in games}
    column = 2 + max(len(f"    variant {vid}") for g in games for vid in g.variants)
    width = max(60, min(shutil.get_terminal_size().columns, 100))

    def wrap(text: str, indent: int) -> list[str]:
        return textwrap.wrap(text, width - indent, break_on_hyphens=False) or [""]

    for g in games:
        indent = len(g.id) + 2
        head = wrap(f"{g.name}, {_players_text(g)} players. {g.summary}", indent)
        click.secho(g.id, bold=True, nl=False)
        click.echo("  " + head[0])
        for line in head[1:]:
            click.echo(" " * indent + line)
        for label, words in rows[g.id]:
            lines = wrap(words, column)
            if len(label) + 2 > column:
                click.echo(label)
                first = " " * column
            else:
                first = label.ljust(column)
            click.echo(first + lines[0])
            for line in lines[1:]:
                click.echo(" " * column + line)


def _levels_json(game_id: str) -> dict[str, dict[str, Any]]:
    """``cardsuite list --json``'s bot levels: each one's ladder rung and its words."""
    from .strength import measures  # json and the package's data: not for `--help`

    return {
        level: {
            "against": m.below,
            "players": m.players,
            "games": m.games,
            "win_share": m.share,
            "win_share_ci": m.share_ci,
            "edge": m.edge,
            "edge_ci": m.edge_ci,
            "unit": m.unit,
            "words": m.words(),
        }
        for level, m in measures().get(game_id, {}).items()
    }


def _list_rows(g: Game) -> list[tuple[str, str]]:
    """``cardsuite list``'s lines for one game: (label, words), variants, options, then
    each bot level's measured strength."""
    from .strength import level_words

    out = [(f"    variant {vid}", v.summary) for vid, v in g.variants.items()]
    # every option once, with the variants that have it when not all do (Manni's options
    # are Trjámann's own)
    having: dict[str, tuple[Any, list[str]]] = {}
    for vid, v in g.variants.items():
        for o in v.options:
            having.setdefault(o.id, (o, []))[1].append(vid)
    for o, vids in having.values():
        where = "" if len(vids) == len(g.variants) else f" ({', '.join(vids)} only)"
        out.append((f"    option  {o.id}={o.describe()}", f"{o.help}{where}"))
    out += [(f"    level   {level}", words) for level, words in level_words(g.id).items()]
    return out


@main.command(
    help=f"Show the rules of GAME (paged when long). GAME is one of: {', '.join(game_ids())}.",
    short_help="Show the rules of GAME (paged when long).",
)
@click.argument("game")
@click.option("--no-pager", is_flag=True, help="Print straight to the terminal.")
def rules(game: str, no_pager: bool) -> None:
    g = _game(game)
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    if no_pager or not console.is_terminal:
        console.print(Markdown(g.help_text()))
        return
    # Laid out at the terminal's width, at word boundaries, then paged by Click: it gives
    # `less` the -R it needs to show colours (when LESS does not decide otherwise), and
    # hands any other pager, or a `less` told not to, plain text. Rich's own pager sent the
    # escape codes to every pager, and `less` without -R printed them as text ("ESC[1m"),
    # longer than the line, so it broke the words where the line overflowed.
    with console.capture() as capture:
        console.print(Markdown(g.help_text()))
    text = capture.get()
    if text.count("\n") < console.height:
        click.echo(text, nl=False, color=True)
    else:
        click.echo_via_pager(text)


def _say_programs(summary: Any) -> None:
    """Each program seat of a ``simulate`` run: its command, and in how many games the
    medium bot took its seat (with the first reason)."""
    for row in summary.entries:
        if not row.level.startswith(_PROGRAM):
            continue
        line = f"{row.entry + 1}. {row.level}: "
        if row.replaced:
            line += (
                f"replaced by the medium bot in {row.replaced} of {row.games} games"
                f" (first: {row.replaced_why}); its figures include the medium bot's play"
            )
        else:
            line += f"played all {row.games} games itself"
        click.echo(line)


def _jobs_option(help_text: str) -> Callable[[Any], Any]:
    """``--jobs``/``-j``, worker processes, as ``simulate`` and ``bench --strength`` take it."""
    return click.option(
        "--jobs", "-j", type=click.IntRange(1), default=1, show_default=True, help=help_text
    )


@main.command(short_help="Bots play GAME against each other: wins and scores.")
@click.argument("game")
@click.option("--players", "-p", type=int, default=None, help="Number of players.")
@click.option("--variant", "-v", default=None, help="Variant id (see `cardsuite list`).")
@click.option("--option", "-o", "opts", multiple=True, metavar="K=V", help="A game option.")
@click.option(
    "--seats",
    "-s",
    default="medium",
    show_default=True,
    help=f"Bot level per seat, comma-separated ({', '.join(LEVELS)}); one for all seats;"
    " program:CMD seats a program of yours (docs/program-seat.md).",
)
@click.option("--games", "-n", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@_jobs_option("Worker processes (results do not depend on it).")
@click.option(
    "--hard-iterations",
    type=click.IntRange(1),
    default=None,
    help="Iteration cap for hard bots (default: the bot's own).",
)
@click.option(
    "--hard-budget",
    type=Finite(0.01, 60, "seconds"),
    default=None,
    help="Time budget per decision for hard bots, in seconds (0.01-60).",
)
@click.option(
    "--all-seeing",
    is_flag=True,
    help="Hard bots see every hand, and search what nobody has seen (a stock's order, the"
    " deals to come) dealt again: a yardstick for what not reading the table costs.",
)
@click.option(
    "--omniscient",
    is_flag=True,
    help="Hard bots search the true deal itself, the stock's order included (the yardstick"
    " before issue 36).",
)
@click.option("--no-rotate", is_flag=True, help="Keep each level in its seat every game.")
@click.option(
    "--duplicate",
    is_flag=True,
    help="Play every deal from each seat in turn, so the cards' luck cancels"
    " (--games a multiple of the players).",
)
@click.option(
    "--records",
    "records_dir",
    type=click.Path(file_okay=False, writable=True),
    default=None,
    help="Write each game's record into this folder (made if missing).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_program_time_option
def simulate(
    game: str,
    players: int | None,
    variant: str | None,
    opts: Sequence[str],
    seats: str,
    games: int,
    seed: int,
    jobs: int,
    hard_iterations: int | None,
    hard_budget: float | None,
    all_seeing: bool,
    omniscient: bool,
    no_rotate: bool,
    duplicate: bool,
    records_dir: str | None,
    as_json: bool,
    program_time: float = 10.0,
) -> None:
    """Self-play GAME between bots: wins and scores with 95% confidence intervals.

    A seat may be a program of your own (program:CMD, docs/program-seat.md): it plays over
    JSON lines, and is replaced by the medium bot if it fails (counted in the results)."""
    from .simulate import GameSpec, available_cores
    from .simulate import simulate as run_simulation

    g = _game(game)
    given = _items(seats, "--seats", "one bot level per seat")
    if players is None and len(given) > 1:
        players = len(given)
    n = _players(g, players)
    variant_id, options = _options(g, variant, opts)
    kinds = _seats(seats, n)
    if g.realtime and any(k.startswith(_PROGRAM) for k in kinds):
        raise click.BadParameter(
            f"{g.name}'s race is timed: a program cannot play it", param_hint="--seats"
        )
    hard: dict[str, Any] = {}
    if hard_iterations is not None:
        hard["iterations"] = hard_iterations
    if hard_budget is not None:
        hard["time_budget"] = hard_budget
    seeing = "cards" if omniscient else "hands" if all_seeing else ""
    if seeing:
        if "hard" not in kinds:
            hint = "--omniscient" if omniscient else "--all-seeing"
            raise click.BadParameter("needs a hard seat in --seats", param_hint=hint)
        hard["all_seeing"] = seeing
    if duplicate and no_rotate:
        raise click.BadParameter("a duplicate run rotates the seats", param_hint="--no-rotate")
    if duplicate and games % n:
        raise click.BadParameter(
            f"with --duplicate, a multiple of the {n} players (each deal is played {n} times)",
            param_hint="--games",
        )
    if records_dir is not None:
        from pathlib import Path

        try:
            Path(records_dir).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise click.BadParameter(
                f"cannot make the folder {records_dir}: {e.strerror}", param_hint="--records"
            ) from None
    spec = GameSpec(
        g.id,
        n,
        variant_id,
        options,
        kinds,
        {"hard": hard},
        rotate=not no_rotate,
        duplicate=duplicate,
        records=records_dir,
        program_time=program_time,
    )
    cores = available_cores()
    if jobs > cores:
        click.echo(
            f"--jobs {jobs}: this machine gives cardsuite {cores} cores; using {cores}.", err=True
        )
        jobs = cores
    if games >= 20 and not as_json and sys.stderr.isatty():
        with click.progressbar(length=games, label="playing", file=sys.stderr) as bar:
            summary = run_simulation(spec, games, seed, jobs, progress=bar.update)
    else:
        summary = run_simulation(spec, games, seed, jobs)
    if as_json:
        click.echo(_json(summary.to_json(), indent=2))
        return
    click.echo(
        f"{g.name}, {n} players, variant {variant_id}"
        f"{_options_note(g, variant_id, options)}: {summary.games} games, seed {seed}"
        + {"hands": " (hard bots all-seeing)", "cards": " (hard bots omniscient)"}.get(seeing, "")
        + (f", duplicate: {summary.games // n} sets of the same cards" if duplicate else "")
    )
    low = " (lower is better)" if g.low_score_wins else ""
    click.echo(f"{'seat':<12}{'wins':>8}{'win rate':>18}{'mean ' + g.score_label:>28}{low}")
    for row in summary.entries:
        label = f"{row.entry + 1}. {row.level.split(':', 1)[0]}"
        click.echo(
            f"{label:<12}{row.wins:>8.1f}{row.win_rate * 100:>10.1f}% ±{row.win_ci * 100:4.1f}"
            f"{row.mean_score:>20.2f} ±{row.score_ci:.2f}"
        )
    _say_programs(summary)
    click.echo(
        f"{summary.hands} deals in {summary.seconds:.1f} s:"
        f" {summary.hands_per_second:,.0f} deals per second"
        + (f" ({jobs} processes)" if jobs > 1 else "")
    )


def _options_note(game: Game, variant: str, options: Mapping[str, Any]) -> str:
    defaults = game.variants[variant].defaults()
    changed = [f"{k}={v}" for k, v in options.items() if defaults.get(k) != v]
    return f" ({', '.join(changed)})" if changed else ""


@main.command(short_help="Time play-outs and bot thinking for GAMES.")
@click.argument("games", nargs=-1)
@click.option(
    "--seconds",
    type=Finite(0.1, 3600, "seconds"),
    default=3.0,
    show_default=True,
    help="How long to run the random play-outs of each game (0.1-3600).",
)
@click.option(
    "--decisions",
    type=click.IntRange(1),
    default=200,
    show_default=True,
    help="Bot decisions timed per level (hard: a quarter of it).",
)
@click.option("--players", "-p", type=int, default=None, help="Players (default: 4 if allowed).")
@click.option(
    "--variant", "-v", default=None, help="Variant id (default: each game's own default)."
)
@click.option(
    "--strength",
    is_flag=True,
    help="Play the strength ladder instead: random < easy < medium < hard, duplicate deals,"
    " and the share of the gap to an all-seeing hard bot that hard closes.",
)
@click.option(
    "--omniscient",
    is_flag=True,
    help="With --strength: also the gap to a hard bot that sees every card where it lies"
    " (the stock's order too), beside the all-seeing one (every hand).",
)
@click.option(
    "--sets",
    type=click.IntRange(2),
    default=25,
    show_default=True,
    help="With --strength: sets of the same cards per rung (each played from every seat).",
)
@click.option(
    "--iterations",
    type=click.IntRange(1),
    default=None,
    help="With --strength or --ratings: the hard bot's iterations a search (default: 200;"
    " with --ratings, 50).",
)
@click.option(
    "--ratings",
    "calibration",
    is_flag=True,
    help="Rate the bot levels instead: they play each other and their ratings become the"
    " anchors players are rated against (written to the data folder, or --out).",
)
@click.option(
    "--games",
    "rated_games",
    type=click.IntRange(1),
    default=120,
    show_default=True,
    help="With --ratings: games a game.",
)
@click.option(
    "--levels",
    default=",".join(LEVELS),
    show_default=True,
    help="With --ratings: the bot levels that play, comma-separated (two or more).",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="With --ratings: the anchors file to merge into (default: the data folder's).",
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="With --strength or --ratings: the seed."
)
@_jobs_option("With --strength: worker processes (results do not depend on it).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def bench(
    games: Sequence[str],
    seconds: float,
    decisions: int,
    players: int | None,
    variant: str | None,
    strength: bool,
    omniscient: bool,
    sets: int,
    iterations: int | None,
    calibration: bool,
    rated_games: int,
    levels: str,
    out: str | None,
    seed: int,
    jobs: int,
    as_json: bool,
) -> None:
    """Measure play-out speed and bot thinking time for GAMES (default: all); with
    --strength, how strong each bot level is; with --ratings, the bot levels' ratings."""
    from .bench import bench_game

    chosen = [_game(x) for x in games] if games else all_games()
    if calibration:
        _alone(strength or players is not None or variant is not None)
        _calibrate(chosen, rated_games, _levels(levels), iterations or 50, seed, out, as_json)
        return
    if strength:
        _strength(chosen, players, variant, sets, iterations, seed, jobs, as_json, omniscient)
        return
    for g in chosen:
        if variant is not None and variant not in g.variants:
            raise click.BadParameter(
                f"{g.name} has no variant {variant!r}; variants: {', '.join(g.variants)}",
                param_hint="--variant",
            )
    reports = []
    for g in chosen:
        n = _players(g, players)
        report = bench_game(g, n, seconds=seconds, decisions=decisions, variant=variant)
        reports.append(report)
        if not as_json:
            click.echo(report.text())
    if as_json:
        click.echo(_json([r.to_json() for r in reports], indent=2))


def _strength(
    chosen: Sequence[Game],
    players: int | None,
    variant: str | None,
    sets: int,
    iterations: int | None,
    seed: int,
    jobs: int,
    as_json: bool,
    omniscient: bool = False,
) -> None:
    """``bench --strength``: the ladder of every game chosen (``ladder.py``)."""
    from . import ladder

    if players is not None or variant is not None:
        raise click.UsageError(
            "--strength plays each game at its ladder's players and default variant: "
            + ", ".join(f"{g} {n}p" for g, n in ladder.PLAYERS.items())
            + "; leave out --players and --variant"
        )
    jobs = min(jobs, _cores(jobs))
    done = []
    for g in chosen:
        total = sets * ladder.PLAYERS[g.id] * (len(ladder.RUNGS) + 1 + omniscient)
        its = iterations or ladder.ITERATIONS
        if not as_json and sys.stderr.isatty():
            with click.progressbar(length=total, label=g.name, file=sys.stderr) as bar:
                lad = ladder.ladder(g.id, sets, seed, jobs, its, bar.update, omniscient)
        else:
            lad = ladder.ladder(g.id, sets, seed, jobs, its, omniscient=omniscient)
        done.append(lad)
    if as_json:
        click.echo(_json([lad.to_json() for lad in done], indent=2))
    else:
        click.echo(ladder.text(done))


def _alone(others: bool) -> None:
    """``bench --ratings`` takes none of the other runs' options."""
    if others:
        raise click.UsageError(
            "--ratings plays each game at its ladder's players and default variant: "
            "leave out --strength, --players and --variant"
        )


def _levels(text: str) -> list[str]:
    """``--levels``: two or more different bot levels, in the ladder's order."""
    chosen = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in chosen if x not in LEVELS]
    if bad or len(set(chosen)) < 2:
        raise click.BadParameter(
            f"{text!r}: name two or more of {', '.join(LEVELS)}, comma-separated",
            param_hint="--levels",
        )
    return [x for x in LEVELS if x in chosen]


def _calibrate(
    chosen: Sequence[Game],
    games: int,
    levels: Sequence[str],
    iterations: int,
    seed: int,
    out: str | None,
    as_json: bool,
) -> None:
    """``bench --ratings``: the levels' calibration run of every game chosen, merged into
    the anchors file (``ratings.calibrate``, ``Store.keep_bot_anchors``)."""
    from pathlib import Path

    from .ratings import calibrate, check_anchors
    from .store import Store, StoreError

    found: dict[str, dict[str, Any]] = {}
    for g in chosen:
        if not as_json and sys.stderr.isatty():
            with click.progressbar(length=games, label=g.name, file=sys.stderr) as bar:
                found[g.id] = calibrate(g.id, games, seed, levels, iterations, bar.update)
        else:
            found[g.id] = calibrate(g.id, games, seed, levels, iterations)
    try:
        path = Store().keep_bot_anchors(check_anchors(found), Path(out) if out else None)
    except StoreError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(_json(found))
        return
    for g in chosen:
        click.echo(f"{g.name}: {_anchor_words(found[g.id])}")
    click.echo(f"Anchors written to {path}.")


def _anchor_words(levels: Mapping[str, Mapping[str, float]]) -> str:
    """A game's calibrated levels, best first: "hard 12.3 (33.0 ± 6.9), ..."."""
    ranked = sorted(levels.items(), key=lambda x: -x[1]["mu"])
    return ", ".join(
        f"{lvl} {r['mu'] - 3 * r['sigma']:.1f} ({r['mu']:.1f} ± {r['sigma']:.1f})"
        for lvl, r in ranked
    )


def _cores(jobs: int) -> int:
    from .simulate import available_cores

    cores = available_cores()
    if jobs > cores:
        click.echo(
            f"--jobs {jobs}: this machine gives cardsuite {cores} cores; using {cores}.", err=True
        )
    return cores


def _reveal_option(command: Any) -> Any:
    return click.option(
        "--reveal",
        is_flag=True,
        help="Show the hidden cards of an unfinished game played by two or more people at "
        "one keyboard: only when every one of them agrees.",
    )(command)


def _check_private(rec: Any, reveal: bool, flag: str) -> None:
    """Refuse to show the hidden cards of a private record (``Record.private``: an
    unfinished hot-seat game) without the players' ``--reveal``."""
    if rec.private and not reveal:
        raise click.UsageError(
            f"{rec.private_why()}, so its hidden cards stay hidden: {flag} would show the "
            "players each other's cards. If "
            f"every player agrees, add --reveal; without {flag} the replay shows the table "
            "as everyone saw it."
        )


@main.command(short_help="Replay a game record FILE, move by move.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=None, help="Show this seat's hand (1 is the first).")
@click.option("--all", "all_hands", is_flag=True, help="Show every hand face up.")
@_reveal_option
@click.option("--theme", default=None, help="Colour theme (remembered).")
@click.option("--ascii/--unicode", "ascii_", default=None, help="Suits as letters S H D C.")
@click.pass_context
def replay(
    ctx: click.Context,
    file: str,
    seat: int | None,
    all_hands: bool,
    reveal: bool,
    theme: str | None,
    ascii_: bool | None,
) -> None:
    """Replay the game record FILE at its own table, move by move (arrows step, s chooses
    whose hand shows). A record that cannot be read is refused with the line at fault;
    one whose later move does not replay opens up to the last move that does. An unfinished
    game of two or more people at one keyboard shows no hidden card unless they agree."""
    from .records import RecordError
    from .store import Store, StoreError

    if seat is not None and all_hands:
        raise click.UsageError("give --seat or --all, not both")
    _check_theme(theme)
    try:
        rec = Store().load_record(file)
    except StoreError as e:
        raise click.ClickException(str(e)) from None
    except RecordError as e:
        raise click.ClickException(f"{file}, {e}") from None
    if not rec.replayable:
        raise click.ClickException(f"{file}: {rec.lacks_why()}.")
    chosen: int | str | None = "all" if all_hands else None
    if seat is not None:
        if not 1 <= seat <= rec.players:
            raise click.BadParameter(
                f"the record has seats 1 to {rec.players}", param_hint="--seat"
            )
        chosen = seat - 1
    if chosen is not None:
        _check_private(rec, reveal, "--all" if all_hands else "--seat")
    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    from .ui import app as ui_app

    ui_app.run_app(
        start=ui_app.ReplayRequest(rec, chosen, reveal),
        theme=theme or parent.get("theme"),
        ascii=ascii_ if ascii_ is not None else parent.get("ascii"),
    )


@main.command(short_help="List the game records, or check one FILE.")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option(
    "--verify",
    is_flag=True,
    help="Check FILE's fair dealing (the host's seed against its commitment, the deal's seed "
    "against the host's seed and the salts) and that it replays to its result; exit 1 "
    "naming what does not match.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def records(file: str | None, verify: bool, as_json: bool) -> None:
    """List the game records (every finished and saved game), or check one FILE: read it,
    replay every move, and say how it ends or which line is wrong. With --verify, also
    prove a hosted table's deal fair (or say what in the file does not match)."""
    from .store import Store

    store = Store()
    if verify and file is None:
        raise click.UsageError("--verify checks one record: cardsuite records FILE --verify")
    if file is None:
        infos = store.list_records()
        if as_json:
            click.echo(
                _json(
                    [
                        {
                            "path": str(i.path),
                            "game": i.game,
                            "variant": i.variant,
                            "started": _when(i.started),
                            "players": list(i.players),
                            "result": i.result,
                            "moves": i.moves,
                            "error": i.error,
                            "lacks": i.lacks,
                        }
                        for i in infos
                    ]
                )
            )
            return
        if not infos:
            click.echo(f"No game records yet (they are kept in {store.records_dir}).")
            return
        for i in infos:
            if i.error is not None:
                click.echo(f"{_when(i.started)}  {i.path.name}: cannot be read: {i.error}")
                continue
            name = get_game(i.game).name if i.game else "?"
            lacks = " (not replayable: it lacks its deal)" if i.lacks is not None else ""
            click.echo(f"{_when(i.started)}  {name}, {', '.join(i.players)}: {i.result}{lacks}")
            click.echo(f"{'':18}{i.moves} moves  {i.path}")
        return
    if verify:
        _verify_record(store, file, as_json)
        return
    _check_record(store, file, as_json)


def _when(t: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def _check_record(store: Any, file: str, as_json: bool) -> None:
    from .records import RecordError, final_state, summary
    from .store import StoreError

    try:
        rec = store.load_record(file)
        state = final_state(rec)
    except StoreError as e:
        raise click.ClickException(str(e)) from None
    except RecordError as e:
        raise click.ClickException(f"{file}, {e}") from None
    info = summary(rec)
    info["replays"] = True
    info["over"] = state.is_over()
    if as_json:
        click.echo(_json({"path": file, **info}))
        return
    g = get_game(rec.game)
    click.echo(f"{g.name} ({rec.variant}), {', '.join(info['players'])}")
    if info["started"]:
        click.echo(f"started {info['started']}")
    click.echo(f"{len(rec.moves)} moves replayed; result: {rec.result}")


def _verify_record(store: Any, file: str, as_json: bool) -> None:
    """``records FILE --verify``: each check in words (``verify.py``); exit 1 when any
    does not match, or the record cannot be checked (one that lacks its deal)."""
    from .records import RecordError, summary
    from .store import StoreError
    from .verify import verify

    try:
        rec = store.load_record(file)
    except StoreError as e:
        raise click.ClickException(str(e)) from None
    except RecordError as e:
        raise click.ClickException(f"{file}, {e}") from None
    found = verify(rec)
    if as_json:
        click.echo(
            _json(
                {
                    "path": file,
                    **summary(rec),
                    "verified": found.verified,
                    "fair": found.fair,
                    "findings": [
                        {"about": f.about, "status": f.status, "text": f.text}
                        for f in found.findings
                    ],
                }
            )
        )
    else:
        info = summary(rec)
        click.echo(f"{get_game(rec.game).name} ({rec.variant}), {', '.join(info['players'])}")
        if info["started"]:
            click.echo(f"started {info['started']}")
        said = {"ok": "matches", "bad": "DOES NOT MATCH", "cannot": "CANNOT CHECK", "note": "note"}
        for f in found.findings:
            click.echo(f"{said[f.status]}: {f.text}")
        if not found.verified:
            n = len(found.problems)
            click.echo(f"Not verified: {n} check{'s' * (n != 1)} above failed.")
        elif found.fair:
            click.echo(
                "Verified: the deal is the one the host committed to before the joiners' salts, "
                "and the record is the game as played."
            )
        else:
            click.echo(
                "Verified as a game that replays to its result (its deal is not proved fair)."
            )
    if not found.verified:
        sys.exit(1)


@main.command(short_help="Review a seat's decisions in a game record with a bot.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", "-s", type=click.IntRange(1), required=True, help="The seat (from 1).")
@click.option(
    "--iterations",
    type=click.IntRange(10, 1_000_000),
    default=3000,
    show_default=True,
    help="The search's cap per decision.",
)
@click.option(
    "--budget",
    type=Finite(0.05, 600, "seconds"),
    default=3.0,
    show_default=True,
    help="Seconds of search per decision.",
)
@_reveal_option
@click.option(
    "--quiz",
    is_flag=True,
    help="Only the clear mistakes, each searched again on the real cards: mistake or bad luck.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def review(
    file: str, seat: int, iterations: int, budget: float, reveal: bool, quiz: bool, as_json: bool
) -> None:
    """Go through one seat's decisions in a game record with the hard bot: where it would
    have chosen otherwise, and what the move played cost (worst three first). With --quiz,
    what the game-over dialog's "learn from this game" asks about: the clear mistakes only,
    each with whether the loss was a mistake or bad luck."""
    from .records import RecordError
    from .review import review as run_review
    from .store import Store, StoreError

    try:
        rec = Store().load_record(file)
    except StoreError as e:
        raise click.ClickException(str(e)) from None
    except RecordError as e:
        raise click.ClickException(f"{file}, {e}") from None
    if not rec.replayable:
        raise click.ClickException(f"{file}: {rec.lacks_why()}, so it cannot be reviewed.")
    if seat > rec.players:
        raise click.BadParameter(
            f"a seat from 1 to {rec.players} (the record has {rec.players} players)",
            param_hint="--seat",
        )
    if rec.private and not reveal:
        raise click.UsageError(
            f"{rec.private_why()}, so its hidden cards stay hidden: the review tells the "
            "bot's choices from that seat's "
            "hand, which would show its cards to the others. If every player agrees, add "
            "--reveal."
        )
    bar = None
    if not as_json and sys.stderr.isatty():
        bar = click.progressbar(length=1, label="reviewing", file=sys.stderr)

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.length = total
            bar.update(1)

    if quiz:
        _print_quiz(rec, seat - 1, iterations, budget, as_json, file, bar)
        return
    try:
        report = run_review(
            rec, seat - 1, iterations=iterations, time_budget=budget, progress=progress
        )
    except RecordError as e:
        raise click.ClickException(f"{file}, {e}") from None
    finally:
        if bar is not None:
            bar.render_finish()
    click.echo(_json(report.to_json()) if as_json else report.to_text())


# --- learn: a guided first game ----------------------------------------------------------


def _lesson_games() -> list[str]:
    """The games that have a lesson, in the picker's order."""
    from .learn.lesson import lesson_variants

    return [g for g in game_ids() if lesson_variants(g)]


@main.command(short_help="A guided first game of GAME: each rule explained as it comes.")
@click.argument("game")
@click.option(
    "--variant", "-v", default=None, help="The variant to learn (default: the game's own)."
)
@_look_options
@click.pass_context
def learn(
    ctx: click.Context,
    game: str,
    variant: str | None,
    theme: str | None,
    ascii_: bool | None,
    pace: str | None,
) -> None:
    """Learn GAME by playing a chosen deal against gentle bots: the table explains each
    rule the moment it first matters, suggests a move and why at your turn (enter takes
    it, or choose another), and ends with a summary of what you met and where to read
    more."""
    from .learn.lesson import LessonError, lesson_variants, load_lesson

    _check_theme(theme)
    try:
        g = get_game(game)
    except UnknownGame:
        raise click.BadParameter(
            f"no game {game!r}; games with a lesson: {', '.join(_lesson_games())}",
            param_hint="GAME",
        ) from None
    have = lesson_variants(g.id)
    if not have:
        raise click.BadParameter(
            f"no lesson for {g.name} yet; games with a lesson: {', '.join(_lesson_games())}",
            param_hint="GAME",
        )
    try:
        load_lesson(g.id, variant)
    except LessonError as e:
        raise click.BadParameter(str(e), param_hint="--variant") from None
    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    from .ui import app as ui_app

    ui_app.run_app(
        start=ui_app.LessonRequest(g.id, variant),
        theme=theme or parent.get("theme"),
        ascii=ascii_ if ascii_ is not None else parent.get("ascii"),
        pace=pace,
    )


# --- the daily deal (issue 37; cardsuite/daily.py, ui/daily.py) -----------------------------


@main.command(short_help="Play today's deal of GAME: the same cards for every player.")
@click.argument("game")
@click.option(
    "--date",
    "day",
    default=None,
    metavar="YYYY-MM-DD",
    help="Play a past day's deal again (practice: it does not count).",
)
@_look_options
@click.pass_context
def daily(
    ctx: click.Context,
    game: str,
    day: str | None,
    theme: str | None = None,
    ascii_: bool | None = None,
    pace: str | None = None,
) -> None:
    """Play today's deal of GAME (by your local date): one deal, the same for everyone who
    plays it that day, you in the first seat against medium bots. Afterwards you see your
    result beside the hard bot's playing your seat on the same cards, and a line to paste
    to a friend (printed here too). The first try of the day counts, also when left
    unfinished; after it the deal can be replayed, not counted. Its days and streaks are in
    the statistics (`cardsuite stats`)."""
    from .daily import local_day, parse_day
    from .store import Store

    g = _game(game)
    store = Store()
    today = local_day(store.now())
    when = today
    if day is not None:
        try:
            when = parse_day(day, today)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--date") from None
    _check_theme(theme)
    parent = (ctx.obj or {}) if isinstance(ctx.obj, dict) else {}
    from .ui import app as ui_app
    from .ui.daily import DailyRequest

    ui_app.run_app(
        start=DailyRequest(g.id, when),
        theme=theme or parent.get("theme"),
        ascii=ascii_ if ascii_ is not None else parent.get("ascii"),
        pace=pace,
    )
    if when == today:
        _echo_daily_line(store, g.id, today)


def _echo_daily_line(store: Any, game_id: str, day: Any) -> None:
    """After the app: the day's line to paste, when its try is finished (the terminal's
    own selection copies it)."""
    from .daily import day_results, share_line
    from .store import StoreError

    try:
        result = day_results(store.daily_rows(game_id)).get((game_id, day))
    except StoreError:
        result = day_results(store.pending_daily_rows()).get((game_id, day))
    if result is not None and result.score is not None:
        click.echo(share_line(game_id, day, result.score, result.bot))


@main.command(short_help="Ratings of the players and bot levels, per game.")
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def ratings(game: str | None, as_json: bool) -> None:
    """Print each game's ratings (or GAME's): every named player and bot level, best first,
    the conservative rating (mu - 3 sigma), the skill mu with its uncertainty sigma, and
    the rated games. Games with undo used, or begun from a position, a lesson or a daily
    deal, are not rated; bot levels are fixed at their calibration (`bench --ratings`)."""
    from .ratings import COLUMNS, cells, from_store
    from .store import Store, StoreError

    game_id = _game(game).id if game is not None else None
    try:
        found, problem = from_store(Store(), game_id)
    except StoreError as e:
        raise click.ClickException(str(e)) from None
    if problem is not None:
        click.echo(problem, err=True)
    if as_json:
        click.echo(_json({g: [r.to_json() for r in rows] for g, rows in found.items()}))
        return
    if not found:
        click.echo("No ratings yet: play a game (against bots, hot-seat or remote).")
    for i, (g, rows) in enumerate(found.items()):
        click.echo(("\n" if i else "") + (get_game(g).name if g in game_ids() else g))
        _echo_table(COLUMNS, [cells(r) for r in rows])


@main.command(short_help="Your statistics: each game's results, the daily deals' streaks.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(as_json: bool) -> None:
    """Print your statistics: per game and player, games played and won and the streak of
    wins; then the daily deals: days played, the streak of consecutive days (per game and
    over all games) and today's results beside the hard bot's."""
    from .daily import stats_of
    from .store import Store, StoreError

    store = Store()
    try:
        rows = store.game_stats()
        dailies = stats_of(store, store.now())
    except StoreError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(
            _json(
                {
                    "games": [r.__dict__ for r in rows],
                    "daily": [_daily_json(s) for s in dailies],
                }
            )
        )
        return
    _echo_stats(rows, dailies)


def _echo_stats(rows: Sequence[Any], dailies: Sequence[Any]) -> None:
    """The statistics as text: the games' table, then the dailies' (``stats``)."""
    from .daily import stats_cells

    if not rows and not dailies:
        click.echo("No finished games yet.")
        return
    if rows:
        click.echo("Games")
        _echo_table(
            ("game", "player", "played", "won", "win rate", "streak", "best"),
            [
                [
                    get_game(r.game).name if r.game in game_ids() else r.game,
                    r.name,
                    r.played,
                    r.won,
                    f"{r.win_rate * 100:.0f}%",
                    r.current_streak,
                    r.best_streak,
                ]
                for r in rows
            ],
        )
    if dailies:
        click.echo("\nDaily deal" if rows else "Daily deal")
        _echo_table(
            ("game", "days", "streak", "best", "today", "hard bot"),
            [stats_cells(s) for s in dailies],
        )


def _daily_json(s: Any) -> dict[str, Any]:
    """A ``daily.DailyStats`` as JSON: ``game`` None is all games together; ``today`` and
    ``hard_bot_today`` are results in the game's units (None: not played, left, unknown)."""
    today = s.today
    return {
        "game": s.game,
        "days_played": s.played,
        "streak": s.current_streak,
        "best_streak": s.best_streak,
        "today": None if today is None else today.score,
        "hard_bot_today": None if today is None else today.bot,
    }


def _echo_table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Columns padded to their widest cell (names are the player's own: printed as text)."""
    cells = [[str(c) for c in head], *[[str(c) for c in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    for r in cells:
        click.echo("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


def _print_quiz(
    rec: Any, seat: int, iterations: int, budget: float, as_json: bool, file: str, bar: Any
) -> None:
    """``review --quiz`` (issue 37): the quiz's clear mistakes and verdicts, as text or
    JSON; the bar (when shown) goes through the review, then the verdicts."""
    from .quiz import prepare
    from .records import RecordError

    def progress(stage: str, done: int, total: int) -> None:
        if bar is not None:
            bar.label = "reviewing" if stage == "review" else "on the real cards"
            bar.length = total
            bar.pos = done
            bar.render_progress()

    try:
        found = prepare(rec, seat, iterations=iterations, time_budget=budget, progress=progress)
    except RecordError as e:
        raise click.ClickException(f"{file}, {e}") from None
    finally:
        if bar is not None:
            bar.render_finish()
    click.echo(_json(found.to_json()) if as_json else found.to_text())
