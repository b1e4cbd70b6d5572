"""The server's limits (``fireteam serve`` options, docs/server.md "Limits: what an attacker
on the internet can and cannot do"): how fast one connection, one address or one seat may
send (:class:`RateLimit`, a token bucket; :class:`Buckets`, one per key), how many
connections the server and one address may hold (:class:`Gate`) and how many may be in
their handshake (:class:`Doorway`), how often one client may fill the log (:class:`Quiet`),
and how long games are kept loaded (finished ones) or kept at all (abandoned ones: see
:meth:`game.net.rooms.Lobby.sweep`).

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
    # counted per address across all its connections (a client cannot dodge them by
    # reconnecting); 0: no limit
    address_rate: float = 60.0  # messages a second from one address, all connections
    create_per_hour: float = 30.0  # games one address may create (10 at once, then this)
    guesses_per_minute: float = 20.0  # join, spectate and reconnect attempts (20 at once)
    # connections
    handshake_timeout: float = 5.0  # seconds to finish the WebSocket handshake
    max_handshakes: int = 256  # connections still in their handshake, in all
    max_handshakes_per_address: int = 16  # and from one address
    idle_timeout: float = 300.0  # a connection holding nothing and silent this long: closed
    ping_interval: float = 20.0  # every connection is pinged; no pong within as long: dropped
    # per game
    max_spectators: int = 20
    chat_per_minute: float = 12.0  # chat lines per seat (the spectators of a game share
    # one allowance), 5 at once
    offers_per_hour: float = 6.0  # draw offers per seat (2 at once); one stands at a time
    claim_after: float = 600.0  # seconds the other seat must be gone before the win may be
    # claimed (0: never, by absence; a turn clock still counts)

    def __post_init__(self) -> None:
        if self.rate <= 0 or self.burst < 1:
            raise ValueError("the rate must be above 0 and the burst at least 1")
        counts = (self.max_connections, self.max_per_address, self.keep_finished,
                  self.abandon_after, self.address_rate, self.create_per_hour,
                  self.guesses_per_minute, self.handshake_timeout, self.max_handshakes,
                  self.max_handshakes_per_address, self.idle_timeout, self.ping_interval,
                  self.max_spectators, self.chat_per_minute, self.offers_per_hour,
                  self.claim_after)
        if min(counts) < 0:
            raise ValueError("the limits cannot be negative")

    def wire(self) -> dict[str, float | int]:
        """The limits a client should know (sent in the ``hello`` message; 0: none)."""
        from game.net.protocol import MAX_CHAT, MAX_DEPTH, MAX_NAME, MAX_REQUEST_BYTES

        return {"rate": self.rate, "burst": self.burst, "address_rate": self.address_rate,
                "create_per_hour": self.create_per_hour,
                "guesses_per_minute": self.guesses_per_minute,
                "max_message_bytes": MAX_REQUEST_BYTES, "max_depth": MAX_DEPTH,
                "max_chat": MAX_CHAT, "max_name": MAX_NAME,
                "max_spectators": self.max_spectators,
                "chat_per_minute": self.chat_per_minute,
                "offers_per_hour": self.offers_per_hour, "claim_after": self.claim_after,
                "idle_timeout": self.idle_timeout, "ping_interval": self.ping_interval}


# what the load test starts its own server with: all its clients come from 127.0.0.1, and
# its players answer faster than people (the limits' own cost is still paid)
UNLIMITED = ("--max-connections", "0", "--max-per-address", "0", "--rate", "100000",
             "--burst", "100000", "--address-rate", "0", "--create-per-hour", "0",
             "--guesses-per-minute", "0", "--max-handshakes", "0")


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

    def retry_after(self) -> float:
        """Seconds until one more would be allowed (0: now)."""
        return max(0.0, (1.0 - self.tokens) / self.rate)

    def full(self) -> bool:
        """As if unused (nothing to remember about it)."""
        now = self.clock()
        return self.tokens + (now - self.last) * self.rate >= self.burst


class Buckets:
    """One :class:`RateLimit` per key (an address, a token), made when first needed and
    forgotten once full again (:meth:`prune`): memory follows the clients active lately.
    A rate of 0 is no limit."""

    def __init__(self, rate: float, burst: int, what: str,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.what, self.clock = rate, burst, what, clock
        self.buckets: dict[str, RateLimit] = {}

    def allow(self, key: str) -> bool:
        if self.rate <= 0:
            return True
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = RateLimit(self.rate, self.burst, self.clock)
        return bucket.allow()

    def retry_after(self, key: str) -> float:
        bucket = self.buckets.get(key)
        return bucket.retry_after() if bucket is not None else 0.0

    def prune(self) -> None:
        self.buckets = {k: b for k, b in self.buckets.items() if not b.full()}


class Quiet:
    """At most one log line per key (a client's address) per ``every`` seconds: a flood
    of bad messages writes one line a minute, not one per message."""

    def __init__(self, every: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.clock = every, clock
        self.last: dict[str, float] = {}
        self.skipped: Counter[str] = Counter()

    def allow(self, key: str) -> bool:
        now = self.clock()
        if now - self.last.get(key, -self.every - 1) >= self.every:
            self.last[key] = now
            return True
        self.skipped[key] += 1
        return False

    def prune(self) -> None:
        now = self.clock()
        self.last = {k: t for k, t in self.last.items() if now - t < self.every}
        self.skipped = Counter({k: n for k, n in self.skipped.items() if k in self.last})


class Gate:
    """Counts the connections open, in all and per address; :meth:`admit` takes one in or
    says why not, :meth:`release` lets it go."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.by_address: Counter[str] = Counter()

    def caps(self) -> tuple[int, int]:
        """The caps in all and per address (0: none)."""
        return self.limits.max_connections, self.limits.max_per_address

    def admit(self, address: str, per_address: bool = True) -> str | None:
        """None (and the connection is counted), or why it is refused. ``per_address`` off:
        only the cap in all applies."""
        in_all, each = self.caps()
        if in_all and self.total >= in_all:
            return f"the server is full ({in_all} connections); try again later"
        if per_address and each and self.by_address[address] >= each:
            return (f"too many connections from {address} (at most {each}); close one and "
                    "try again")
        self.total += 1
        self.by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


class Doorway(Gate):
    """Counts the connections still in their WebSocket handshake, in all and per address:
    :meth:`admit` says whether one more may start it (refused ones are cut at once, before
    any byte is read), :meth:`release` when it is done (opened, failed or timed out)."""

    def caps(self) -> tuple[int, int]:
        return self.limits.max_handshakes, self.limits.max_handshakes_per_address


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
                return counted(last[:64])
    return counted(host)


def counted(address: str) -> str:
    """What the limits count: an IPv4 address as it is; an IPv6 one by its /64 (a single
    customer usually holds a whole /64, and could otherwise dodge every limit by changing
    address)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and not ip.is_loopback:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return address
