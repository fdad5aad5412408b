"""Theme files: TOML in ``themes/``, loaded as Textual themes.

Textual has no loader for theme files, so each file is read with ``tomllib`` and passed to
``Theme(**data)``. Places searched, later ones overriding earlier ones by name: the copy
inside the installed package (``cardsuite/themes``, put there by the wheel build), the
repository's own ``themes/`` (an editable install does not get the packaged copy), and the
user's ``~/.config/cardsuite/themes``. A broken file is skipped with a warning, never fatal.

Card colours are theme variables (``$card-face``, ``$suit-hearts`` ...); ``VARIABLE_DEFAULTS``
gives every one a value so Textual's own themes (nord, dracula ...) draw cards too.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

from platformdirs import user_config_path
from textual.theme import Theme

DEFAULT_THEME = "felt"

VARIABLE_DEFAULTS = {
    "felt": "#14502f",
    "felt-dark": "#0e3b24",
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


def load_theme_file(path: Path) -> Theme:
    """One theme; ``ValueError`` says what is wrong with the file."""
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"{path.name}: {e}") from None
    unknown = set(data) - _THEME_FIELDS
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {', '.join(sorted(unknown))}")
    if "name" not in data or "primary" not in data:
        raise ValueError(f"{path.name}: a theme needs at least name and primary")
    data["variables"] = {**VARIABLE_DEFAULTS, **data.get("variables", {})}
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
