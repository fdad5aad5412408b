"""Theme files: TOML in ``themes/``, loaded as Textual themes.

Textual has no loader for theme files, so each file is read with ``tomllib`` and passed to
``Theme(**data)``. Places searched, later ones overriding earlier ones by name: the copy
inside the installed package (``cardsuite/themes``, put there by the wheel build), the
repository's own ``themes/`` (an editable install does not get the packaged copy), and the
user's ``~/.config/cardsuite/themes``. A broken file is skipped with a warning, never fatal.

Card colours are theme variables (``$card-face``, ``$suit-hearts`` ...); ``VARIABLE_DEFAULTS``
gives every one a value so Textual's own themes (nord, dracula ...) draw cards too.

The table's own colours are *derived* from the theme (``table_variables``): the felt is the
theme's surface (and background) unless the theme names one, and the text drawn on it
(``$felt-text``, ``$felt-title`` ...) is the theme's colour, moved towards black or white
only as far as it takes to read on the felt at WCAG's ratio for body text, dimmed text
included. A light theme gets a light table and dark text; the felt theme is unchanged.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import fields
from pathlib import Path

from platformdirs import user_config_path
from textual.color import BLACK, WHITE, Color, ColorParseError
from textual.constants import DIM_FACTOR
from textual.theme import Theme

from ..files import read_file

DEFAULT_THEME = "felt"

#: The felt where a theme names none and its colours cannot be read (never for a theme
#: Textual can load: ``table_variables`` takes its surface and background).
FELT_DEFAULTS = {"felt": "#14502f", "felt-dark": "#0e3b24"}

VARIABLE_DEFAULTS = {
    **FELT_DEFAULTS,
    "card-face": "#f7f1e1",
    "card-edge": "#9b9077",
    "card-back": "#7a1f2b",
    "card-back-pattern": "#b8505e",
    "card-cursor": "#f2d479",
    "card-select": "#ffe59a",
    "suit-hearts": "#c0262d",
    "suit-diamonds": "#c0262d",
    "suit-spades": "#1e1e24",
    "suit-clubs": "#1e1e24",
}

_THEME_FIELDS = {f.name for f in fields(Theme)}


def theme_dirs() -> list[Path]:
    package = Path(__file__).resolve().parent.parent / "themes"
    repo = Path(__file__).resolve().parents[2] / "themes"
    user = user_config_path("cardsuite", appauthor=False) / "themes"
    out: list[Path] = []
    for d in (package, repo, user):
        if d not in out:
            out.append(d)
    return out


#: A theme file is a few dozen lines; anything much larger is not one.
MAX_THEME_BYTES = 64 * 1024


def load_theme_file(path: Path) -> Theme:
    """One theme; ``ValueError`` says what is wrong with the file."""
    try:  # (a regular file only, bounded: a pipe or a device in the folder never blocks)
        data = tomllib.loads(read_file(path, MAX_THEME_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"{path.name}: {e}") from None
    unknown = set(data) - _THEME_FIELDS
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {', '.join(sorted(unknown))}")
    if "name" not in data or "primary" not in data:
        raise ValueError(f"{path.name}: a theme needs at least name and primary")
    # (the felt is left out: a theme without one gets its own surface, ``table_variables``)
    cards = {k: v for k, v in VARIABLE_DEFAULTS.items() if k not in FELT_DEFAULTS}
    data["variables"] = {**cards, **data.get("variables", {})}
    try:
        return Theme(**data)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{path.name}: {e}") from None


def load_themes(dirs: list[Path] | None = None) -> tuple[dict[str, Theme], list[str]]:
    """All themes found, by name, and warnings about files that could not be read."""
    themes: dict[str, Theme] = {}
    warnings: list[str] = []
    for d in dirs if dirs is not None else theme_dirs():
        if not d.is_dir():
            continue
        for path in sorted(d.glob("*.toml")):
            try:
                theme = load_theme_file(path)
            except ValueError as e:
                warnings.append(f"theme skipped: {e}")
                continue
            themes[theme.name] = theme
    return themes, warnings


#: Text on the table reads at least this well against what it is drawn on: WCAG's contrast
#: ratio for body text. Dimmed text (Textual draws ``dim`` as the colour blended
#: ``DIM_FACTOR`` of the way from the background) is held to it too.
TEXT_CONTRAST = 4.5


def luminance(colour: Color) -> float:
    """WCAG's relative luminance of an opaque colour."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def contrast(a: Color, b: Color) -> float:
    """WCAG's contrast ratio of two opaque colours, 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _reads(colour: Color, grounds: Sequence[Color], ratio: float, dimmed: bool) -> bool:
    for ground in grounds:
        ink = ground + colour  # (a colour with alpha, as drawn on that ground)
        if contrast(ink, ground) < ratio:
            return False
        if dimmed and contrast(ground.blend(ink, DIM_FACTOR), ground) < ratio:
            return False
    return True


def readable(
    colour: str, grounds: Sequence[str], ratio: float = TEXT_CONTRAST, dimmed: bool = False
) -> str:
    """``colour``, or the least change of it towards black or white that reads at ``ratio``
    on every one of ``grounds`` (``dimmed``: drawn dim too). A terminal's own colour
    (``ansi_*``) is the terminal's to choose and stays; so does what cannot be read."""
    try:
        ink = Color.parse(colour)
        bases = [Color.parse(g) for g in grounds]
    except ColorParseError:
        return colour
    if ink.ansi is not None or any(g.ansi is not None or g.a < 1 for g in bases):
        return colour
    if _reads(ink, bases, ratio, dimmed):
        return colour
    darkest = min(luminance(g) for g in bases)
    lightest = max(luminance(g) for g in bases)
    # towards white on dark grounds, black on light ones; the other way if that fails
    towards = [WHITE, BLACK] if darkest + lightest < 0.36 else [BLACK, WHITE]
    opaque = bases[0] + ink
    for end in towards:
        for step in range(1, 21):
            moved = opaque.blend(end, step / 20)
            if _reads(moved, bases, ratio, dimmed):
                return moved.hex
    return towards[0].hex


