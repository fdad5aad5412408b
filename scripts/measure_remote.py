"""Figures for remote play (issue 15), on loopback, in one process on one clock.

1. Action to all screens: a Manni table with three scripted clients; for every move, the time
   from the client sending its action to the last of the three receiving the update that
   carries it (p50, p95).
2. Many tables: ``--tables N`` (default 200) Twenty-Two tables on one server process, each
   with three bots (at ``--pace`` seconds a move) and one scripted client in the fourth seat;
   over ``--seconds``: the CPU the process used (per cent of one core), its peak memory,
   moves a second, and the delay from the server handing an update to its connection to the
   client reading it (p50, p95).

    python scripts/measure_remote.py [--tables 200] [--seconds 20] [--pace 0.5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "support"))

from remote_players import ScriptedPlayer, hosted, wait_for

from cardsuite.match import SeatSpec


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def action_latency(moves: int = 400) -> dict[str, float]:
    seats = [SeatSpec("remote", n) for n in ("Ann", "Bob", "Cy")]
    # scripted players answer at once, far faster than the 40 messages a second a person gets
    server = await hosted("manni", seats, seed=1, variant="basic", rate=1000.0, burst=1000.0)
    sent: dict[int, float] = {}
    got: dict[int, list[float]] = {}
    players = [ScriptedPlayer(server.address, n) for n in ("Ann", "Bob", "Cy")]
    for p in players:
        original, send = p.on_message, p.client.send_soon

        def on_message(msg: dict, original=original) -> None:  # type: ignore[no-untyped-def]
            if msg["type"] == "update":
                got.setdefault(msg["seq"], []).append(time.perf_counter())
            original(msg)

        def send_soon(kind: str, send=send, **fields) -> bool:  # type: ignore[no-untyped-def]
            if kind == "act":
                sent[fields["seq"] + 1] = time.perf_counter()  # its update will be seq + 1
            return send(kind, **fields)

        p.client.on_message = on_message
        p.client.send_soon = send_soon  # type: ignore[method-assign]
        p.start()
    await wait_for(lambda: len(server.match.record) >= moves or server.match.is_over(), 120)
    for p in players:
        await p.close()
    await server.close()
    lat = [(max(got[s]) - sent[s]) * 1000 for s in sent if s in got and len(got[s]) == 3 and s > 0]
    return {"moves": len(lat), "p50_ms": pct(lat, 0.5), "p95_ms": pct(lat, 0.95)}


async def many_tables(tables: int, seconds: float, pace: float) -> dict[str, float]:
    servers = []
    delays: list[float] = []
    handed: dict[tuple[int, int], float] = {}
    players = []
    for t in range(tables):
        seats = [SeatSpec("remote", "You")] + [SeatSpec("medium", f"B{i}") for i in range(3)]
        server = await hosted("twenty-two", seats, seed=t, bot_delay=pace, hold=0.0, ping_every=2.0)

        def on_send(conn, text, t=t) -> None:  # type: ignore[no-untyped-def]
            if text.startswith('{"v":1,"type":"update"'):
                handed[(t, json.loads(text)["seq"])] = time.perf_counter()

        server.on_send = on_send
        servers.append(server)
        p = ScriptedPlayer(server.address, "You")
        original = p.on_message

        def on_message(msg: dict, t=t, original=original) -> None:  # type: ignore[no-untyped-def]
            if msg["type"] == "update" and (t, msg["seq"]) in handed:
                delays.append((time.perf_counter() - handed.pop((t, msg["seq"]))) * 1000)
            original(msg)

        p.client.on_message = on_message
        players.append(p.start())
    await asyncio.sleep(1.0)  # all seated
    moves0 = sum(len(s.match.record) for s in servers)
    delays.clear()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    moves = sum(len(s.match.record) for s in servers) - moves0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for p in players:
        await p.close(bye=False)
    for s in servers:
        await s.close()
    return {
        "tables": tables,
        "cpu_pct_of_one_core": 100 * cpu / wall,
        "peak_rss_mb": peak,
        "moves_per_s": moves / wall,
        "update_p50_ms": pct(delays, 0.5),
        "update_p95_ms": pct(delays, 0.95),
    }


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--pace", type=float, default=0.5)
    args = ap.parse_args()
    print("action to all screens (Manni, 3 clients):", json.dumps(await action_latency()))
    print(
        f"{args.tables} tables, one client each:",
        json.dumps(await many_tables(args.tables, args.seconds, args.pace)),
    )


if __name__ == "__main__":
    asyncio.run(main())
