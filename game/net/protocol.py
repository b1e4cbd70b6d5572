"""The online protocol: versioned JSON messages over a WebSocket (see docs/protocol.md).

Every message is one JSON object with ``"v"`` (the protocol version) and ``"type"``; a
client may add ``"ref"`` (a short string) that the server's reply carries back.
:func:`parse_request` checks a client's message completely (size, JSON, shape, the type of
every field, no unknown field) and raises :class:`ProtocolError` naming the problem; the
server answers with an ``error`` message and both the connection and the game go on.

The seat's view travels as data: :func:`view_to_wire` on the server (only what
``Game.view(seat)`` holds, events redacted for that seat) and :func:`view_from_wire` on the
client (a real engine :class:`View`, built with the client's own content).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from game.engine.actions import NotationError, parse_action
from game.engine.config import Config, build_config
from game.engine.defs import Catalogue
from game.engine.events import Event, event_from_dict, event_to_dict
from game.engine.rulesets import PLAYS, state_type
from game.engine.view import View

if TYPE_CHECKING:
    from game.engine.game import Game

VERSION = 1
# the largest message a client may send (an action is a few dozen bytes, chat 500 characters)
MAX_REQUEST_BYTES = 8 * 1024
# the largest WebSocket frame the client accepts (the server's whole view of a long game)
MAX_FRAME_BYTES = 1024 * 1024
# the largest message the server reads at all: refused from a frame's header as it arrives
# (the connection is closed, 1009), never buffered; between MAX_REQUEST_BYTES and this a
# message is read and answered too_large
MAX_INCOMING_BYTES = 2 * MAX_REQUEST_BYTES
MAX_DEPTH = 6  # arrays and objects inside each other (a request needs 2)
MAX_CHAT = 500
MAX_NAME = 40
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read out over the phone
CODE_LENGTH = 12  # 60 bits: guessing one at the allowed rate is hopeless (docs/server.md)
MAX_TURN_MINUTES = 7 * 24 * 60


def spaced_code(code: str) -> str:
    """A join code as it is read out: in groups of four (``K7PQ-2MXA-9RTB``); typed back
    with or without the dashes."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


class Kind(StrEnum):
    """The types of message a client sends."""

    CREATE = "create"
    JOIN = "join"
    RECONNECT = "reconnect"
    ACT = "act"
    UNDO = "undo"
    CONCEDE = "concede"
    OFFER_DRAW = "offer_draw"
    ACCEPT_DRAW = "accept_draw"
    CHAT = "chat"
    SPECTATE = "spectate"
    LIST = "list"
    ROTATE_TOKEN = "rotate_token"  # the seat's token replaced by a new one
    CLAIM_WIN = "claim_win"  # the other player's time is out, or they are long gone


class Reply(StrEnum):
    """The types of message the server sends."""

    JOINED = "joined"  # a seat taken or taken back: the token and the whole view
    SPECTATING = "spectating"  # the public view
    UPDATE = "update"  # what changed since the last message: new events, state, legal
    GAMES = "games"  # the open games
    CHAT = "chat"
    DRAW_OFFERED = "draw_offered"
    PRESENCE = "presence"  # a seat connected or dropped
    REPLACED = "replaced"  # sent to a connection another one with the same token replaced
    ERROR = "error"
    TOKEN = "token"  # the seat's new token (rotate_token)
    HELLO = "hello"  # the first message on every connection: versions and limits


class ErrorCode(StrEnum):
    TOO_LARGE = "too_large"
    NOT_JSON = "not_json"
    BAD_SHAPE = "bad_shape"
    BAD_VERSION = "bad_version"
    UNKNOWN_TYPE = "unknown_type"
    BAD_FIELD = "bad_field"
    UNKNOWN_CONTENT = "unknown_content"  # no such mission or fireteam
    UNKNOWN_GAME = "unknown_game"
    UNAVAILABLE = "game_unavailable"  # a stored game the server cannot resume (quarantined)
    SEAT_TAKEN = "seat_taken"
    BAD_TOKEN = "bad_token"
    NOT_SEATED = "not_seated"  # acting without a seat on this connection
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_SEAT = "wrong_seat"  # an action written for the other player
    BAD_NOTATION = "bad_notation"
    ILLEGAL = "illegal"
    STALE = "stale"  # written for an earlier position (a replayed or crossed message)
    NOTHING_TO_UNDO = "nothing_to_undo"
    NO_OFFER = "no_offer"
    GAME_OVER = "game_over"
    SERVER = "server_error"  # the server could not store the change: nothing changed
    RATE_LIMITED = "rate_limited"  # sent faster than the server's limit: not carried out
    SERVER_FULL = "server_full"  # too many connections (in all or from one address): closed
    NAME_TAKEN = "name_taken"  # the other seat of the game has this name
    NOT_ABSENT = "not_absent"  # a win claimed while the other player's time is not out
    TOO_MANY = "too_many"  # a per-game cap: spectators, chat lines, draw offers


