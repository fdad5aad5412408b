"""The remote table's messages: JSON objects over a WebSocket, each with a protocol version.

Everything here is pure (no sockets, no clock of its own) so the server, the client and the
tests share one definition of what a well-formed message is. A message is a JSON object
``{"v": PROTOCOL, "type": ..., ...fields}``; ``decode_client`` reads what a client sends and
raises ``ProtocolError`` with the reason for anything else, which the server answers by
closing that connection (it never reaches the table).

Client to server:

====================  =====================================================================
``hello``             ``secret`` (the table's), ``name``, ``token`` (to take back a seat),
                      ``seat`` (a seat asked for, 0-based), ``watch`` (a spectator)
``act``               ``action`` (its text notation), ``seq`` (the update it answers)
``hint``              the medium bot's suggestion for the client's seat
``explain``           ``action``: would the table take it, and if not why (a composer)
``pong``              ``id``, ``c1``, ``c2``: the client's clock on receiving and answering
                      the server's ``ping`` (the clock exchange, ``clock.py``)
``seen``              ``card``, ``at``: Money, when a card appeared on the client's screen
``press``             ``kind`` (turn or snap), ``at``, ``card``, ``key``: Money's key presses
``bye``               leaving for good (the seat is not kept)
``salt``              ``salt``: the client's own part of a fair deal (``fair.new_salt``),
                      sent once per deal, after the commitment has reached it
``start``             ``level``: the host starts before every seat is taken, bots of that
                      level in the empty seats (the host's connection only)
``rematch``           ``yes``: after a game, this seat wants another (or declines: it leaves)
====================  =====================================================================

Server to client: ``welcome`` (seat, token, the game, the seats), ``update`` (the view of
the client's seat, its legal actions as text, the new public events, who is connected),
``refused`` (an action not taken, with the rule's reason), ``hint`` (the medium bot's
``action`` and ``why``, its rule of thumb in words; or only a ``reason`` there is none),
``explained``, ``ping``,
``thinking`` (a bot has begun to think for a seat),
``lobby`` (the waiting room before a deal: the seats with who is here and who is awaited,
the fair deal's ``commitment`` and the ``salts`` so far, whether this seat still owes a salt,
and after a game who has agreed to a rematch), ``dealt`` (a game begins: the game, its seats
and the commitment and salts it was dealt with, before its first update), ``news`` (a line
for every table's log: who joined, left, started early, a stand-in taking a seat over),
``reveal`` (at the end: the host's seed and the seed the game was dealt from, for every
client to check against the commitment),
``outcome`` (Money: a press judged, with reaction and network figures), ``record`` (at
the end of the game only, to each seated player: ``text``, the game's whole record, which
their cardsuite keeps), ``asking`` (before
a welcome: the seat asked for is kept for a player who dropped, and the host is being asked
whether to let this client have it) and ``error`` (the reason the connection is being
closed; ``code`` ``unknown-token`` when a seat's token is not known here, ``seat-given``
when the host has given that seat to someone else).

Text a client sends is checked as text: a string holding a lone surrogate (``"\\ud800"``,
which JSON can spell but no UTF-8 can carry) is a bad field like any other, so nothing
further in the server ever has to encode or compare one. Names are labels, never
credentials: ``name_key`` is how the table tells whether two names are the same (case and
look-alike letters folded), and a dropped seat is given back only to its token.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import math
import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PROTOCOL = 1
#: The largest message a client may send (an action's text is a few dozen bytes).
MAX_CLIENT_BYTES = 16 * 1024
#: The largest message a server sends (a Casino position can offer thousands of steps).
MAX_SERVER_BYTES = 8 * 1024 * 1024
#: A client may send this many messages a second on average, in bursts of ``BURST``.
RATE = 40.0
BURST = 80.0
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 5.0
#: Seconds the host has to answer a player who asks for a seat kept for someone else.
ASK_TIMEOUT = 120.0
DEFAULT_PORT = 8765

_SECRET_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
_SECRET_RE = re.compile(r"^[a-z0-9-]{4,64}$")


class ProtocolError(ValueError):
    """A message that is not one of ours; ``reason`` says why, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def new_secret() -> str:
    """A table secret like ``4kq9-tz2m``: 8 characters from 31, about 40 bits, read aloud
    without confusing 0 and o."""
    chars = "".join(secrets.choice(_SECRET_ALPHABET) for _ in range(8))
    return f"{chars[:4]}-{chars[4:]}"


def new_token() -> str:
    """A seat's reconnect token: only its holder can take the seat back."""
    return secrets.token_urlsafe(18)


