"""Money at a joined table: the same table, the race judged on the host (``remote.py``).

At home the screen's ``Referee`` judges the presses on one clock. Here the host's
``NetReferee`` does, by each player's reaction from their own sight of the card, so this
screen only reports, on its own clock (``events.Key.time``, and the moment each card was
drawn, as the local screen measures it):

- ``seen``: when each new card appeared on this terminal (the flush of the frame that drew
  it, where the output thread's times are known; else just after the refresh), sent soon
  after it and always before a press on that card;
- ``press``: each turn or snap key with its time and the card on screen.

The host's ``outcome`` messages bring back what each press did: the flash shows a snap's
reaction with the presser's network figures ("412 ms · net 35 ± 4 ms"), a refused snap is
said, and reactions are kept per player as at home. Money decisions (a forced purchase, a
sale) are the ordinary menus, their choice sent as an action; "turn without buying" is a
turn press like any other.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from textual.binding import BindingType

from ...engine import Action, Event
from ...remote.remote_match import RemoteMatch
from ...ui.output_times import OUTPUT
from ...ui.remote_table import FAIR_BINDINGS, RemoteTable
from .actions import Turn
from .screen import METRIC, MoneyScreen

#: Seconds after a card is drawn before its sight is reported (the output thread's time of
#: the frame is known by then); a press on the card sends it at once.
SEEN_DELAY = 0.03


class RemoteMoneyScreen(RemoteTable, MoneyScreen):
    """Money's joined table (the registry's ``remote_screen``). Its match gives no race
    (``RemoteMatch.drive``): the host runs it, so nothing here plans, times or judges."""

    BINDINGS: ClassVar[list[BindingType]] = FAIR_BINDINGS

    def __init__(self, match: RemoteMatch) -> None:
        super().__init__(match)
        self._seen_sent: set[int] = set()
        self._seen_at: dict[int, tuple[float, int]] = {}

    def _throw_time(self) -> float:
        """The host's throw time (its welcome says it)."""
        return float(self.remote.welcome.get("throw_ms", 500)) / 1000

    # --- the race, reported ---------------------------------------------------------------

    def press(self, seat: int, kind: str, at: float, key: str | None = None) -> None:
        if self.match.is_over() or seat != self.remote.seat:
            return
        card = int(self.view().get("turns") or 0)
        self._send_seen(card)
        if not self.remote.client.send_soon("press", kind=kind, at=at, card=card, key=key or kind):
            self.notify("Not connected to the table just now.", severity="warning", timeout=2)

    def on_new_events(self, events_: list[Event]) -> None:
        super().on_new_events(events_)
        if any(e.kind == "turn" for e in events_):
            card = int(self.view().get("turns") or 0)
            self.call_after_refresh(self._drawn, card, OUTPUT.handed + 1)
        self._refresh_menu()

    def _drawn(self, card: int, frame: int) -> None:
        self._seen_at[card] = (self.cs_app.clock(), frame)
        self.set_timer(SEEN_DELAY, lambda: self._send_seen(card))

    def _send_seen(self, card: int) -> None:
        """Report when ``card`` appeared here, once: the flush of the frame that drew it on
        a real terminal, else the moment after the refresh that drew it."""
        if card in self._seen_sent or card not in self._seen_at:
            return
        painted, frame = self._seen_at.pop(card)
        if self.cs_app.clock is time.monotonic:
            shown = OUTPUT.time_of(frame)
            painted = shown if shown is not None else painted
        self._seen_sent.add(card)
        if len(self._seen_sent) > 64:
            self._seen_sent = {c for c in self._seen_sent if c > card - 8}
        self.remote.client.send_soon("seen", card=card, at=painted)

    def remote_message(self, msg: dict[str, Any]) -> None:
        if msg.get("type") != "outcome":
            return
        names = self.match.names()
        seat, kind, ms = msg.get("seat"), msg.get("kind"), msg.get("reaction_ms")
        if not isinstance(seat, int) or not 0 <= seat < len(names):
            return
        net = f" · {msg['net']}" if msg.get("net") and msg["net"] != "local" else ""
        if kind == "claim":
            if msg.get("false"):
                taker = msg.get("taker", 1 - seat)
                self.flash = (
                    f"False snap by {names[seat]}! {names[taker]} takes the ground",
                    None,
                    "error",
                )
            else:
                got = msg.get("cards", 0)
                self.flash = (f"SNAP! {names[seat]} takes {got} cards{net}", ms, "success")
                if isinstance(ms, (int, float)):
                    self.reactions[seat].append(float(ms))
                    if seat == self.remote.seat:
                        self.cs_app.keep_result(
                            {
                                "kind": "metric",
                                "game": "money",
                                "name": names[seat],
                                "metric": METRIC,
                                "value": float(ms),
                                "at": self.cs_app.store.now(),
                            }
                        )
            self.refresh_table()
        elif kind == "refused" and seat == self.remote.seat:
            self.notify(str(msg.get("reason")), title="No snap", severity="warning", timeout=2)

    # --- the turn loop: money decisions only (the host runs the race) -------------------------

    def advance(self) -> None:
        if not self.is_attached or self.awaiting_answer():
            return  # (the host's update, or its refusal, calls again)
        m = self.match
        if m.is_over():
            self.refresh_table()
            if self.app.screen is self:
                self._game_over()
            return
        mover = m.to_move()
        if mover is not None and mover == self.remote.seat and self._decision_needed(mover):
            self._open_menu(mover)

    def play_action(
        self, action: Action | str, seat: int | None = None, quiet: bool = False
    ) -> bool:
        if isinstance(action, Turn):  # "turn without buying": a timed press like any other
            if seat is not None:
                self.press(seat, "turn", self.cs_app.clock())
            return True
        return RemoteTable.play_action(self, action, seat, quiet)


__all__ = ["RemoteMoneyScreen"]
