"""A lesson file, read: ``games/<game>/lessons/<variant>.md`` beside the game's ``help.md``.

The file is Markdown a person can read as it stands::

    # Twenty-Two: your first game

    A paragraph shown in the panel before the first rule comes up.

    - seed: 12            the deal (``Game.new_state``'s seed), or
    - position: x.json    a hand-written position beside the lesson (no seed then)
    - dealer: 1           optional, the first dealer (a seat, 1 the learner's)
    - players: 4
    - bots: easy          easy or medium: a lesson should not crush the learner
    - ends: first_showdown  a trigger: the lesson's summary comes when it first holds
    - help: A hand, step by step   the help section the summary points to first
    - why: a reason for a suggestion when no rule is at hand

    ## The exchange (T22-EXCH-1)

    - when: my_exchange   the trigger, a predicate in the game's ``lesson.py``
    - why: throw away high cards: you want a low last card   (optional)
    - help: A hand, step by step   the help section that says more (optional)
    - summary: one line for the summary screen

    The panel's text, in plain words.

Triggers are named, not written here: each is a function of a ``Moment`` in the game's
``lesson.py`` (``TRIGGERS``), so the file stays data and a test can show that every name it
uses exists, and that no trigger reads more than the learner may see.

A game's ``lesson.py`` may also have ``suggest(moment)``: a move the lesson itself suggests
before any bot is asked (None: the bot's), read from the moment alone. A real-time game's
move that is not a turn's (a snap at one's own match, while the other is to move) is one:
the table says it in the panel, and the walk without a screen makes it as the learner
would.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import import_module, resources
from typing import Any

from ..engine import Action, Event
from ..games import UnknownGame, entry, get_game

#: The bot levels a lesson may seat: gentle ones (the learner should see the game, not lose
#: it in three moves).
LESSON_LEVELS = ("easy", "medium")

_RULE_HEADING = re.compile(r"^##\s+(?P<title>.+?)\s+\((?P<id>[A-Z0-9]+(?:-[A-Z0-9]+)+)\)\s*$")
_SETTING = re.compile(r"^-\s+(?P<key>[a-z]+):\s*(?P<value>.*?)\s*$")
_HEADER_KEYS = frozenset({"seed", "position", "dealer", "players", "bots", "ends", "help", "why"})
_RULE_KEYS = frozenset({"when", "why", "help", "summary"})


class LessonError(ValueError):
    """A lesson that cannot be given: none for that game or variant, or a file that does not
    read (its line and what is wrong)."""


@dataclass(frozen=True)
class Moment:
    """All a trigger may read: the learner's ``seat``, its ``view``, its legal actions
    (empty when it is not the learner's turn) and the public events since the last moment.
    Nothing else of the position reaches a trigger, so no trigger can read hidden cards."""

    seat: int
    view: Mapping[str, Any]
    legal: Sequence[Action] = ()
    events: Sequence[Event] = ()

    @property
    def my_turn(self) -> bool:
        return self.view.get("to_move") == self.seat

    @property
    def phase(self) -> Any:
        return self.view.get("phase")

    def happened(self, kind: str) -> list[Event]:
        """The events of ``kind`` since the last moment."""
        return [e for e in self.events if e.kind == kind]


Trigger = Callable[[Moment], bool]
#: A lesson's own suggestion at a moment (``suggest`` in a game's ``lesson.py``).
OwnSuggestion = Callable[[Moment], Action | None]


@dataclass(frozen=True)
class LessonRule:
    """One rule the lesson explains: its name, its ID in the rules, when it first matters
    (``trigger``, a name in the game's ``TRIGGERS``), the panel's words, the reason given
    for a suggestion while it is at hand, the help section that says more, and its line in
    the summary."""

    title: str
    rule_id: str
    trigger: str
    text: str
    why: str = ""
    help: str = ""
    summary: str = ""


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game (see the module docstring)."""

    game_id: str
    variant: str
    title: str
    intro: str
    players: int
    bots: str
    ends: str
    rules: tuple[LessonRule, ...]
    triggers: Mapping[str, Trigger] = field(repr=False)
    seed: int | None = None
    position: Mapping[str, Any] | None = None
    dealer: int | None = None
    help: str = ""
    why: str = ""
    suggest: OwnSuggestion | None = field(default=None, repr=False)

    def own_suggestion(self, moment: Moment) -> Action | None:
        """The move the lesson itself suggests at ``moment`` (None: ask the bot)."""
        return self.suggest(moment) if self.suggest is not None else None

    def holds(self, trigger: str, moment: Moment) -> bool:
        return bool(self.triggers[trigger](moment))

    def help_sections(self) -> list[str]:
        """The help's sections the lesson points to, the lesson's own first, each once."""
        out: list[str] = []
        for name in [self.help, *(r.help for r in self.rules)]:
            if name and name not in out:
                out.append(name)
        return out


def _package(game_id: str) -> str:
    try:
        return entry(game_id).package
    except (UnknownGame, KeyError):
        raise LessonError(f"no game {game_id!r}") from None


def lesson_variants(game_id: str) -> list[str]:
    """The variants of ``game_id`` that have a lesson, in the game's own order."""
    folder = resources.files(_package(game_id)).joinpath("lessons")
    if not folder.is_dir():
        return []
    have = {p.name.removesuffix(".md") for p in folder.iterdir() if p.name.endswith(".md")}
    return [v for v in get_game(game_id).variants if v in have]


def load_lesson(game_id: str, variant: str | None = None) -> Lesson:
    """The lesson for ``variant`` of ``game_id`` (None: the game's default variant, or its
    first variant with a lesson); ``LessonError`` says what lessons there are."""
    have = lesson_variants(game_id)
    if variant is None:
        default = get_game(game_id).default_variant
        variant = default if default in have or not have else have[0]
    if variant not in have:
        game = get_game(game_id)
        if variant not in game.variants:
            raise LessonError(f"no variant {variant!r}; variants with a lesson: {_listed(have)}")
        raise LessonError(f"no lesson for the {variant} variant yet; lessons: {_listed(have)}")
    package = _package(game_id)
    text = resources.files(package).joinpath("lessons", f"{variant}.md").read_text("utf-8")
    module = import_module(f"{package}.lesson")
    triggers: Mapping[str, Trigger] = module.TRIGGERS
    lesson = parse_lesson(text, game_id, variant, triggers)
    lesson = replace(lesson, suggest=getattr(module, "suggest", None))
    if lesson.position is None and lesson.seed is None:
        raise LessonError(f"{variant}.md: give a seed or a position")
    return lesson


def _listed(variants: Sequence[str]) -> str:
    return ", ".join(variants) or "none"


def parse_lesson(text: str, game_id: str, variant: str, triggers: Mapping[str, Trigger]) -> Lesson:
    """Read a lesson file (the module docstring's layout); ``LessonError`` names the line."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        raise LessonError(f"{variant}.md line 1: a lesson starts with its title, '# ...'")
    title = lines[0][2:].strip()
    blocks = _blocks(lines[1:], variant)
    head_settings, intro = _settings_and_text(blocks[0][1], blocks[0][0], variant, _HEADER_KEYS)
    rules = tuple(_rule(heading, body, variant, triggers) for heading, body in blocks[1:])
    ids = [r.rule_id for r in rules]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise LessonError(f"{variant}.md: a rule ID comes once in a lesson ({', '.join(twice)})")
    head = dict(head_settings)
    ends = head.get("ends", "")
    if ends not in triggers:
        raise LessonError(f"{variant}.md: 'ends' names no trigger ({ends!r})")
    bots = head.get("bots", "easy")
    if bots not in LESSON_LEVELS:
        raise LessonError(f"{variant}.md: bots {bots!r}; a lesson's bots are easy or medium")
    position = None
    if "position" in head:
        name = head["position"]
        raw = resources.files(_package(game_id)).joinpath("lessons", name).read_text("utf-8")
        position = json.loads(raw)
    return Lesson(
        game_id=game_id,
        variant=variant,
        title=title,
        intro=intro,
        players=_whole(head.get("players", "0"), variant, "players"),
        bots=bots,
        ends=ends,
        rules=rules,
        triggers=triggers,
        seed=_whole(head["seed"], variant, "seed") if "seed" in head else None,
        position=position,
        dealer=_whole(head["dealer"], variant, "dealer") - 1 if "dealer" in head else None,
        help=head.get("help", ""),
        why=head.get("why", ""),
    )


def _whole(text: str, variant: str, what: str) -> int:
    if not text.isdigit():
        raise LessonError(f"{variant}.md: {what} {text!r} is not a whole number")
    return int(text)


def _blocks(lines: list[str], variant: str) -> list[tuple[str, list[tuple[int, str]]]]:
    """The header's lines, then each rule's heading and lines (numbered from the file's
    second line)."""
    blocks: list[tuple[str, list[tuple[int, str]]]] = [("", [])]
    for n, line in enumerate(lines, start=2):
        if line.startswith("## "):
            blocks.append((f"{n}:{line}", []))
        elif line.startswith("#"):
            raise LessonError(f"{variant}.md line {n}: only '## Rule name (RULE-ID)' headings")
        else:
            blocks[-1][1].append((n, line))
    return blocks


def _settings_and_text(
    body: list[tuple[int, str]], heading: str, variant: str, keys: frozenset[str]
) -> tuple[list[tuple[str, str]], str]:
    """A block's ``- key: value`` lines (each key once, from ``keys``) and its text, the
    paragraphs joined as they are written (blank lines kept between paragraphs)."""
    settings: list[tuple[str, str]] = []
    text: list[str] = []
    for n, line in body:
        m = _SETTING.match(line)
        if m and m.group("key") in keys | _HEADER_KEYS | _RULE_KEYS:
            key = m.group("key")
            if key not in keys or any(k == key for k, _ in settings):
                where = "a rule" if heading else "the lesson's head"
                raise LessonError(f"{variant}.md line {n}: {key!r} is not for {where} here")
            settings.append((key, m.group("value")))
        else:
            text.append(line)
    paragraphs = [" ".join(p.split()) for p in "\n".join(text).split("\n\n") if p.strip()]
    return settings, "\n\n".join(paragraphs)


def _rule(
    heading: str, body: list[tuple[int, str]], variant: str, triggers: Mapping[str, Trigger]
) -> LessonRule:
    n, _, line = heading.partition(":")
    m = _RULE_HEADING.match(line)
    if m is None:
        raise LessonError(f"{variant}.md line {n}: a rule is '## Its name (RULE-ID)'")
    settings, text = _settings_and_text(body, heading, variant, _RULE_KEYS)
    values = dict(settings)
    when = values.get("when", "")
    if when not in triggers:
        raise LessonError(f"{variant}.md line {n}: 'when' names no trigger ({when!r})")
    if not text:
        raise LessonError(f"{variant}.md line {n}: the rule has no words for its panel")
    return LessonRule(
        title=m.group("title"),
        rule_id=m.group("id"),
        trigger=when,
        text=text,
        why=values.get("why", ""),
        help=values.get("help", ""),
        summary=values.get("summary", "") or text.split(". ")[0].rstrip(".") + ".",
    )


__all__ = [
    "LESSON_LEVELS",
    "Lesson",
    "LessonError",
    "LessonRule",
    "Moment",
    "OwnSuggestion",
    "Trigger",
    "lesson_variants",
    "load_lesson",
    "parse_lesson",
]
