"""The server's games and what each client message does to them, without any networking:
:class:`Lobby` holds every :class:`Room` (one game: its engine, seats, connections,
spectators) and answers one checked :class:`Request` from one :class:`Peer` at a time.

Trust lives here: a seat is the one its token was issued for; an action is carried out only
for that seat, on that seat's decision, at the position (``ply``) it was chosen on, and only
if the engine finds it legal. Only the server rolls dice (each game's seed comes from the
operating system). Every change is written to the :class:`Store` before anybody is told:
handling a message only queues its writes (:attr:`Lobby.ops`) and its messages
(:attr:`Lobby.outbox`); the server commits the writes in a batch, then delivers the messages
(:meth:`Lobby.take`).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.engine import opponent
from game.engine.actions import Action, AgreeResult, Concede, parse_action
from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.errors import IllegalActionError
from game.engine.game import Game
from game.engine.persist import fingerprint
from game.engine.rulesets import RULE_SET_NAMES, RuleSet, missions_of, rule_set
from game.net.limits import DAY, Limits, RateLimit
from game.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    ErrorCode,
    Kind,
    ProtocolError,
    Reply,
    Request,
    delta_to_wire,
    deltas_to_wire,
    error_reply,
    parse_action_text,
    reply,
    view_to_wire,
)
from game.net.store import (
    KEEP_CHAT,
    Append,
    ChatLine,
    Damaged,
    Entry,
    EntryKind,
    Finish,
    GameRecord,
    NewGame,
    NewSeat,
    Op,
    Rotate,
    Say,
    Store,
)

TOKEN_BYTES = 32  # 256 bits


class ReplayError(Exception):
    """A stored game does not replay (its reason, for the operator and its players)."""


class Peer(Protocol):
    """One client connection, as the rooms see it."""

    room: Room | None
    seat: int | None  # None with a room: spectating

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, reason: str) -> None: ...


def chat_to_wire(lines: list[ChatLine]) -> list[dict[str, Any]]:
    return [{"seat": line.seat, "name": line.name, "text": line.text} for line in lines]


def normal_code(code: str) -> str:
    """A join code as typed (any case, spaces or dashes between its groups) as stored."""
    return "".join(ch for ch in code.upper() if ch not in " -")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Room:
    """One game on the server."""

    id: str
    code: str
    spec: dict[str, Any]
    seed: int
    open: bool
    game: Game
    names: dict[int, str] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)  # seat -> token hash
    peers: dict[int, Peer] = field(default_factory=dict)  # seat -> its connection
    spectators: list[Peer] = field(default_factory=list)
    ply: int = 0  # journal lines so far
    draw_offer: int | None = None
    finished: float | None = None  # when it ended (over, or abandoned)
    active: float = 0.0  # when it was created, last changed or last taken up by a seat
    chat: list[ChatLine] = field(default_factory=list)  # kept with the game (the last ones)
    turn_since: float = 0.0  # when the player to act was first asked (the turn clock)
    gone_since: dict[int, float] = field(default_factory=dict)  # seat -> when it left
    allowances: dict[str, RateLimit] = field(default_factory=dict)  # chat, offers per seat

    @property
    def turn_minutes(self) -> int:
        """The host's turn clock: minutes each decision may take (0: no clock)."""
        minutes = self.spec.get("turn_minutes", 0)
        return minutes if isinstance(minutes, int) else 0
    _content: str | None = field(default=None, repr=False)

    @property
    def ended(self) -> bool:
        """Over, or abandoned (kept for a while, but nobody may play it any more)."""
        return self.finished is not None or self.game.is_over

    @property
    def free(self) -> list[int]:
        return [s for s in (1, 2) if s not in self.tokens]

    def content(self) -> str:
        """The sha256 of the game's content fingerprint (worked out once: the config and the
        operatives' cards never change in a game)."""
        if self._content is None:
            cards = {op.card for op in self.game.state.operatives.values()}
            self._content = str(fingerprint(self.game.config, cards)["sha256"])
        return self._content

    def summary(self) -> dict[str, Any]:
        teams = self.spec["fireteams"]
        return {"code": self.code, "mission": self.spec["mission"],
                "fireteams": [teams["1"], teams["2"]], "names": self.wire_names(),
                "free": self.free, "turn_minutes": self.turn_minutes,
                "rules": self.spec.get("rules", RuleSet.FIRETEAM.value)}

    def wire_names(self) -> dict[str, str]:
        return {str(s): n for s, n in self.names.items()}

    def everyone(self) -> list[tuple[Peer, int | None]]:
        return [(p, s) for s, p in self.peers.items()] + [(p, None) for p in self.spectators]


