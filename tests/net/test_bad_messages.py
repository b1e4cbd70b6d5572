"""Every message the server must refuse, over a real socket: each gets its error code, and
nothing changes (the position, the journal, what the other seat is sent); the connection and
the game go on."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.net.client import Client, ServerError
from game.net.protocol import MAX_REQUEST_BYTES
from game.net.store import SQLiteStore
from tests.net.helpers import closed, connected, served_pair


def journal(db) -> list[tuple]:
    store = SQLiteStore(db)
    try:
        return [(r.id, r.journal) for r in store.games(finished_since=0.0)]
    finally:
        store.close()


async def next_reply(client: Client, before: int) -> dict:
    """The first message ``client`` received after its first ``before`` ones."""
    for _ in range(200):
        assert client.received is not None
        if len(client.received) > before:
            return json.loads(client.received[before])
        await asyncio.sleep(0.01)
    raise AssertionError("no answer")


def notation_of(client: Client, verb: str) -> str:
    return next(a for a in client.legal if a.split()[1] == verb)


BAD = {
    # name: (build the raw message from (mover, waiter), the error code expected)
    "wrong seat": (lambda m, w: {"type": "act", "action": f"{3 - m.seat} keep", "ply": m.ply},
                   "wrong_seat", "mover"),
    "illegal": (lambda m, w: {"type": "act", "action": f"{m.seat} activate nobody",
                              "ply": m.ply}, "illegal", "mover"),
    "out of turn": (lambda m, w: {"type": "act", "action": f"{w.seat} keep", "ply": w.ply},
                    "not_your_turn", "waiter"),
    "agreed result by one": (lambda m, w: {"type": "act", "action": f"{m.seat} agree {m.seat}",
                                           "ply": m.ply}, "illegal", "mover"),
    "replayed": (lambda m, w: {"type": "act", "action": m.legal[0], "ply": m.ply - 1},
                 "stale", "mover"),
    "from the future": (lambda m, w: {"type": "act", "action": m.legal[0], "ply": m.ply + 5},
                        "stale", "mover"),
    "unreadable action": (lambda m, w: {"type": "act", "action": "1", "ply": m.ply},
                          "bad_notation", "mover"),
    "malformed": (lambda m, w: '{"v": 1, "type": "act", "action": ', "not_json", "mover"),
    "not an object": (lambda m, w: "[1, 2, 3]", "bad_shape", "mover"),
    "oversized": (lambda m, w: {"type": "chat", "text": "x" * MAX_REQUEST_BYTES},
                  "too_large", "mover"),
    "unknown type": (lambda m, w: {"type": "teleport", "to": "A1"}, "unknown_type", "mover"),
    "unknown field": (lambda m, w: {"type": "act", "action": m.legal[0], "ply": m.ply,
                                    "seat": w.seat}, "bad_field", "mover"),
    "wrong type": (lambda m, w: {"type": "act", "action": m.legal[0], "ply": str(m.ply)},
                   "bad_field", "mover"),
    "old version": (lambda m, w: {"v": 0, "type": "list"}, "bad_version", "mover"),
    "undo with nothing to undo": (lambda m, w: {"type": "undo", "ply": m.ply},
                                  "nothing_to_undo", "mover"),
    "undo for the other seat": (lambda m, w: {"type": "undo", "ply": w.ply},
                                "nothing_to_undo", "waiter"),
    "accept a draw nobody offered": (lambda m, w: {"type": "accept_draw"}, "no_offer",
                                     "waiter"),
    "reconnect with a made-up token": (lambda m, w: {"type": "reconnect", "token": "x" * 43},
                                       "bad_token", "waiter"),
    "join a taken seat": (lambda m, w: {"type": "join", "code": m.code, "seat": w.seat},
                          "seat_taken", "waiter"),
    "join a game that does not exist": (lambda m, w: {"type": "join", "code": "ZZZZZZ"},
                                        "unknown_game", "waiter"),
    "create with an unknown mission": (
        lambda m, w: {"type": "create", "mission": "moon", "fireteams": ["gideon", "gideon"]},
        "unknown_content", "waiter"),
}


@pytest.mark.slow
def test_every_bad_message_gets_its_error_and_changes_nothing(tmp_path, catalogue):
    db = tmp_path / "g.sqlite3"  # the database served() opens

    async def scenario(url: str, one: Client, two: Client) -> None:
        # a few actions in, so that 'replayed' has an earlier ply to replay
        for _ in range(3):
            mover = one if one.my_turn else two
            await mover.act(mover.legal[0])
        for name, (build, code, who) in BAD.items():
            mover, waiter = (one, two) if one.my_turn else (two, one)
            sender = mover if who == "mover" else waiter
            other = waiter if sender is mover else mover
            ply, log, legal = mover.ply, list(mover.log), list(mover.legal)
            stored = journal(db)
            raw = build(mover, waiter)
            if isinstance(raw, dict):
                raw = json.dumps({"v": 1, **raw})
            before, other_before = len(sender.received), len(other.received)
            await sender.send_raw(raw)
            answer = await next_reply(sender, before)
            assert answer["type"] == "error" and answer["code"] == code, (name, answer)
            assert answer["message"], name
            # nothing changed, and the other seat heard nothing
            assert journal(db) == stored, name
            assert len(other.received) == other_before, name
            assert (mover.ply, mover.log, mover.legal) == (ply, log, legal), name
        # the connections and the game go on: the next legal action is carried out
        mover = one if one.my_turn else two
        await mover.act(mover.legal[0])
        assert mover.ply == ply + 1

    served_pair(tmp_path, scenario, catalogue)


def test_a_spectator_cannot_act_and_sees_no_hand(tmp_path, catalogue):
    async def scenario(url: str, one: Client, two: Client) -> None:
        watcher = await connected(url, catalogue)
        await watcher.spectate(one.code or "")
        with pytest.raises(ServerError) as caught:
            await watcher.act(one.legal[0] if one.legal else two.legal[0])
        assert caught.value.code == "not_seated"
        assert watcher.view.hand == () and watcher.view.legal_actions == ()
        # the lobby lists games with a free seat only
        host = await connected(url, catalogue)
        await host.create("sabotage", ("bad_ladz", "gideon"), seat=2, name="Cy", open_=True)
        listed = {g["code"]: g for g in await watcher.list_games()}
        assert one.code not in listed
        assert listed[host.code]["free"] == [1] and listed[host.code]["names"] == {"2": "Cy"}
        await closed(watcher, host)

    served_pair(tmp_path, scenario, catalogue)


def test_a_second_connection_with_the_token_replaces_the_first(tmp_path, catalogue):
    async def scenario(url: str, one: Client, two: Client) -> None:
        again = await connected(url, catalogue)
        await again.reconnect(one.token or "")
        assert again.seat == one.seat and again.ply == one.ply
        for _ in range(100):
            if one.status == "replaced":
                break
            await asyncio.sleep(0.01)
        assert one.status == "replaced"
        mover = again if again.my_turn else two
        await mover.act(mover.legal[0])
        await again.close()

    served_pair(tmp_path, scenario, catalogue)
