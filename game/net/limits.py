"""The server's limits (``fireteam serve`` options, docs/server.md "Limits"): how fast one
connection may send (:class:`RateLimit`, a token bucket), how many connections the server and
one address may hold (:class:`Gate`), and how long games are kept loaded (finished ones) or
kept at all (abandoned ones: see :meth:`game.net.rooms.Lobby.sweep`).

Nothing here reads a clock by itself: every class takes one, so that the tests decide what
time it is.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

DAY = 86400.0


@dataclass(frozen=True)
class Limits:
    """What one server process allows. A 0 for a count or a duration means "no limit"."""

    rate: float = 20.0  # messages a second one connection may send, sustained
    burst: int = 40  # messages one connection may send at once (the bucket's size)
    max_connections: int = 1000  # connections at once (under the usual 1024 open files)
    max_per_address: int = 64  # connections at once from one address (a club behind NAT)
    keep_finished: float = 600.0  # seconds a finished game stays loaded, to show its result
    abandon_after: float = 14 * DAY  # seconds without an action or a player coming back
    forwarded: bool = False  # a client's address is X-Forwarded-For's last entry when the
    # connection comes from this machine (a reverse proxy on it)

    def __post_init__(self) -> None:
        if self.rate <= 0 or self.burst < 1:
            raise ValueError("the rate must be above 0 and the burst at least 1")
        if min(self.max_connections, self.max_per_address) < 0 or \
                min(self.keep_finished, self.abandon_after) < 0:
            raise ValueError("the limits cannot be negative")


# what the load test starts its own server with: all its clients come from 127.0.0.1, and
# its players answer faster than people (the limits' own cost is still paid)
UNLIMITED = ("--max-connections", "0", "--max-per-address", "0", "--rate", "100000",
             "--burst", "100000")


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second. :meth:`allow`
    says whether one more message may be handled now (and counts it if so)."""

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def describe(self) -> str:
        return f"at most {self.rate:g} messages a second (and {self.burst} at once)"


class Gate:
    """Counts the connections open, in all and per address; :meth:`admit` takes one in or
    says why not, :meth:`release` lets it go."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.by_address: Counter[str] = Counter()

    def admit(self, address: str) -> str | None:
        """None (and the connection is counted), or why it is refused."""
        limits = self.limits
        if limits.max_connections and self.total >= limits.max_connections:
            return (f"the server is full ({limits.max_connections} connections); "
                    "try again later")
        if limits.max_per_address and self.by_address[address] >= limits.max_per_address:
            return (f"too many connections from {address} (at most "
                    f"{limits.max_per_address}); close one and try again")
        self.total += 1
        self.by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


def client_address(peer: object, forwarded_for: str | None, trust_forwarded: bool) -> str:
    """The address a connection counts against: the socket's peer (``(host, port, ...)``),
    or, with ``trust_forwarded`` and a peer on this machine (a reverse proxy), the last
    address the proxy put in X-Forwarded-For."""
    host = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
    if trust_forwarded and forwarded_for:
        try:
            local = ipaddress.ip_address(host).is_loopback
        except ValueError:
            local = False
        if local:
            last = forwarded_for.split(",")[-1].strip()
            if last:
                return last[:64]
    return host
