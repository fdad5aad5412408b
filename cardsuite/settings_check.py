"""What each game's values in the settings may be, checked against the game itself.

``settings.json`` keeps, per game, the last setup (players, variant, options, seats, seed) and
the game's preferences (Money's throw time and keys). A hand-edited file, a file from another
version or a damaged one can hold anything there: a variant that no longer exists, an option
of the wrong type, a seat that is a number, a key bound twice. ``Store.load_settings`` checks
every value when the file is read (``clean_setup``, ``clean_preferences``) and the setup screen
checks what it is given again (``clean_setup``), so whatever the file says, the screens only
ever see values the game accepts. Each value that cannot be used is left out (its default is
used) and named in a problem, ``"where: why"``, for the one message the player sees.

Pure: no terminal library, only the games' own descriptions (``engine.Option``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .engine import Game, Option
from .match import HUMAN, REMOTE

#: The seat kinds the setup screen offers (its ``SEAT_CHOICES``): a person, a bot level,
#: or a player who joins from another terminal.
SETUP_SEAT_KINDS = (HUMAN, "easy", "medium", "hard", REMOTE)
#: The longest seat name the setup screen takes (its name fields' ``max_length``).
MAX_SEAT_NAME = 16
#: How deep a value kept for a game this version does not know may be: a later version's
#: setup is a few levels deep, and a deeper one would not survive writing back.
MAX_FOREIGN_DEPTH = 16


def show(value: object) -> str:
    """A value for a message, short whatever it is (a 10 MB string, a list 900 deep)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else repr(value[:21]) + "..."
    if isinstance(value, bool) or value is None:
        return "true" if value is True else "false" if value is False else "null"
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**60 else 61
        return str(value) if digits <= 24 else f"a number of {digits}+ digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def label(key: str) -> str:
    """A key of the file as a message names it: itself when it is plain short text, else
    shown (a message never carries a control character or a lone surrogate)."""
    return key if len(key) <= 40 and key.isprintable() and text(key) else show(key)


def depth(value: object, limit: int) -> int:
    """How deeply ``value`` nests (lists and objects), counted no further than ``limit + 1``
    (so a value nested 100,000 deep costs no more than one nested ``limit`` deep)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    deepest = 0
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if level > limit:
            return level
        if isinstance(node, dict):
            stack.extend((v, level + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, level + 1) for v in node)
    return deepest


def text(value: object) -> bool:
    """A string that can be written back (UTF-8: no lone surrogate)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def writable(value: object, limit: int = MAX_FOREIGN_DEPTH) -> bool:
    """Whether a value kept as it is (a later version's) can be written back as it came:
    nested at most ``limit`` deep, finite numbers, UTF-8 text, 64-bit whole numbers."""
    if depth(value, limit) > limit:
        return False
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if not all(text(k) for k in node):
                return False
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str):
            if not text(node):
                return False
        elif isinstance(node, float):
            if not math.isfinite(node):
                return False
        elif isinstance(node, int) and not isinstance(node, bool):
            if abs(node) > 2**63:
                return False
        elif node is not None and not isinstance(node, bool):
            return False
    return True


def accepts(option: Option, value: object) -> bool:
    """Whether ``value`` is exactly a value of ``option``, as the game would have stored it
    (``true``, not ``"yes"``; ``500``, not ``"500"`` or ``500.0``)."""
    if not isinstance(value, (str, bool, int)) or (isinstance(value, str) and not text(value)):
        return False
    try:
        parsed = option.parse(value)
    except ValueError:
        return False
    return type(parsed) is type(value) and parsed == value


def default_players(game: Game) -> int:
    """The setup screen's player count when none is remembered: four where the game allows
    it, else the fewest."""
    return 4 if 4 in game.players else min(game.players)


def default_seat(game: Game, players: int, index: int) -> dict[str, str]:
    """Seat ``index``'s default on the setup screen: the first a person, the others medium
    bots, named as the game names its seats."""
    names = game.names_for(max(players, index + 1))
    return {"kind": HUMAN if index == 0 else "medium", "name": names[index % len(names)]}


def seat_problem(seat: object) -> str | None:
    """Why a remembered seat cannot be shown, or None."""
    if not isinstance(seat, dict):
        return f"{show(seat)} is not a seat"
    kind, name = seat.get("kind"), seat.get("name")
    if not isinstance(kind, str) or kind not in SETUP_SEAT_KINDS:
        return f"{show(kind)} is not one of {', '.join(SETUP_SEAT_KINDS)}"
    if not isinstance(name, str) or not name.strip():
        return f"the name {show(name)} is not a name"
    if len(name) > MAX_SEAT_NAME or not name.isprintable():
        return f"the name {show(name)} is not up to {MAX_SEAT_NAME} printable letters"
    return None