class Lobby:
    """Every game on this server, and the handling of each client message."""

    def __init__(self, catalogue: Catalogue, store: Store,
                 clock: Callable[[], float] = time.time, limits: Limits | None = None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.catalogue = catalogue
        self.store = store
        self.clock = clock
        # every new game's dice seed: fresh randomness from the OS unless a test fixes them
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.by_code: dict[str, Room] = {}
        self.by_token: dict[str, tuple[Room, int]] = {}
        # the stored games that cannot be served (kept as they are; see resume)
        self.quarantined: dict[str, Damaged] = {}
        self.quarantined_by: dict[str, Damaged] = {}  # a code or a token's hash -> the game
        self.ops: list[Op] = []  # writes not yet committed
        self.outbox: list[tuple[Peer, dict[str, Any] | None]] = []  # None: close it
        self.resume()
        self.sweep()  # games abandoned while the server was down end now
        self.store.commit(self.take()[0])

    def post(self, peer: Peer, message: dict[str, Any] | None) -> None:
        """Send ``message`` to ``peer`` (None: close it) once the writes so far are
        committed."""
        self.outbox.append((peer, message))

    def take(self) -> tuple[list[Op], list[tuple[Peer, dict[str, Any] | None]]]:
        """The writes queued and the messages waiting for them (both emptied)."""
        ops, out = self.ops, self.outbox
        self.ops, self.outbox = [], []
        return ops, out

    def commit_failed(self, ops: list[Op], out: list[tuple[Peer, dict[str, Any] | None]],
                      error: BaseException) -> list[tuple[Peer, dict[str, Any] | None]]:
        """The store refused a batch: the games it touched are put back as the store has
        them (their later writes and messages dropped), every request waiting for an answer
        is refused (server_error) and everybody in them is sent the position again. Returns
        the messages still to deliver."""
        touched = {op.game_id for op in ops} | {op.game_id for op in self.ops}
        self.ops = [op for op in self.ops if op.game_id not in touched]
        rooms = [self.rooms[g] for g in touched if g in self.rooms]
        peers = {id(p) for room in rooms for p, _ in room.everyone()}
        keep = [(p, m) for p, m in out + self.outbox if id(p) not in peers]
        dropped = [(p, m) for p, m in out + self.outbox if id(p) in peers]
        self.outbox = []
        stored = {r.id: r for r in self.store.games(finished_since=0.0)}
        problem = ProtocolError(ErrorCode.SERVER, f"the server could not store the last "
                                f"change ({error}); the game is as it was before it")
        for peer, message in dropped:  # the answers awaited: the refusal instead
            if message is not None and message.get("ref") is not None:
                keep.append((peer, error_reply(problem, message["ref"])))
        for room in rooms:
            everyone = room.everyone()
            record = stored.get(room.id)
            fresh = self.resumed(record) if isinstance(record, GameRecord) else None
            if fresh is not None:
                room.game, room.ply, room.finished = fresh.game, fresh.ply, fresh.finished
                room.tokens, room.names = fresh.tokens, fresh.names
            else:
                if isinstance(record, Damaged):
                    self.quarantine(record)
                self.forget(room)
                stored.pop(room.id, None)
            for peer, seat in everyone:
                if room.id in stored:
                    keep.append((peer, reply(Reply.UPDATE, ply=room.ply, by=None,
                                             over=room.game.is_over, winner=room.game.winner,
                                             delta=delta_to_wire(room.game, seat, 0, 0))))
                else:
                    peer.room, peer.seat = None, None
        self.by_token = {d: (r, s) for r in self.rooms.values() for s, d in r.tokens.items()}
        return keep

    # --- start-up ----------------------------------------------------------------------

    def resume(self) -> None:
        """Rebuild every stored game in progress (and those finished lately) by replaying
        its journal through the engine with its seed, each on its own: a game that cannot
        be read or replayed (a damaged row, content or rules that changed under it) is
        quarantined, and every other game is served."""
        for record in self.store.games(
                finished_since=self.clock() - self.limits.keep_finished):
            room = self.resumed(record) if isinstance(record, GameRecord) else None
            if room is not None:
                self.add(room)
            elif isinstance(record, Damaged):
                self.quarantine(record)

    def resumed(self, record: GameRecord) -> Room | None:
        """The game rebuilt, or None (and it is quarantined) if it cannot be."""
        try:
            return self.rebuild(record)
        except ReplayError as error:
            reason = str(error)
        except Exception as error:  # noqa: BLE001 - any failure quarantines this game only
            reason = f"it does not replay ({type(error).__name__}: {str(error)[:200]})"
        self.quarantine(Damaged(record.id, record.code, reason,
                                tuple(s.token_hash for s in record.seats)))
        return None

    def quarantine(self, damaged: Damaged) -> None:
        """Keep a stored game out of play: it stays in the store as it is, the operator
        finds it in :attr:`quarantined` (and in the server's start-up lines), and its
        players are told why when they come back with their token or its code."""
        self.quarantined[damaged.id] = damaged
        self.quarantined_by[damaged.code] = damaged
        for digest in damaged.token_hashes:
            self.quarantined_by[digest] = damaged

    def unavailable(self, damaged: Damaged) -> ProtocolError:
        return ProtocolError(ErrorCode.UNAVAILABLE, f"game {damaged.code} cannot be resumed "
                             f"on this server: {damaged.reason}. It is kept as it was, and the "
                             "server's operator has been told")

    def rebuild(self, record: GameRecord) -> Room:
        """The room of a stored game; raises ReplayError naming what does not replay."""
        try:
            game = self.new_game(record.spec, record.seed)
        except Exception as error:  # noqa: BLE001 - told as the reason
            raise ReplayError(f"its recipe does not build a game ({type(error).__name__}: "
                              f"{str(error)[:200]})") from None
        now = self.clock()
        room = Room(record.id, record.code, record.spec, record.seed, record.open, game,
                    finished=record.finished, active=record.last_active,
                    chat=list(record.chat), turn_since=now)
        for seat in record.seats:
            room.names[seat.seat] = seat.name
            room.tokens[seat.seat] = seat.token_hash
            room.gone_since[seat.seat] = now  # nobody's time ran while the server was down
        for entry in record.journal:
            try:
                if entry.kind == EntryKind.ACT:
                    game.apply(parse_action(entry.text))
                else:
                    game.undo()
            except Exception as error:  # noqa: BLE001 - told as the reason
                raise ReplayError(f"journal line {entry.n} ({entry.text[:60]!r}) does not "
                                  f"replay ({type(error).__name__}: {str(error)[:200]})"
                                  ) from None
        room.ply = len(record.journal)
        if game.is_over and room.finished is None:
            # killed after the last action was written, before the game was marked over
            self.ops.append(Finish(room.id, self.clock()))
            room.finished = self.clock()
        return room

    def new_game(self, spec: dict[str, Any], seed: int) -> Game:
        teams = spec["fireteams"]
        return Game.new(self.catalogue, spec["mission"], (teams["1"], teams["2"]),
                        RandomDice(seed), rules=spec.get("rules", RuleSet.FIRETEAM))

    def add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.by_code[room.code] = room
        for seat, digest in room.tokens.items():
            self.by_token[digest] = (room, seat)

    def sweep(self) -> None:
        """Unload the finished games nobody is looking at any more (``keep_finished``
        seconds after their end), and end the games abandoned in progress: no action and no
        seat taken up for ``abandon_after`` seconds, and no seat connected now. An abandoned
        game is marked finished in the store (its journal stays: it is never resumed again)
        and its spectators are told and let go."""
        now = self.clock()
        limits = self.limits
        for room in list(self.rooms.values()):
            if room.finished is not None:
                if now - room.finished > limits.keep_finished and not room.peers \
                        and not room.spectators:
                    self.forget(room)
            elif limits.abandon_after and now - room.active > limits.abandon_after \
                    and not room.peers:
                self.abandon(room)

    def abandon(self, room: Room) -> None:
        days = self.limits.abandon_after / DAY
        problem = ProtocolError(ErrorCode.GAME_OVER, f"game {room.code} was abandoned: "
                                f"nobody played it for {days:g} days")
        self.ops.append(Finish(room.id, self.clock()))
        for peer in list(room.spectators):
            peer.room, peer.seat = None, None
            self.post(peer, error_reply(problem))
            self.post(peer, None)
        room.spectators.clear()
        self.forget(room)

    def forget(self, room: Room) -> None:
        self.rooms.pop(room.id, None)
        self.by_code.pop(room.code, None)
        for digest in room.tokens.values():
            self.by_token.pop(digest, None)

    # --- messages ----------------------------------------------------------------------

    def handle(self, peer: Peer, req: Request) -> None:
        """Carry out one checked message; raises ProtocolError (nothing changed then)."""
        HANDLERS[req.kind](self, peer, req)

    def create(self, peer: Peer, req: Request) -> None:
        mission, teams = req.get("mission"), req.get("fireteams")
        if mission not in self.catalogue.missions:
            raise ProtocolError(ErrorCode.UNKNOWN_CONTENT, f"no mission {mission!r}")
        for team in teams:
            if team not in self.catalogue.fireteams:
                raise ProtocolError(ErrorCode.UNKNOWN_CONTENT, f"no fireteam {team!r}")
        rules = rule_set(req.get("rules"))
        if mission not in missions_of(self.catalogue, rules):
            raise ProtocolError(ErrorCode.UNKNOWN_CONTENT, f"the {RULE_SET_NAMES[rules]} rules "
                                f"do not play the mission {mission!r}")
        spec: dict[str, Any] = {"mission": mission,
                                "fireteams": {"1": teams[0], "2": teams[1]}}
        if rules != RuleSet.FIRETEAM:  # a Fireteam game's recipe is as it always was
            spec["rules"] = str(rules)
        if req.get("turn_minutes"):
            spec["turn_minutes"] = req.get("turn_minutes")
        seed = self.seeds()
        game = self.new_game(spec, seed)
        code = self.new_code()
        # private unless the host asks for it to be listed: joined by its code only
        room = Room(secrets.token_hex(8), code, spec, seed, bool(req.get("open", False)), game,
                    active=self.clock(), turn_since=self.clock())
        self.ops.append(NewGame(room.id, code, spec, seed, room.open))
        self.add(room)
        self.sweep()
        self.take_seat(peer, room, req.get("seat") or 1, req.get("name"), req.ref)

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.by_code:
                return code

    def room_by_code(self, code: str) -> Room:
        key = normal_code(code)
        room = self.by_code.get(key)
        if room is None:
            if key in self.quarantined_by:
                raise self.unavailable(self.quarantined_by[key])
            raise ProtocolError(ErrorCode.UNKNOWN_GAME, f"no game with the code {code!r}")
        return room

    def join(self, peer: Peer, req: Request) -> None:
        room = self.room_by_code(req.get("code"))
        if room.ended:
            raise ProtocolError(ErrorCode.UNKNOWN_GAME, f"game {room.code} is over")
        seat = req.get("seat")
        if seat is None:
            if not room.free:
                raise ProtocolError(ErrorCode.SEAT_TAKEN, f"both seats of {room.code} are "
                                    "taken (spectate instead?)")
            seat = room.free[0]
        elif seat not in room.free:
            raise ProtocolError(ErrorCode.SEAT_TAKEN, f"seat {seat} of {room.code} is taken")
        self.take_seat(peer, room, seat, req.get("name"), req.ref)

    def take_seat(self, peer: Peer, room: Room, seat: int, name: str | None,
                  ref: str | None) -> None:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        digest = token_hash(token)
        if seat in room.tokens:
            raise ProtocolError(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
        taken = {n.casefold() for s, n in room.names.items() if s != seat}
        name = " ".join((name or "").split())
        if name and name.casefold() in taken:
            raise ProtocolError(ErrorCode.NAME_TAKEN, f"the other player of {room.code} is "
                                f"called {name!r}: choose another name")
        if not name:
            name = f"Player {seat}"
            if name.casefold() in taken:
                name = f"Player {seat} ({seat})"
        room.turn_since = self.clock()  # the clock starts once both are there
        self.ops.append(NewSeat(room.id, seat, digest, name))
        room.tokens[seat] = digest
        room.names[seat] = name
        self.by_token[digest] = (room, seat)
        self.bind(peer, room, seat, token, ref)

    def reconnect(self, peer: Peer, req: Request) -> None:
        digest = token_hash(req.get("token"))
        found = self.by_token.get(digest)
        if found is None:
            if digest in self.quarantined_by:
                raise self.unavailable(self.quarantined_by[digest])
            raise ProtocolError(ErrorCode.BAD_TOKEN, "this server knows no such token (the "
                                "game may have ended, or been abandoned, long ago)")
        room, seat = found
        self.bind(peer, room, seat, req.get("token"), req.ref)

    def bind(self, peer: Peer, room: Room, seat: int, token: str, ref: str | None) -> None:
        """``peer`` now holds ``seat``: an older connection holding it is replaced."""
        self.leave(peer)
        old = room.peers.get(seat)
        if old is not None and old is not peer:
            old.room, old.seat = None, None
            self.post(old, reply(Reply.REPLACED, message="this seat was taken up by another "
                                 "connection with the same token"))
            self.post(old, None)
        room.peers[seat] = peer
        room.gone_since.pop(seat, None)
        peer.room, peer.seat = room, seat
        room.active = max(room.active, self.clock())
        message = reply(Reply.JOINED, game=room.id, code=room.code, seat=seat, token=token,
                        names=room.wire_names(), content=room.content(), ply=room.ply,
                        view=view_to_wire(room.game, seat), connected=sorted(room.peers),
                        over=room.ended, winner=room.game.winner,
                        draw_offer=room.draw_offer, chat=chat_to_wire(room.chat),
                        rules=self.rules(room), absence=self.absence(room, seat),
                        seed=self.revealed_seed(room))
        if ref is not None:
            message["ref"] = ref
        self.post(peer, message)
        self.presence(room, seat, True)

    def leave(self, peer: Peer) -> None:
        """``peer`` gives up what it held (its connection closed, or it joined elsewhere)."""
        room, seat = peer.room, peer.seat
        peer.room, peer.seat = None, None
        if room is None:
            return
        if seat is None:
            if peer in room.spectators:
                room.spectators.remove(peer)
        elif room.peers.get(seat) is peer:
            del room.peers[seat]
            room.gone_since[seat] = self.clock()
            self.presence(room, seat, False)

    def presence(self, room: Room, seat: int, connected: bool) -> None:
        message = reply(Reply.PRESENCE, seat=seat, connected=connected,
                        names=room.wire_names())
        for other, other_seat in room.everyone():
            if other_seat != seat:
                self.post(other, message)

    def spectate(self, peer: Peer, req: Request) -> None:
        room = self.room_by_code(req.get("code"))
        cap = self.limits.max_spectators
        if cap and len(room.spectators) >= cap and peer not in room.spectators:
            raise ProtocolError(ErrorCode.TOO_MANY, f"game {room.code} has its {cap} "
                                "spectators already: try again later")
        self.leave(peer)
        room.spectators.append(peer)
        peer.room, peer.seat = room, None
        message = reply(Reply.SPECTATING, game=room.id, code=room.code,
                        names=room.wire_names(), content=room.content(), ply=room.ply,
                        view=view_to_wire(room.game, None), connected=sorted(room.peers),
                        over=room.ended, winner=room.game.winner, chat=chat_to_wire(room.chat),
                        rules=self.rules(room), seed=self.revealed_seed(room))
        if req.ref is not None:
            message["ref"] = req.ref
        self.post(peer, message)

    def list_games(self, peer: Peer, req: Request) -> None:
        # public games only, and only while somebody is there: a game whose host has gone
        # is not offered to strangers (it is joined with its code, or resumed by its token)
        listed = [r for r in self.rooms.values() if r.open and not r.ended and r.peers]
        games = [r.summary() for r in listed if r.free]
        playing = [r.summary() for r in listed if not r.free]
        message = reply(Reply.GAMES, games=games[:200], playing=playing[:200])
        if req.ref is not None:
            message["ref"] = req.ref
        self.post(peer, message)

    def chat(self, peer: Peer, req: Request) -> None:
        room = peer.room
        if room is None:
            raise ProtocolError(ErrorCode.NOT_SEATED, "join or spectate a game to chat")
        seat = peer.seat
        self.allowance(room, f"chat {seat}", self.limits.chat_per_minute / 60, 5,
                       "chat lines" if seat is not None else "chat lines from the "
                       "spectators of this game")
        name = room.names.get(seat, "") if seat is not None else "spectator"
        line = ChatLine(seat, name, req.get("text"))
        room.chat.append(line)
        del room.chat[:-KEEP_CHAT]
        self.ops.append(Say(room.id, line))  # kept with the game
        message = reply(Reply.CHAT, seat=seat, name=name, text=line.text)
        for other, _ in room.everyone():
            self.post(other, message)

    # --- changing the game ---------------------------------------------------------------

    def seated(self, peer: Peer) -> tuple[Room, int]:
        room, seat = peer.room, peer.seat
        if room is None or seat is None:
            raise ProtocolError(ErrorCode.NOT_SEATED, "this connection holds no seat: create, "
                                "join or reconnect first")
        if room.ended:
            raise ProtocolError(ErrorCode.GAME_OVER, "the mission is over" if
                                room.game.is_over else "this game was abandoned")
        return room, seat

    def check_ply(self, room: Room, req: Request) -> None:
        if req.get("ply") != room.ply:
            raise ProtocolError(ErrorCode.STALE, f"written for ply {req.get('ply')}; the "
                                f"game is at ply {room.ply}")

    def act(self, peer: Peer, req: Request) -> None:
        room, seat = self.seated(peer)
        self.check_ply(room, req)
        action = parse_action_text(req.get("action"), seat)
        if isinstance(action, AgreeResult):
            raise ProtocolError(ErrorCode.ILLEGAL, "a result is agreed with offer_draw and "
                                "accept_draw, never by one player alone")
        if isinstance(action, Concede):
            self.concede(peer, req)
            return
        game = room.game
        if game.to_act != seat:
            raise ProtocolError(ErrorCode.NOT_YOUR_TURN,
                                f"it is player {game.to_act}'s decision")
        reason = game.why_not(action)
        if reason is not None:
            raise ProtocolError(ErrorCode.ILLEGAL, f"{action}: {reason}")
        self.change(room, seat, action, req.ref, peer)

    def undo(self, peer: Peer, req: Request) -> None:
        room, seat = self.seated(peer)
        self.check_ply(room, req)
        if room.game.to_act != seat or not room.game.can_undo:
            raise ProtocolError(ErrorCode.NOTHING_TO_UNDO, "nothing of yours can be taken "
                                "back now (a die roll or a revealed secret is final)")
        self.change(room, seat, None, req.ref, peer)

    def concede(self, peer: Peer, req: Request) -> None:
        """A seat gives up, whoever's decision it is. If the engine takes a concession from
        the player to act only, on the other player's turn it is entered as the result both
        agree: that player's win."""
        room, seat = self.seated(peer)
        action: Action = Concede(seat)
        if room.game.why_not(action) is not None:  # an engine that takes it from to_act only
            action = AgreeResult(room.game.to_act, opponent(seat))
        self.change(room, seat, action, req.ref, peer)

    def offer_draw(self, peer: Peer, req: Request) -> None:
        room, seat = self.seated(peer)
        if room.draw_offer == seat:
            raise ProtocolError(ErrorCode.TOO_MANY, "your draw offer stands until the next "
                                "action: it is not sent again")
        self.allowance(room, f"offer {seat}", self.limits.offers_per_hour / 3600, 2,
                       "draw offers")
        room.draw_offer = seat
        message = reply(Reply.DRAW_OFFERED, by=seat)
        for other, _ in room.everyone():
            self.post(other, message)

    def accept_draw(self, peer: Peer, req: Request) -> None:
        room, seat = self.seated(peer)
        if room.draw_offer != opponent(seat):
            raise ProtocolError(ErrorCode.NO_OFFER, "the other player has not offered a draw "
                                "since the last action")
        # both have agreed: entered by the accepting seat, or for the player to act by an
        # engine that takes a result from that player only (see concede)
        action = AgreeResult(seat, 0)
        if room.game.why_not(action) is not None:
            action = AgreeResult(room.game.to_act, 0)
        self.change(room, seat, action, req.ref, peer)

    def change(self, room: Room, seat: int, action: Action | None, ref: str | None,
               by: Peer) -> None:
        """Apply ``action`` (None: an undo), queue its journal line, and tell everybody
        (once the line is committed)."""
        game = room.game
        events_before, log_before = len(game.events), len(game.log)
        if action is None:
            game.undo()
            entry = Entry(room.ply, seat, EntryKind.UNDO, "")
        else:
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise ProtocolError(ErrorCode.ILLEGAL, str(error)) from None
            entry = Entry(room.ply, seat, EntryKind.ACT, str(action))
        self.ops.append(Append(room.id, entry))
        if game.is_over:
            self.ops.append(Finish(room.id, self.clock()))
        room.ply += 1
        room.draw_offer = None
        room.active = room.turn_since = self.clock()
        if game.is_over and room.finished is None:
            room.finished = self.clock()
        events_from = min(events_before, len(game.events))
        log_from = min(log_before, len(game.log))
        everyone = room.everyone()
        deltas = deltas_to_wire(game, {s for _, s in everyone}, events_from, log_from)
        for other, other_seat in everyone:
            message = reply(Reply.UPDATE, ply=room.ply, by=seat, over=game.is_over,
                            winner=game.winner, delta=deltas[other_seat])
            if game.is_over:
                message["seed"] = room.seed
            if other is by and ref is not None:
                message["ref"] = ref
            self.post(other, message)


    def allowance(self, room: Room, key: str, rate: float, burst: int, what: str) -> None:
        """Count one use of a per-game allowance (a seat's chat lines, its draw offers; the
        spectators share one for chat); raises ProtocolError (too_many) over it."""
        if rate <= 0:
            return
        bucket = room.allowances.get(key)
        if bucket is None:
            bucket = room.allowances[key] = RateLimit(rate, burst, self.clock)
        if not bucket.allow():
            wait = bucket.retry_after()
            raise ProtocolError(ErrorCode.TOO_MANY, f"too many {what} in this game: try again "
                                f"in {wait:.0f} s", retry_after=wait)

    # --- tokens and absent opponents -------------------------------------------------------

    def rotate_token(self, peer: Peer, req: Request) -> None:
        """The seat's token is replaced by a new one (sent back once): the old one stops
        working, here and in the store."""
        room, seat = peer.room, peer.seat
        if room is None or seat is None:
            raise ProtocolError(ErrorCode.NOT_SEATED, "this connection holds no seat")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        digest = token_hash(token)
        self.by_token.pop(room.tokens[seat], None)
        room.tokens[seat] = digest
        self.by_token[digest] = (room, seat)
        self.ops.append(Rotate(room.id, seat, digest))
        message = reply(Reply.TOKEN, token=token)
        if req.ref is not None:
            message["ref"] = req.ref
        self.post(peer, message)

    @staticmethod
    def revealed_seed(room: Room) -> int | None:
        """The game's dice seed once it has ended; None before: it would foretell every
        roll and the order of the targets deck, so the server keeps it until then."""
        return room.seed if room.ended else None

    def rules(self, room: Room) -> dict[str, Any]:
        """The game's rules for absent players, as shown before it starts."""
        return {"turn_minutes": room.turn_minutes,
                "claim_after": self.limits.claim_after}

    def claimable_in(self, room: Room, seat: int) -> float | None:
        """Seconds until ``seat`` may claim the win (0: now; None: not while things stay
        as they are: the other player is there and has no clock running out)."""
        other = opponent(seat)
        if other not in room.tokens or room.ended:
            return None
        now = self.clock()
        waits = []
        if room.turn_minutes and room.game.to_act == other:
            waits.append(room.turn_since + room.turn_minutes * 60 - now)
        if self.limits.claim_after and other not in room.peers:
            waits.append(room.gone_since.get(other, now) + self.limits.claim_after - now)
        return max(0.0, min(waits)) if waits else None

    def absence(self, room: Room, seat: int) -> float | None:
        return self.claimable_in(room, seat)

    def claim_win(self, peer: Peer, req: Request) -> None:
        """The present player takes the win from one whose turn clock ran out, or who has
        been gone longer than the server allows; entered as the absent player's concession
        (or, with an engine that takes that from the player to act only, as the result both
        would agree)."""
        room, seat = self.seated(peer)
        wait = self.claimable_in(room, seat)
        if wait is None or wait > 0:
            minutes = room.turn_minutes
            why = ("the other player is here and has no clock running out" if wait is None
                   else f"it may be claimed in {wait:.0f} s")
            raise ProtocolError(ErrorCode.NOT_ABSENT, f"no win to claim yet: {why} (turn "
                                f"clock: {f'{minutes} min' if minutes else 'none'}; gone for "
                                f"{self.limits.claim_after:g} s)", retry_after=wait)
        other = opponent(seat)
        action: Action = Concede(other)
        if room.game.why_not(action) is not None:
            action = AgreeResult(room.game.to_act, seat)
        self.change(room, seat, action, req.ref, peer)


HANDLERS: dict[Kind, Callable[[Lobby, Peer, Request], None]] = {
    Kind.CREATE: Lobby.create, Kind.JOIN: Lobby.join, Kind.RECONNECT: Lobby.reconnect,
    Kind.ACT: Lobby.act, Kind.UNDO: Lobby.undo, Kind.CONCEDE: Lobby.concede,
    Kind.OFFER_DRAW: Lobby.offer_draw, Kind.ACCEPT_DRAW: Lobby.accept_draw,
    Kind.CHAT: Lobby.chat, Kind.SPECTATE: Lobby.spectate, Kind.LIST: Lobby.list_games,
    Kind.ROTATE_TOKEN: Lobby.rotate_token, Kind.CLAIM_WIN: Lobby.claim_win,
}
