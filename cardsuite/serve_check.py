"""Before ``cardsuite serve`` starts: is the host one of ours, is it only this machine, is the
port free?

Every browser tab that opens the served page runs the app as the user who started it, so a
host other than loopback hands that to everyone who can reach the port. The CLI asks for
``--public`` then. The checks bind a socket the way the server will, so a bad host or a port
in use is a plain message before anything starts, not a traceback from inside aiohttp.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass


class ServeError(Exception):
    """The host or port cannot be served on; the message says why."""


@dataclass(frozen=True)
class Bind:
    """Where the server would listen: the addresses ``host`` resolves to."""

    host: str
    port: int
    addresses: tuple[str, ...]

    @property
    def loopback(self) -> bool:
        """Reachable from this machine only (every address is a loopback one)."""
        return all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in self.addresses)


def resolve(host: str, port: int) -> Bind:
    """The addresses for ``host``; ServeError if it names none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError) as e:
        raise ServeError(f"cannot serve on host {host!r}: {_reason(e)}") from None
    addresses = tuple(dict.fromkeys(str(info[4][0]) for info in infos))
    if not addresses:
        raise ServeError(f"cannot serve on host {host!r}: it names no address")
    return Bind(host, port, addresses)


def check_free(bind: Bind) -> None:
    """ServeError unless every address of ``bind`` can be listened on at its port now."""
    for family, kind, proto, _name, address in socket.getaddrinfo(
        bind.host, bind.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
                probe.listen(1)
            except OSError as e:
                where = f"{address[0]} port {bind.port}"
                raise ServeError(f"cannot serve on {where}: {_reason(e)}") from None


def _reason(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text[0].lower() + text[1:] if text else "unknown error"
