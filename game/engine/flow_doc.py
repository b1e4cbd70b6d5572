"""The phase diagrams of ``docs/engine.md``, written from the flow table of each rule set
(its book's ``flow``, shown as its ``flow_doc`` says: :mod:`game.engine.contract`) by
``python tools/gen_flow_doc.py``.

:func:`render` gives one rule set's generated section (a Mermaid state diagram and a table of
every stage: what begins it, what it waits for, when it ends, what happens then, what comes
next); :func:`replace_section` puts each between its own markers in a document,
:func:`is_current` tells whether a document holds what the tables give now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.contract import Stage, Where
from game.engine.rulebook import book
from game.engine.rulesets import PLAYS, RuleSet


@dataclass(frozen=True)
class FlowSpec:
    """One rule set's flow table as the document shows it, between its own markers."""

    title: str  # the heading of a section appended to a document without it
    begin: str
    end: str
    stages: tuple[Stage, ...]
    start: Where
    anytime: tuple[type[Action], ...]
    ending: str  # how a game may end at any stage


def _flows() -> dict[str, FlowSpec]:
    """Each registered rule set whose book says how its flow is shown."""
    found = {}
    for rules in PLAYS:
        rule_book = book(rules)
        shown = rule_book.flow_doc
        if shown is not None:
            found[rules] = FlowSpec(shown.title, shown.begin, shown.end,
                                    tuple(rule_book.flow.values()), rule_book.start,
                                    shown.anytime, shown.ending)
    return found


FLOWS: dict[str, FlowSpec] = _flows()
BEGIN = FLOWS[RuleSet.FIRETEAM].begin
END = FLOWS[RuleSet.FIRETEAM].end


def _name(where: Where) -> str:
    phase, step = where
    return f"{phase.value}_{step}" if step else phase.value


def _label(where: Where) -> str:
    phase, step = where
    return f"{phase.value}: {step}" if step else phase.value


def _words(function: Callable[..., Any] | None) -> str:
    """The first line of a callback's docstring, the words the table shows for it."""
    if function is None or function.__name__ == "_nothing":
        return ""
    doc = (function.__doc__ or function.__name__).strip()
    return " ".join(doc.split("\n\n")[0].split())


def _edge(stage: Stage, where: Where) -> str:
    """The condition of the edge to ``where``: the part of the ``choose`` callback's words
    (``condition: next; ...; else next``) whose next names that stage; none when no part
    does."""
    if stage.choose is None or len(stage.successors) < 2:
        return ""
    label = _label(where)
    for part in _words(stage.choose).split(";"):
        condition, colon, target = part.partition(":")
        if not colon:
            words = part.strip()
            if not words.startswith("else "):
                continue
            condition, target = "else", words[len("else "):]
        target = target.strip().replace(" phase", "")
        if target and (target in label or target.replace(" ", "_") in label):
            return condition.strip()
    return ""


def diagram(rules: str = RuleSet.FIRETEAM) -> list[str]:
    """The Mermaid state diagram of the flow of ``rules``."""
    flow = FLOWS[rules]
    lines = ["```mermaid", "stateDiagram-v2"]
    for stage in flow.stages:
        lines.append(f'    state "{_label(stage.where)}" as {_name(stage.where)}')
    lines.append(f"    [*] --> {_name(flow.start)}")
    for stage in flow.stages:
        for where in stage.successors:
            label = _edge(stage, where)
            lines.append(f"    {_name(stage.where)} --> {_name(where)}"
                         + (f": {label}" if label else ""))
    lines.append("```")
    return lines


def table(rules: str = RuleSet.FIRETEAM) -> list[str]:
    """One row per stage of ``rules``."""
    flow = FLOWS[rules]
    anytime = ", ".join(a.__name__ for a in flow.anytime)
    rows = ["| stage | on arriving | waits for | ends when | as it ends | next |",
            "|---|---|---|---|---|---|"]
    for stage in flow.stages:
        waits = ", ".join(a.__name__ for a in stage.waits_for) or (
            "nothing (passed through)" if stage.successors else "nothing: the game is over")
        if stage.meanwhile is not None:
            waits += f"; between decisions: {_words(stage.meanwhile)}"
        nxt = ", ".join(_label(w) for w in stage.successors) or "(the game is over)"
        cells = [f"`{_label(stage.where)}`", _words(stage.on_begin) or "—", waits,
                 _words(stage.end_if), _words(stage.on_end) or "—", nxt]
        rows.append("| " + " | ".join(cells) + " |")
    rows.append("")
    rows.append(f"{anytime} are open at every stage that waits for a decision. "
                f"{flow.ending}")
    return rows


def render(rules: str = RuleSet.FIRETEAM) -> str:
    """The generated section of ``rules``, its markers included."""
    flow = FLOWS[rules]
    return "\n".join([flow.begin, "", *diagram(rules), "", *table(rules), "", flow.end])


def replace_section(document: str) -> str:
    """``document`` with each rule set's generated section replaced (appended under its own
    heading when it has none)."""
    for rules, flow in FLOWS.items():
        if flow.begin in document and flow.end in document:
            head, _, rest = document.partition(flow.begin)
            _, _, tail = rest.partition(flow.end)
            document = head + render(rules) + tail
        else:
            document = (document.rstrip("\n") + f"\n\n## {flow.title}\n\n" + render(rules)
                        + "\n")
    return document


def is_current(document: str) -> bool:
    """Whether ``document`` holds every rule set's section as the tables give it now."""
    return replace_section(document) == document
