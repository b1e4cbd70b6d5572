"""The rules help: the entries of ``assets/rules_help.yaml`` (the rules retold in our own
words), searching them, and the words in one entry's text that link to another.

No pygame here: the scene (``game/ui/scenes/rules.py``) draws what this module finds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from game.content.loader import content_root
from game.content.yamlio import SAFE_LOADER
from game.engine import Catalogue, Config, build_config

FILE = Path("assets") / "rules_help.yaml"


@dataclass(frozen=True)
class Picture:
    """A small killzone drawn beside an entry."""

    columns: int = 7
    rows: int = 5
    blocked: tuple[str, ...] = ()
    cover: tuple[str, ...] = ()
    objectives: tuple[str, ...] = ()
    operatives: tuple[tuple[str, int, str], ...] = ()  # (hex, player, datacard or "")
    line: tuple[str, ...] = ()  # (from, to): a line of sight
    path: tuple[str, ...] = ()
    shade: tuple[str, ...] = ()
    caption: str = ""


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    section: str
    text: str
    keywords: tuple[str, ...] = ()
    # words players use for the rule that the rules themselves do not ("LoS", "mulligan"):
    # searching for one finds this entry first; they are not links in the text
    synonyms: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    decision: str = ""  # the heading of docs/rules-decisions.md it explains
    picture: Picture | None = None
    order: int = 0

    def paragraphs(self) -> list[str]:
        """The text's lines: a blank string between paragraphs, bullets on lines of their
        own."""
        out: list[str] = []
        for line in self.text.strip().split("\n"):
            line = line.strip()
            if not line and out and out[-1] == "":
                continue
            out.append(line)
        return out


@dataclass
class Help:
    entries: list[Entry]
    by_id: dict[str, Entry] = field(default_factory=dict)
    words: dict[str, Entry] = field(default_factory=dict)  # normalised keyword -> entry

    def __post_init__(self) -> None:
        for entry in self.entries:
            if entry.id in self.by_id:
                raise ValueError(f"rules help: two entries with the id {entry.id!r}")
            self.by_id[entry.id] = entry
        for entry in self.entries:  # an id and the keywords; the first entry keeps a word
            for word in (entry.id, *entry.keywords):
                self.words.setdefault(normalise(word), entry)
        for entry in self.entries:  # then the synonyms, where no keyword took the word
            for word in entry.synonyms:
                self.words.setdefault(normalise(word), entry)

    @property
    def sections(self) -> list[str]:
        seen: list[str] = []
        for entry in self.entries:
            if entry.section not in seen:
                seen.append(entry.section)
        return seen


def normalise(word: str) -> str:
    """``"Rapid Fire"``, ``"rapid_fire"`` and ``"rapid-fire "`` all come to ``"rapid fire"``."""
    return " ".join(re.sub(r"[_\-]+", " ", word.lower()).split())


def _strings(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


def _picture(raw: dict[str, Any] | None) -> Picture | None:
    if not raw:
        return None
    operatives = tuple((str(o["at"]), int(o.get("player", 1)), str(o.get("card", "")))
                       for o in raw.get("operatives") or ())
    return Picture(columns=int(raw.get("columns", 7)), rows=int(raw.get("rows", 5)),
                   blocked=_strings(raw.get("blocked")), cover=_strings(raw.get("cover")),
                   objectives=_strings(raw.get("objectives")), operatives=operatives,
                   line=_strings(raw.get("line")), path=_strings(raw.get("path")),
                   shade=_strings(raw.get("shade")), caption=str(raw.get("caption", "")))


def parse(data: dict[str, Any]) -> Help:
    entries = []
    for i, raw in enumerate(data.get("entries") or ()):
        missing = [k for k in ("id", "title", "section", "text") if not raw.get(k)]
        if missing:
            raise ValueError(f"rules help entry {i} ({raw.get('id', '?')}): "
                             f"missing {', '.join(missing)}")
        entries.append(Entry(id=str(raw["id"]), title=str(raw["title"]),
                             section=str(raw["section"]), text=str(raw["text"]).strip(),
                             keywords=_strings(raw.get("keywords")),
                             synonyms=_strings(raw.get("synonyms")),
                             see=_strings(raw.get("see")),
                             decision=str(raw.get("decision") or ""),
                             picture=_picture(raw.get("picture")), order=i))
    return Help(entries)


def path() -> Path:
    return content_root() / FILE


@lru_cache(maxsize=1)
def load() -> Help:
    """The shipped rules help (read once)."""
    return parse(yaml.load(path().read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {})


def entries() -> list[Entry]:
    return list(load().entries)


def entry(entry_id: str) -> Entry | None:
    return load().by_id.get(entry_id)


def entry_for_word(word: str) -> Entry | None:
    """The entry a word links to: an entry's id or one of its keywords, whatever the case,
    spaces, hyphens or underscores (``"Rapid Fire"`` and ``"rapid_fire"`` alike)."""
    help_ = load()
    key = normalise(word)
    if not key:
        return None
    found = help_.words.get(key)
    if found is None and key.endswith("s"):
        found = help_.words.get(key[:-1])
    return found


def search(query: str) -> list[Entry]:
    """Entries matching every word of ``query`` (case-insensitive; a word matches the start
    of a word, so "cov" finds "cover" while typing and "los" does not find "close"), best
    first: the entry whose title is the query; one of whose keywords or synonyms is the
    query; whose title holds every word; whose keywords do; then those where only the text
    does. An empty query gives every entry in order."""
    help_ = load()
    words = normalise(query).split()
    if not words:
        return list(help_.entries)
    phrase = " ".join(words)
    ranked: list[tuple[int, int, Entry]] = []
    for e in help_.entries:
        title = normalise(e.title)
        keys = [normalise(k) for k in (e.id, *e.keywords, *e.synonyms)]
        head = _tokens(" ".join(keys))
        body = _tokens(normalise(e.text) + " " + normalise(e.picture.caption if e.picture
                                                          else ""))
        if phrase == title or phrase == _bare(title):
            rank = 0
        elif phrase in keys:
            rank = 1
        elif _all_start(words, _tokens(title)):
            rank = 2
        elif _all_start(words, head | _tokens(title)):
            rank = 3
        elif _all_start(words, head | _tokens(title) | body):
            rank = 4
        else:
            continue
        ranked.append((rank, e.order, e))
    return [e for _, _, e in sorted(ranked, key=lambda t: t[:2])]


def _tokens(text: str) -> set[str]:
    """The words of a normalised text, without the punctuation around them."""
    return {w for w in re.split(r"[^\w+()]+", text) if w} | set(text.split())


def _all_start(words: list[str], tokens: set[str]) -> bool:
    """Whether every word of a query starts one of ``tokens``."""
    return all(any(t.startswith(w) for t in tokens) for w in words)


def _bare(title: str) -> str:
    """A normalised title without its leading "the " or "ruling: "."""
    for lead in ("the ", "ruling: "):
        title = title.removeprefix(lead)
    return title


# --- links in the text ----------------------------------------------------------------------

_EDGE = r"[\w\-]"


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """One pattern per keyword, longest first, with the entry it leads to. A keyword with a
    capital letter matches only as written; an all-lowercase one in any case."""
    help_ = load()
    out: list[tuple[int, re.Pattern[str], str]] = []
    for e in help_.entries:
        for word in e.keywords:
            target = entry_for_word(word)
            if target is None:
                continue
            flags = 0 if word != word.lower() else re.IGNORECASE
            body = r"\s+".join(re.escape(part) for part in word.split())
            out.append((len(word), re.compile(rf"(?<!{_EDGE}){body}(?!{_EDGE})", flags),
                        target.id))
    out.sort(key=lambda t: -t[0])
    return [(p, t) for _, p, t in out]


def links(text: str, own: str = "", linked: set[str] | None = None
          ) -> list[tuple[int, int, str]]:
    """The spans of ``text`` that link to another entry, as (start, end, entry id): the
    longest keyword wins, each entry is linked once (its first mention) and never to
    ``own``. ``linked`` (the entries linked already, updated) carries that over several
    pieces of one text."""
    taken: list[tuple[int, int, str]] = []
    linked = linked if linked is not None else set()
    linked.add(own)
    for pattern, target in _patterns():
        if target in linked:
            continue
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < e and s < end for s, e, _ in taken):
                continue
            taken.append((start, end, target))
            linked.add(target)
            break
    return sorted(taken)


def picture_config(catalogue: Catalogue, picture: Picture) -> Config:
    """The small killzone of a picture, as a game config with no fireteams."""
    return build_config(catalogue, {
        "killzone": {"columns": picture.columns, "rows": picture.rows,
                     "blocked": list(picture.blocked), "cover": list(picture.cover),
                     "objectives": {f"obj{i}": h for i, h in enumerate(picture.objectives)}},
        "fireteams": {1: None, 2: None}})