def _over(ground: str, colour: str, alpha: float) -> str:
    """``colour`` at ``alpha`` on ``ground``, as CSS's ``$colour 20%`` is drawn."""
    try:
        under, over = Color.parse(ground), Color.parse(colour)
    except ColorParseError:
        return ground
    if under.ansi is not None or over.ansi is not None:
        return ground
    return (under + over.with_alpha(alpha)).hex


def table_variables(colours: Mapping[str, str], own: Mapping[str, str]) -> dict[str, str]:
    """The table's colours for a theme: ``colours`` are its CSS variables (Textual's colour
    system), ``own`` the variables the theme sets itself.

    - ``felt``, ``felt-dark``: the theme's own, else its surface and its background;
    - ``felt-text``: the foreground, readable on the felt, the dark felt and the header's
      ground (``$primary 20%`` on the dark felt), and dimmed too on the felts;
    - ``felt-title`` (panel titles, from primary), ``felt-accent``, ``felt-success``,
      ``felt-error``, ``felt-warning``: readable on the same grounds;
    - ``table-footer-key``, ``table-footer-text``: the footer's keys and their descriptions
      (Textual's ``footer-key-foreground`` is the accent, which some of its own themes draw
      on their panel at 1.8 to 1), readable on the footer's ground;
    - ``bar-text``: the text of the replay's and a joined table's bars and the replay's
      highlighted move, readable on their grounds (``$accent 30%``, ``$error 35%`` and
      ``$warning 40%`` on either felt), which the theme's foreground is not in every theme
      (solarized, atom-one); nothing on them is drawn dim (no colour reads dimmed on an
      accent in every theme);
    - ``highlight-text``: a list's highlighted entry (``$primary 35%`` on the felts or the
      surface: the picker's games, the dialogs' choices)."""
    felt = own.get("felt") or colours.get("surface") or FELT_DEFAULTS["felt"]
    felt_dark = own.get("felt-dark") or colours.get("background") or FELT_DEFAULTS["felt-dark"]
    header = _over(felt_dark, colours.get("primary", felt), 0.2)
    # (a focused list is tinted by Textual, $foreground 5%: the picker's games and saves)
    focused = _over(felt, colours.get("foreground", felt), 0.05)
    grounds = [felt, felt_dark, header, focused]
    out = {"felt": felt, "felt-dark": felt_dark}
    # (dimmed text lies on the felt, never on the header)
    text = readable(colours.get("foreground", "#ffffff"), [felt, felt_dark], dimmed=True)
    out["felt-text"] = readable(text, grounds)
    for name, source in (
        ("felt-title", "primary"),
        ("felt-accent", "accent"),
        ("felt-success", "success"),
        ("felt-error", "error"),
        ("felt-warning", "warning"),
    ):
        out[name] = readable(colours.get(source, out["felt-text"]), grounds)
    footer = [colours.get("footer-background", felt)]
    out["table-footer-key"] = readable(colours.get("footer-key-foreground", "#ffffff"), footer)
    out["table-footer-text"] = readable(
        colours.get("footer-description-foreground", out["felt-text"]), footer
    )
    bars = [
        _over(ground, colours.get(source, felt), alpha)
        for ground in (felt, felt_dark)
        for source, alpha in (("accent", 0.3), ("error", 0.35), ("warning", 0.4))
    ]
    out["bar-text"] = readable(out["felt-text"], bars)
    lists = [  # (with room: a focused list's cursor is drawn a shade stronger)
        _over(ground, colours.get("primary", felt), alpha)
        for ground in (felt, felt_dark, colours.get("surface", felt))
        for alpha in (0.35, 0.45)
    ]
    out["highlight-text"] = readable(out["felt-text"], lists)
    return {k: v for k, v in out.items() if k not in own or k in ("felt", "felt-dark")}
