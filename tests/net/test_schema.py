"""docs/protocol.md's payloads section is what the engine's definitions give now (every
state field, every event type), and a hello tells a client the versions and limits."""

from __future__ import annotations

from game.cli import schema as schema_cli
from game.engine.events import EVENT_TYPES
from game.engine.state import State
from game.net import schema
from game.net.limits import Limits
from game.net.protocol import versions


def test_the_payloads_section_of_the_protocol_doc_is_current():
    assert schema_cli.main(["--check"]) == 0


def test_the_section_names_every_state_field_and_event_type():
    text = schema.section()
    for name in State.__dataclass_fields__:
        assert f"| `{name}` |" in text
    for name in EVENT_TYPES:
        assert f"| `{name}` |" in text


def test_hello_carries_the_versions_and_the_limits_in_force():
    said = versions()
    assert said["protocol"] == 1 and isinstance(said["save_version"], int) and said["engine"]
    wire = Limits(max_spectators=7).wire()
    assert wire["max_spectators"] == 7 and wire["max_message_bytes"] == 8192