def is_text(value: str) -> bool:
    """Whether ``value`` is Unicode text that UTF-8 can carry (no lone surrogate: JSON's
    ``"\\ud800"`` decodes to one)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def same_secret(given: str, known: str) -> bool:
    """``given == known`` in constant time, for a secret or a token. Any string is safe here
    (``hmac.compare_digest`` takes only ASCII ``str``, and UTF-8 cannot encode a lone
    surrogate: both are compared as bytes that any code point can be spelt in)."""
    return hmac.compare_digest(
        given.encode("utf-8", "surrogatepass"), known.encode("utf-8", "surrogatepass")
    )


# --- names: labels, compared as a reader would ---------------------------------------------

#: Letters of other scripts that look like a Latin letter (the common Cyrillic and Greek
#: ones, and a few Latin variants), by how they look. Capitals are folded before casefold
#: (Greek Eta looks like H, its small eta like n), small letters after it. A small list on
#: purpose: Unicode's full confusables table (UTS #39) is large and would be a dependency;
#: this one catches the names a player could mistake at a card table.
_LOOKALIKE_CAPITALS = str.maketrans(
    {
        **dict(zip("АВЕЅІЈКМНОРСТХУҮԚԜӀ", "ABESIJKMHOPCTXYYQWI", strict=True)),  # Cyrillic
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿ", "ABEZHIKMNOPTYXCJ", strict=True)),  # Greek
    }
)
_LOOKALIKE_SMALL = str.maketrans(
    {
        **dict(zip("асеорхуѕіјһԁԛԝӏүкмнтв", "aceopxysijhdqwlykmhtb", strict=True)),  # Cyrillic
        **dict(zip("αοριυχνκτγϲϳ", "aopiuxvktycj", strict=True)),  # Greek
        **dict(zip("ıɡɑ01", "igaol", strict=True)),  # Latin variants, digits like letters
    }
)


def name_key(name: str) -> str:
    """What two names must share to be the same name at a table: ``South``, ``SOUTH``,
    ``ｓｏｕｔｈ`` and ``Ѕouth`` (a Cyrillic S) all give ``south``. Compatibility forms
    (NFKC: full-width, ligatures, styled letters), case (casefold) and the look-alike letters
    above are folded, spaces collapsed; accents are kept (``José`` is not ``Jose``)."""
    text = unicodedata.normalize("NFKD", name).translate(_LOOKALIKE_CAPITALS)
    text = text.casefold().translate(_LOOKALIKE_SMALL)
    return " ".join(unicodedata.normalize("NFKC", text).split())


@dataclass(frozen=True)
class Address:
    """Where a table is and its secret: ``host:port/secret``."""

    host: str
    port: int
    secret: str

    def __str__(self) -> str:
        return f"{self.where}/{self.secret}"

    @property
    def where(self) -> str:
        """``host:port``, without the secret (for messages)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/table"


def parse_address(text: str) -> Address:
    """``127.0.0.1:8765/4kq9-tz2m`` (or ``[::1]:8765/...``, or a host name); a
    ``ValueError`` says what is wrong and what is expected."""
    shape = "an address like 127.0.0.1:8765/4kq9-tz2m (host:port/secret)"
    raw = text.strip()
    for prefix in ("cardsuite://", "ws://", "http://"):
        if raw.startswith(prefix):
            raw = raw[len(prefix) :]
    where, sep, secret = raw.partition("/")
    if not sep or not secret:
        raise ValueError(f"{text!r} has no table secret; give {shape}")
    if not _SECRET_RE.match(secret):
        raise ValueError(f"{secret!r} is not a table secret; give {shape}")
    if where.startswith("["):
        host, close, rest = where[1:].partition("]")
        if not close or not rest.startswith(":"):
            raise ValueError(f"{text!r}: an IPv6 host is written [::1]:8765; give {shape}")
        port_text = rest[1:]
    else:
        host, colon, port_text = where.rpartition(":")
        if not colon:
            host, port_text = where, str(DEFAULT_PORT)
    if not host:
        raise ValueError(f"{text!r} has no host; give {shape}")
    if not _is_host(host):
        raise ValueError(f"{host!r} is not a machine's name or address; give {shape}")
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"{port_text!r} is not a port (1-65535); give {shape}")
    return Address(host, int(port_text), secret)


