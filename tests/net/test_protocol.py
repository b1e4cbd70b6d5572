"""The protocol's checks of a client's message, without a server: each problem gets its own
error code and a message naming it."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.content import load_catalogue
from game.engine.actions import AgreeResult, Concede
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.persist import fingerprint
from game.net import protocol
from game.net.protocol import ErrorCode, Kind, ProtocolError, parse_request


def code_of(raw: str | bytes) -> ErrorCode:
    with pytest.raises(ProtocolError) as caught:
        parse_request(raw)
    return caught.value.code


def test_a_good_message_is_read_with_its_fields():
    req = parse_request(protocol.request(Kind.ACT, action="1 keep", ply=3, ref="r1"))
    assert req.kind == Kind.ACT and req.get("action") == "1 keep" and req.get("ply") == 3
    assert req.ref == "r1"


@pytest.mark.parametrize("raw,code", [
    ("x" * (protocol.MAX_REQUEST_BYTES + 1), ErrorCode.TOO_LARGE),
    ("{not json", ErrorCode.NOT_JSON),
    (b"\xff\xfe", ErrorCode.BAD_SHAPE),
    (b'{"v": 1, "type": "list"}', ErrorCode.BAD_SHAPE),
    ('{"v": 1.0, "type": "list"}', ErrorCode.BAD_VERSION),
    ('{"v": 1, "type": "list", "type": "act"}', ErrorCode.BAD_SHAPE),
    ("[" * 4000 + "]" * 4000, ErrorCode.BAD_SHAPE),
    ("[1, 2]", ErrorCode.BAD_SHAPE),
    ('{"type": "list"}', ErrorCode.BAD_VERSION),
    ('{"v": true, "type": "list"}', ErrorCode.BAD_VERSION),
    ('{"v": 2, "type": "list"}', ErrorCode.BAD_VERSION),
    ('{"v": 1, "type": "fly"}', ErrorCode.UNKNOWN_TYPE),
    ('{"v": 1}', ErrorCode.UNKNOWN_TYPE),
    ('{"v": 1, "type": ["act"]}', ErrorCode.UNKNOWN_TYPE),
    ('{"v": 1, "type": {"a": 1}}', ErrorCode.UNKNOWN_TYPE),
    ('{"v": 1, "type": "act", "ply": 0}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "act", "action": 5, "ply": 0}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "act", "action": "1 keep", "ply": true}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "act", "action": "1 keep", "ply": 0, "seat": 2}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "join", "code": "ABC", "seat": 3}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "create", "mission": "m", "fireteams": ["a"]}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "create", "mission": "m", "fireteams": ["a", 2]}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "chat", "text": "' + "a" * 501 + '"}', ErrorCode.BAD_FIELD),
    ('{"v": 1, "type": "list", "ref": 7}', ErrorCode.BAD_FIELD),
])
def test_each_problem_has_its_code(raw, code):
    assert code_of(raw) == code


def test_the_message_names_the_field():
    with pytest.raises(ProtocolError, match=r"act\.ply must be an integer, not a string"):
        parse_request('{"v": 1, "type": "act", "action": "1 keep", "ply": "3"}')


def test_an_action_for_the_other_seat_is_refused():
    with pytest.raises(ProtocolError) as caught:
        protocol.parse_action_text("2 keep", seat=1)
    assert caught.value.code == ErrorCode.WRONG_SEAT
    with pytest.raises(ProtocolError) as caught:
        protocol.parse_action_text("1 jump", seat=1)
    assert caught.value.code == ErrorCode.BAD_NOTATION


def test_a_view_survives_the_wire_and_a_delta_brings_it_up_to_date():
    catalogue = load_catalogue()
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(5))
    seat = game.to_act
    wire = json.loads(json.dumps(protocol.view_to_wire(game, seat)))
    config = protocol.config_from_wire(wire["config"], catalogue)
    view = protocol.view_from_wire(wire, config)
    assert same(view, game.view(seat))
    views = {s: protocol.view_from_wire(json.loads(json.dumps(protocol.view_to_wire(game, s))),
                                        config) for s in (1, 2, None)}
    for _ in range(12):  # the set-up: hands dealt, mulligans, deployment
        events, lines = len(game.events), len(game.log)
        game.apply([a for a in game.legal_actions()
                    if not isinstance(a, (Concede, AgreeResult))][-1])
        deltas = protocol.deltas_to_wire(game, (1, 2, None), events, lines)
        for s in (1, 2, None):
            before = views[s]
            views[s] = protocol.apply_delta(before, json.loads(json.dumps(deltas[s])))
            assert same(views[s], game.view(s))
            assert not same(before, game.view(s))
    assert views[1].hand and views[2].hand and views[1].hand != views[2].hand
    assert views[None].hand == ()


def same(a, b) -> bool:
    """Equal views (the configs compared by their recipe: the client builds its own)."""
    cards = {op.card for op in b.state.operatives.values()}
    return dataclasses.replace(a, config=b.config) == b and \
        fingerprint(a.config, cards) == fingerprint(b.config, cards)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@given(kind=st.sampled_from([k.value for k in Kind] + ["x"]),
       fields=st.dictionaries(st.sampled_from(["action", "ply", "code", "seat", "name",
                                               "text", "token", "mission", "fireteams",
                                               "open", "ref", "v", "extra"]), JSON,
                              max_size=5))
def test_any_message_is_read_or_refused_with_a_code(kind, fields):
    raw = json.dumps({"v": 1, "type": kind, **fields})
    try:
        req = parse_request(raw)
    except ProtocolError as error:
        assert error.code in ErrorCode and error.message
        return
    for name, spec in protocol.SHAPES[req.kind].items():  # what is read fits its shape
        if name in req.fields:
            protocol.check_field(req.kind, name, spec, req.fields[name])


def test_brackets_inside_strings_are_not_nesting():
    req = parse_request('{"v": 1, "type": "chat", "text": "[[[[{{{{[[[[ \\" ]]]]"}')
    assert req.get("text") == '[[[[{{{{[[[[ " ]]]]'


def test_a_refused_message_keeps_its_ref_and_says_nothing_of_the_parser():
    with pytest.raises(ProtocolError) as caught:
        parse_request('{"v": 1, "type": "act", "action": 5, "ply": 0, "ref": "r9"}')
    reply = protocol.error_reply(caught.value)
    assert (reply["ref"], reply["about"], reply["code"]) == ("r9", "act", "bad_field")
    with pytest.raises(ProtocolError) as caught:
        parse_request('{"v": 1.0, "type": "list", "ref": "r10"}')
    assert protocol.error_reply(caught.value)["ref"] == "r10"
    with pytest.raises(ProtocolError) as caught:
        parse_request("[" * 5000)
    assert caught.value.message == "arrays and objects nested more than 6 deep"