def clean_setup(game: Game, value: object, where: str) -> tuple[dict[str, Any] | None, list[str]]:
    """A game's remembered setup with every value the game accepts, and the problems with
    the others (left out: the setup screen uses their defaults). None when the whole value
    is not a setup (not an object)."""
    if not isinstance(value, dict):
        return None, [f"{where}: {show(value)} is not a setup"]
    problems: list[str] = []
    out: dict[str, Any] = {}

    players = value.get("players")
    if "players" in value:
        if isinstance(players, int) and not isinstance(players, bool) and players in game.players:
            out["players"] = players
        else:
            allowed = ", ".join(map(str, game.players))
            problems.append(f"{where}.players: {show(players)} is not one of {allowed}")
    variant = value.get("variant")
    if "variant" in value:
        if isinstance(variant, str) and variant in game.variants:
            out["variant"] = variant
        else:
            problems.append(f"{where}.variant: {game.name} has no variant {show(variant)}")
    spec = game.variants[out.get("variant", game.default_variant)]

    if "options" in value:
        options = value["options"]
        if not isinstance(options, dict):
            problems.append(f"{where}.options: {show(options)} is not a set of options")
        else:
            kept: dict[str, Any] = {}
            for key, chosen in options.items():
                option = next((o for o in spec.options if o.id == key), None)
                if option is None:
                    problems.append(f"{where}.options: {spec.name} has no option {show(key)}")
                elif not accepts(option, chosen):
                    problems.append(
                        f"{where}.options.{key}: {show(chosen)} is not {option.describe()}"
                    )
                else:
                    kept[key] = chosen
            out["options"] = kept

    if "seats" in value:
        seats = value["seats"]
        count = out.get("players", default_players(game))
        if not isinstance(seats, list):
            problems.append(f"{where}.seats: {show(seats)} is not a list of seats")
        else:
            most = max(game.players)
            if len(seats) > most:
                problems.append(f"{where}.seats: {len(seats)} seats, more than {most}")
            cleaned: list[dict[str, str]] = []
            for i, seat in enumerate(seats[:most]):
                why = seat_problem(seat)
                if why is None:
                    assert isinstance(seat, dict)
                    cleaned.append({"kind": seat["kind"], "name": seat["name"]})
                    problems += [
                        f"{where}.seats[{i}].{label(key)}: not part of a seat"
                        for key in seat
                        if key not in ("kind", "name")
                    ]
                else:
                    problems.append(f"{where}.seats[{i}]: {why}")
                    cleaned.append(default_seat(game, count, i))
            out["seats"] = cleaned

    if "seed" in value:
        seed = value["seed"]
        # (any whole number the setup could take: JSON already bounds its digits)
        if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
            out["seed"] = seed
        else:
            problems.append(f"{where}.seed: {show(seed)} is not a whole number (or null)")
    for key, extra in value.items():
        if key not in _SETUP_KEYS:  # a later version's: kept if plain, as preferences are
            if plain(extra) and text(key):
                out[key] = extra
            else:
                problems.append(f"{where}.{label(key)}: {show(extra)} is not part of a setup")
    return out, problems


_SETUP_KEYS = frozenset({"players", "variant", "options", "seats", "seed"})


def clean_preferences(
    game: Game, prefs: Mapping[str, Any], where: str
) -> tuple[dict[str, Any], list[str]]:
    """A game's preferences with every value its description accepts (a preference this
    version does not know is kept, if it is a plain value, for the version that does), and
    the problems with the others. Keys (Money's turn and snap keys) must differ: a key
    bound twice would take only one of its jobs, so the later choices clashing with another
    go back to their defaults."""
    problems: list[str] = []
    out: dict[str, Any] = {}
    known = {o.id: o for o in game.preferences}
    for key, value in prefs.items():
        option = known.get(key)
        if option is None:
            if plain(value) and text(key):
                out[key] = value
            else:
                problems.append(f"{where}.{label(key)}: {show(value)} is not a preference's value")
            continue
        if accepts(option, value):
            out[key] = value
        else:
            problems.append(f"{where}.{key}: {show(value)} is not {option.describe()}")
    keys = [o for o in game.preferences if o.kind == "key"]
    while True:
        bound: dict[str, str] = {}
        clash = None
        for option in keys:
            key = out.get(option.id, option.default)
            if key in bound:
                # the chosen one of the two goes back (both chosen: the later one)
                clash = option.id if option.id in out else bound[key]
                break
            bound[key] = option.id
        if clash is None or clash not in out:  # (the defaults themselves never clash)
            break
        problems.append(f"{where}.{clash}: {show(out[clash])} is already another key")
        del out[clash]
    return out, problems


def plain(value: object) -> bool:
    """A value kept for a preference this version does not know: text, true/false or a
    whole number, of a sane size."""
    if isinstance(value, str):
        return len(value) <= 200 and text(value)
    return isinstance(value, (bool, int)) and (isinstance(value, bool) or abs(value) <= 2**53)