def _is_host(host: str) -> bool:
    """A name a connection can be made to: an IP address, or a host name that IDNA can
    spell (nothing blank, no control character, no lone surrogate, labels of at most 63)."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    if not is_text(host) or any(c.isspace() or not c.isprintable() for c in host):
        return False
    try:
        host.encode("idna")
    except UnicodeError:
        return False
    return True


def encode(kind: str, /, **fields: Any) -> str:  # /: a press has a field "kind"
    """A message as compact JSON text."""
    return json.dumps({"v": PROTOCOL, "type": kind, **fields}, separators=(",", ":"))


# --- reading what a client sends ---------------------------------------------------------


def _text(limit: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and len(v) <= limit and is_text(v)


def _int(lo: int, hi: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and lo <= v <= hi


def _number(v: Any) -> bool:
    return type(v) in (int, float) and math.isfinite(v) and abs(v) < 1e12


def _bool(v: Any) -> bool:
    return type(v) is bool


#: Per message type: field -> (check, required).
_CLIENT: dict[str, dict[str, tuple[Callable[[Any], bool], bool]]] = {
    "hello": {
        "secret": (_text(64), True),
        "name": (_text(64), False),
        "token": (_text(64), False),
        "seat": (_int(0, 63), False),
        "watch": (_bool, False),
    },
    "act": {"action": (_text(4000), True), "seq": (_int(0, 2**53), True)},
    "hint": {},
    "explain": {"action": (_text(4000), True)},
    "pong": {"id": (_int(0, 2**53), True), "c1": (_number, True), "c2": (_number, True)},
    "seen": {"card": (_int(0, 2**31), True), "at": (_number, True)},
    "press": {
        "kind": (lambda v: v in ("turn", "snap"), True),
        "at": (_number, True),
        "card": (_int(0, 2**31), True),
        "key": (_text(32), False),
    },
    "bye": {},
    "salt": {"salt": (_text(64), True)},
    "start": {"level": (_text(16), True)},
    "rematch": {"yes": (_bool, True)},
}


def decode_client(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked field by field; ``ProtocolError`` otherwise."""
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    if len(text) > MAX_CLIENT_BYTES:
        raise ProtocolError(f"message too large (at most {MAX_CLIENT_BYTES} bytes)")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):  # ValueError: also a number of over 4300 digits
        raise ProtocolError("not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    if msg.get("v") != PROTOCOL:
        raise ProtocolError(f"protocol version {msg.get('v')!r}; this table speaks {PROTOCOL}")
    kind = msg.get("type")
    fields = _CLIENT.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(f"unknown message type {kind!r}")
    for name, (check, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError(f"{kind}: {name} is missing")
            continue
        if not check(msg[name]):
            raise ProtocolError(f"{kind}: bad {name}")
    extra = set(msg) - set(fields) - {"v", "type"}
    if extra:
        raise ProtocolError(f"{kind}: unknown field {sorted(extra)[0]!r}")
    return msg


def decode_server(text: str | bytes) -> dict[str, Any]:
    """A server's message (the client trusts its host, but not blindly: a message that is
    not a JSON object of our version is refused, not half-read)."""
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError("a message is a JSON object with a type")
    # A lone surrogate can only come spelt as an escape; text holding one would break the
    # screen that draws it (and a file that keeps it), so such a message is not read at all.
    if "\\ud" in text.lower() and not is_text(json.dumps(msg, ensure_ascii=False)):
        raise ProtocolError("text that is not Unicode (a lone surrogate)")
    if msg.get("v") != PROTOCOL:
        raise ProtocolError(f"the table speaks protocol {msg.get('v')!r}; this client {PROTOCOL}")
    return msg


class RateLimiter:
    """A token bucket on an injected clock: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, clock: Callable[[], float], rate: float = RATE, burst: float = BURST):
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def event_json(event: Any) -> list[Any]:
    """An engine ``Event`` as ``[kind, seat, text, data]`` (its text written out)."""
    data: list[Any] = event.to_json()
    return data


def seat_status(kind: str, connected: bool, standin: bool, taken: bool = True) -> str:
    """How a seat is shown to the table: a bot level, ``here``, ``awaited`` (a waiting
    room's seat nobody has taken), ``away`` or ``away, a bot plays``."""
    if kind not in ("human", "remote"):
        return kind
    if connected:
        return "here"
    if not taken:
        return "awaited"
    return "away, a bot plays" if standin else "away"


__all__ = [
    "ASK_TIMEOUT",
    "BURST",
    "DEFAULT_PORT",
    "HELLO_TIMEOUT",
    "MAX_CLIENT_BYTES",
    "MAX_SERVER_BYTES",
    "PROTOCOL",
    "RATE",
    "Address",
    "ProtocolError",
    "RateLimiter",
    "decode_client",
    "decode_server",
    "encode",
    "event_json",
    "is_text",
    "name_key",
    "new_secret",
    "new_token",
    "parse_address",
    "same_secret",
    "seat_status",
]