class ProtocolError(Exception):
    """A message the server refuses: ``code`` (an :class:`ErrorCode`) and a message saying
    what is wrong in plain words."""

    def __init__(self, code: ErrorCode, message: str, retry_after: float | None = None
                 ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after  # seconds until the same message may be sent
        # what the refused message said of itself, when it could be read that far
        self.ref: str | None = None
        self.about: str | None = None


@dataclass(frozen=True)
class Field:
    """One field of a message: its JSON type, whether it must be there, limits."""

    kind: type | tuple[type, ...]
    required: bool = True
    max_len: int | None = None  # strings and lists
    choices: tuple[Any, ...] | None = None
    items: type | None = None  # lists: the type of every item


_SEAT = Field(int, required=False, choices=(1, 2))
_NAME = Field(str, required=False, max_len=MAX_NAME)
_PLY = Field(int)
SHAPES: dict[Kind, dict[str, Field]] = {
    Kind.CREATE: {"mission": Field(str, max_len=64),
                  "fireteams": Field(list, max_len=2, items=str),
                  "seat": _SEAT, "name": _NAME, "open": Field(bool, required=False),
                  "turn_minutes": Field(int, required=False),
                  "rules": Field(str, required=False, choices=tuple(PLAYS))},
    Kind.JOIN: {"code": Field(str, max_len=24), "seat": _SEAT, "name": _NAME},
    Kind.RECONNECT: {"token": Field(str, max_len=128)},
    Kind.ACT: {"action": Field(str, max_len=256), "ply": _PLY},
    Kind.UNDO: {"ply": _PLY},
    Kind.CONCEDE: {},
    Kind.OFFER_DRAW: {},
    Kind.ACCEPT_DRAW: {},
    Kind.CHAT: {"text": Field(str, max_len=MAX_CHAT)},
    Kind.SPECTATE: {"code": Field(str, max_len=24)},
    Kind.LIST: {},
    Kind.ROTATE_TOKEN: {},
    Kind.CLAIM_WIN: {},
}
ENVELOPE = ("v", "type", "ref")
KIND_NAMES = frozenset(k.value for k in Kind)


@dataclass(frozen=True)
class Request:
    """A checked client message."""

    kind: Kind
    fields: dict[str, Any] = field(default_factory=dict)
    ref: str | None = None

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


def _type_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", list: "a list",
             dict: "an object"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _is(value: Any, kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        return False  # JSON true is not an integer here
    return isinstance(value, kinds)


def check_field(kind: Kind, name: str, spec: Field, value: Any) -> None:
    """Raise ProtocolError (bad_field) unless ``value`` fits ``spec``."""
    where = f"{kind.value}.{name}"
    if not _is(value, spec.kind):
        raise ProtocolError(ErrorCode.BAD_FIELD,
                            f"{where} must be {_type_name(spec.kind)}, not {_json_type(value)}")
    if spec.max_len is not None and len(value) > spec.max_len:
        raise ProtocolError(ErrorCode.BAD_FIELD,
                            f"{where} is too long ({len(value)}; at most {spec.max_len})")
    if spec.choices is not None and value not in spec.choices:
        allowed = ", ".join(json.dumps(c) for c in spec.choices)
        raise ProtocolError(ErrorCode.BAD_FIELD, f"{where} must be one of {allowed}")
    if spec.items is not None:
        for i, item in enumerate(value):
            if not _is(item, spec.items):
                raise ProtocolError(ErrorCode.BAD_FIELD,
                                    f"{where}[{i}] must be {_type_name(spec.items)}")


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {str: "a string", int: "an integer", float: "a number", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (brackets inside strings not
    counted), read without parsing: a cheap scan, stopped as soon as MAX_DEPTH is passed."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 1  # cannot be deeper than that
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_request(raw: str | bytes) -> Request:
    """Check one client message; raises ProtocolError naming the first problem (with the
    message's ``ref`` and type on it, when it could be read that far). The size and the
    nesting are checked before the text is parsed, a binary frame is refused unread, and
    no message ever carries an exception's text."""
    if not isinstance(raw, str):
        raise ProtocolError(ErrorCode.BAD_SHAPE, "binary frames are refused: send every "
                            "message as one text frame of JSON")
    size = len(raw.encode("utf-8"))
    if size > MAX_REQUEST_BYTES:
        raise ProtocolError(ErrorCode.TOO_LARGE,
                            f"message of {size} bytes; at most {MAX_REQUEST_BYTES}")
    if json_depth(raw) > MAX_DEPTH:
        raise ProtocolError(ErrorCode.BAD_SHAPE, f"arrays and objects nested more than "
                            f"{MAX_DEPTH} deep")
    try:
        data = json.loads(raw, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as duplicate:
        error = ProtocolError(ErrorCode.BAD_SHAPE, f"the key {duplicate.key[:40]!r} is "
                              "given twice in one object")
        if duplicate.key != "ref":  # its ref, read the loose way, is still answered
            loose = json.loads(raw)
            ref = loose.get("ref") if isinstance(loose, dict) else None
            error.ref = ref if isinstance(ref, str) and len(ref) <= 64 else None
        raise error from None
    except json.JSONDecodeError as error:
        raise ProtocolError(ErrorCode.NOT_JSON, f"not JSON ({error.msg} at line "
                            f"{error.lineno}, column {error.colno})") from None
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorCode.NOT_JSON, "not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.BAD_SHAPE,
                            f"a message must be a JSON object, not {_json_type(data)}")
    ref = data.get("ref")
    kind_name = data.get("type")
    try:
        return _checked(data, ref, kind_name)
    except ProtocolError as error:
        if isinstance(ref, str) and len(ref) <= 64:
            error.ref = ref
        if isinstance(kind_name, str) and kind_name in KIND_NAMES:
            error.about = kind_name
        raise


def _checked(data: dict[str, Any], ref: Any, kind_name: Any) -> Request:
    version = data.get("v")
    if type(version) is not int or version != VERSION:
        raise ProtocolError(ErrorCode.BAD_VERSION, f"protocol version {version!r:.20}; this "
                            f"server speaks {VERSION} (an integer)")
    if ref is not None and not (isinstance(ref, str) and len(ref) <= 64):
        raise ProtocolError(ErrorCode.BAD_FIELD, "ref must be a string of at most 64")
    if not isinstance(kind_name, str) or kind_name not in KIND_NAMES:
        known = ", ".join(k.value for k in Kind)
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE,
                            f"unknown message type {kind_name!r:.40}; known: {known}")
    kind = Kind(kind_name)
    shape = SHAPES[kind]
    unknown = sorted(set(data) - set(shape) - set(ENVELOPE))
    if unknown:
        raise ProtocolError(ErrorCode.BAD_FIELD,
                            f"{kind.value} has no field {unknown[0]!r}")
    fields: dict[str, Any] = {}
    for name, spec in shape.items():
        if name not in data:
            if spec.required:
                raise ProtocolError(ErrorCode.BAD_FIELD, f"{kind.value} needs {name!r}")
            continue
        check_field(kind, name, spec, data[name])
        fields[name] = data[name]
    if kind == Kind.CREATE and len(fields["fireteams"]) != 2:
        raise ProtocolError(ErrorCode.BAD_FIELD, "create.fireteams must name two fireteams")
    if kind == Kind.CREATE and not 0 <= fields.get("turn_minutes", 0) <= MAX_TURN_MINUTES:
        raise ProtocolError(ErrorCode.BAD_FIELD, f"create.turn_minutes must be 0 (no clock) "
                            f"to {MAX_TURN_MINUTES}")
    return Request(kind, fields, ref)


def versions() -> dict[str, Any]:
    """What the server says of itself in ``hello``: the protocol version, the engine's
    (the game's package version) and the save format's."""
    from importlib.metadata import PackageNotFoundError, version

    from game.engine.persist import SAVE_VERSION

    try:
        engine = version("fireteam")
    except PackageNotFoundError:
        engine = "unknown"
    return {"protocol": VERSION, "engine": engine, "save_version": SAVE_VERSION}


def request(kind: Kind, **fields: Any) -> str:
    """A client message as text (the fields are not checked here)."""
    return encode({"v": VERSION, "type": kind.value, **fields})


def reply(kind: Reply, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": kind.value, **fields}


def error_reply(error: ProtocolError, ref: str | None = None,
                about: str | None = None) -> dict[str, Any]:
    out = reply(Reply.ERROR, code=error.code.value, message=error.message)
    ref = ref if ref is not None else error.ref
    about = about if about is not None else error.about
    if ref is not None:
        out["ref"] = ref
    if about is not None:
        out["about"] = about
    if error.retry_after is not None:
        out["retry_after"] = round(error.retry_after, 3)
    return out


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def parse_action_text(text: str, seat: int) -> Any:
    """The action a seat sent, in notation; raises ProtocolError (bad_notation,
    wrong_seat)."""
    try:
        action = parse_action(text)
    except NotationError as error:
        raise ProtocolError(ErrorCode.BAD_NOTATION, str(error)) from None
    if action.player != seat:
        raise ProtocolError(ErrorCode.WRONG_SEAT,
                            f"you hold seat {seat}; {text!r} is player {action.player}'s")
    return action


# --- the seat's view as data -------------------------------------------------------------

def view_to_wire(game: Game, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may see (None: a spectator), as JSON-able data: the whole
    ``Game.view(seat)``, whose events are already redacted for that seat."""
    view = game.view(seat)
    return {"player": seat, "config": _jsonable(game.config.spec),
            "state": view.state.to_dict(), "hand_sizes": list(view.hand_sizes),
            "deck_size": view.deck_size, "legal": [str(a) for a in view.legal_actions],
            "can_undo": _can_undo(game, seat),
            "events": [event_to_dict(e) for e in view.events], "log": list(view.log)}


def _can_undo(game: Game, seat: int | None) -> bool:
    return seat is not None and game.to_act == seat and game.can_undo


def delta_to_wire(game: Game, seat: int | None, events_from: int,
                  log_from: int) -> dict[str, Any]:
    """What changed for ``seat`` since the game had ``events_from`` events and
    ``log_from`` log lines (an undo takes both back: the client cuts its lists there)."""
    return deltas_to_wire(game, (seat,), events_from, log_from)[seat]


def deltas_to_wire(game: Game, seats: Iterable[int | None], events_from: int,
                   log_from: int) -> dict[int | None, dict[str, Any]]:
    """:func:`delta_to_wire` for several seats at once, the common part worked out once:
    every seat's state starts from the public state (both hands and the deck emptied; their
    sizes sent apart) and gets back only its own hand; only the new events are redacted,
    each to the seat's ``for_viewer`` form. The same as ``view(seat)``
    (tests/net/test_protocol.py), without redacting the whole history (``Game.view`` does
    that for every event of the game, which grew with its length on every action)."""
    state = game.state
    base = state.to_dict()
    base["hands"] = {str(p): [] for p in state.hands}
    base["deck"] = []
    hand_sizes = [len(state.hands[1]), len(state.hands[2])]
    deck_size = len(state.deck)
    log = list(game.log[log_from:])
    new_events = game.events[events_from:]
    public_events: list[dict[str, Any]] | None = None
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        seat_state = base
        legal: list[str] = []
        if seat is not None:
            seat_state = dict(base)
            seat_state["hands"] = dict(base["hands"]) | {str(seat): list(state.hands[seat])}
            if game.to_act == seat:
                legal = [str(a) for a in game.legal_actions()]
            events = [event_to_dict(e.for_viewer(seat)) for e in new_events]
        else:
            if public_events is None:
                public_events = [event_to_dict(e.for_viewer(None)) for e in new_events]
            events = public_events
        out[seat] = {"state": seat_state, "hand_sizes": hand_sizes, "deck_size": deck_size,
                     "legal": legal, "can_undo": _can_undo(game, seat),
                     "events_from": events_from, "events": events, "log_from": log_from,
                     "log": log}
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


class WireError(ValueError):
    """A server message the client cannot read (a different build or content)."""


def config_from_wire(spec: Any, catalogue: Catalogue) -> Config:
    """The game's config built with the client's own content; raises WireError."""
    try:
        return build_config(catalogue, spec)
    except (KeyError, ValueError, TypeError) as error:
        raise WireError(f"the server's game uses content this client lacks: {error}") from None


def view_from_wire(data: dict[str, Any], config: Config) -> View:
    """The engine View the server sent (whole, as in ``joined``); raises WireError."""
    try:
        return View(data["player"], config, state_type(config).from_dict(data["state"]),
                    (int(data["hand_sizes"][0]), int(data["hand_sizes"][1])),
                    int(data["deck_size"]),
                    tuple(parse_action(a) for a in data["legal"]),
                    tuple(event_from_dict(e) for e in data["events"]), tuple(data["log"]))
    except (KeyError, ValueError, TypeError, IndexError) as error:
        raise WireError(f"unreadable view from the server: {error}") from None


def apply_delta(view: View, data: dict[str, Any]) -> View:
    """``view`` brought up to date by an ``update`` message's delta; raises WireError."""
    try:
        events_from, log_from = int(data["events_from"]), int(data["log_from"])
        if events_from > len(view.events) or log_from > len(view.log):
            raise WireError(f"an update from event {events_from} / line {log_from}, but "
                            f"this client has {len(view.events)} / {len(view.log)}")
        events: tuple[Event, ...] = view.events[:events_from] + tuple(
            event_from_dict(e) for e in data["events"])
        return View(view.player, view.config,
                    state_type(view.config).from_dict(data["state"]),
                    (int(data["hand_sizes"][0]), int(data["hand_sizes"][1])),
                    int(data["deck_size"]), tuple(parse_action(a) for a in data["legal"]),
                    events, view.log[:log_from] + tuple(data["log"]))
    except (KeyError, ValueError, TypeError, IndexError) as error:
        raise WireError(f"unreadable update from the server: {error}") from None
