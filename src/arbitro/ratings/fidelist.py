"""Streaming parsers for the FIDE rating-list files (trf.md §8): fixed-width TXT and XML.

Pure functions over data the caller opens: :func:`iter_txt_list` takes an iterable of lines
(``str`` or ``bytes``; ``bytes`` are read as UTF-8, or Latin-1 when not valid UTF-8), :func:`iter_xml_list` a binary stream.
Both yield, in file order, :class:`RatingListEntry` records and :class:`ListDiagnostic` items
(a bad line never raises): an ``error`` diagnostic means the line was skipped, a ``warning``
means one value was dropped (set to 0 / empty) and the record still follows.

TXT layouts (all computed from the header line, never hard-coded offsets):

* combined FOA list ``players_list_foa.txt`` (162 columns):
  ``ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag``;
* legacy combined list (no ``FOA`` column, 158 columns);
* per-type lists (``standard_rating_list.txt`` ...): the rating column is headed by the month
  (``OCT26``), then ``Gms K``; pass ``rating_type`` ("standard", "rapid", "blitz") to say which;
* older lists (e.g. 2011: ``ID number Name  TitlFed  Mar11 GamesBorn  Flag``, glued labels,
  lower-case titles ``g m f c wg wm wf wc``).

A field spans from its label's start column to the next label's start column; values are
stripped, so left- or right-aligned values both read. A line longer than the header is taken
as an ``OTit`` overflow (trf.md §8.2: the other titles spill into ``FOA`` on a few lines) and the
columns after ``OTit`` are shifted by the excess.
"""

from __future__ import annotations

import operator
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any, NamedTuple

from arbitro.limits import MAX_LIST_LINE, hidden_character, nfc

__all__ = [
    "RATING_TYPES",
    "ListDiagnostic",
    "ListLayout",
    "RatingListEntry",
    "iter_txt_list",
    "iter_xml_list",
    "split_items",
    "txt_layout",
]

RATING_TYPES = ("standard", "rapid", "blitz")

#: Semantic field keys, in :class:`RatingListEntry` order after ``fide_id``.
_KEYS = (
    "id", "name", "fed", "sex", "title", "wtitle", "otitle", "foa",
    "s_rating", "s_games", "s_k", "r_rating", "r_games", "r_k", "b_rating", "b_games", "b_k",
    "birth", "flag",
)  # fmt: skip
_KEY_INDEX = {k: i for i, k in enumerate(_KEYS)}

#: Header labels (case-insensitive) -> semantic key; "*" keys depend on the per-type list's type.
_LABELS: dict[str, str] = {
    "id number": "id", "id_number": "id", "idnumber": "id", "id": "id",
    "name": "name", "fed": "fed", "sex": "sex", "tit": "title", "titl": "title",
    "wtit": "wtitle", "otit": "otitle", "foa": "foa",
    "srtng": "s_rating", "sgm": "s_games", "sk": "s_k",
    "rrtng": "r_rating", "rgm": "r_games", "rk": "r_k",
    "brtng": "b_rating", "bgm": "b_games", "bk": "b_k",
    "gms": "*_games", "games": "*_games", "k": "*_k",
    "b-day": "birth", "bday": "birth", "born": "birth", "b-year": "birth", "byear": "birth",
    "flag": "flag",
}  # fmt: skip
_MONTH = r"[A-Za-z]{3}\d{2}"  # the per-type list's rating column: OCT26, Mar11
_LABEL_RE = re.compile(
    "|".join(
        [r"ID[ _]?number"]
        + sorted((re.escape(k) for k in _LABELS if not k.startswith("id")), key=len, reverse=True)
        + [_MONTH]
    ),
    re.IGNORECASE,
)
_MONTH_RE = re.compile(_MONTH + "$")
_TYPE_PREFIX = {"standard": "s", "rapid": "r", "blitz": "b"}

#: TRF-2026 / rating-list titles, and the old lower-case forms (trf.md §8.4).
_TITLES = {
    "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM", "WGM": "WGM", "WIM": "WIM", "WFM": "WFM", "WCM": "WCM",
    "G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM",
}  # fmt: skip
_WOMEN_TITLES = frozenset({"WGM", "WIM", "WFM", "WCM"})
#: Exact spellings accepted without checks on the fast path (anything else takes the checked path).
_TITLES_FAST = {"": "", **{k: v for k, v in _TITLES.items() if len(k) > 1 or k in "GMFC"}}
_TITLES_FAST.update({k.lower(): v for k, v in _TITLES.items() if len(k) <= 2})
_WOMEN_FAST = {"": "", **{t: t for t in _WOMEN_TITLES}}
_FLAGS = {"": "", "i": "i", "w": "w", "wi": "wi", "iw": "iw"}
_SEXES = frozenset({"M", "F", ""})
_NUMBERS = operator.itemgetter(*range(8, 17))
#: Federation codes already checked (three ASCII capitals); "" (no federation) is valid.
_FEDS_SEEN: set[str] = {""}
_FLAG_CHARS = frozenset("iw")
_MAX_OVERFLOW = 12
_MAX_DIGITS = 9
_LIMIT = 10**_MAX_DIGITS


class RatingListEntry(NamedTuple):
    """One player of a FIDE rating list. Ratings, games and K are 0 when absent (0 = unrated)."""

    fide_id: int
    name: str
    federation: str
    sex: str  # "M", "F" or ""
    title: str  # GM IM FM CM WGM WIM WFM WCM or ""
    women_title: str  # WGM WIM WFM WCM or ""
    other_titles: tuple[str, ...]  # IA FA NA IO FT FST DI NI ...
    foa_title: str  # AGM AIM AFM ACM or ""
    standard_rating: int
    standard_games: int
    standard_k: int
    rapid_rating: int
    rapid_games: int
    rapid_k: int
    blitz_rating: int
    blitz_games: int
    blitz_k: int
    birth_year: int | None
    flag: str  # raw: "i" inactive, "w" woman, "wi" both

    @property
    def inactive(self) -> bool:
        return "i" in self.flag

    @property
    def woman(self) -> bool:
        return "w" in self.flag or self.sex == "F"


@dataclass(frozen=True, slots=True)
class ListDiagnostic:
    """A problem in one line (TXT) or one ``<player>`` element (XML; ``line`` is then its ordinal)."""

    line: int
    field: str
    expected: str
    found: str
    severity: str = "warning"  # "error": the line was skipped; "warning": the value was dropped
    unit: str = "line"  # "line" (TXT) or "player" (XML element ordinal)

    def __str__(self) -> str:
        return f"{self.unit} {self.line}: {self.field}: expected {self.expected}, found {self.found!r}"


@dataclass(frozen=True, slots=True)
class ListLayout:
    """The columns of a TXT list, computed from its header line."""

    columns: tuple[tuple[str, str, int], ...]  # (semantic key, header label, start column)
    width: int  # the header's length: the expected line width
    period: str | None  # the month label of a per-type list, e.g. "OCT26"
    overflow_after: int | None  # index in ``columns`` of OTit (the column that may overflow)

    @property
    def kind(self) -> str:
        keys = {k for k, _, _ in self.columns}
        if self.period is not None:
            return "per-type"
        if "s_rating" in keys:
            return "combined" if "foa" in keys else "legacy"
        return "unknown"


def txt_layout(header: str, *, rating_type: str = "standard") -> ListLayout | ListDiagnostic:
    """The column layout of a TXT list from its header line, or an ``error`` diagnostic (line 1)."""
    if rating_type not in _TYPE_PREFIX:
        raise ValueError(f"rating type must be one of {', '.join(RATING_TYPES)}")
    header = header.rstrip("\r\n")
    prefix = _TYPE_PREFIX[rating_type]
    columns: list[tuple[str, str, int]] = []
    period: str | None = None
    pos = 0
    while pos < len(header):
        if header[pos].isspace():
            pos += 1
            continue
        match = _LABEL_RE.match(header, pos)
        if match is None:  # unknown label: skip the word; its text joins the previous field
            while pos < len(header) and not header[pos].isspace():
                pos += 1
            continue
        label = match.group()
        lowered = " ".join(label.lower().split())
        if _MONTH_RE.match(label):
            key = f"{prefix}_rating"
            period = label.upper()
        else:
            key = _LABELS["id number" if lowered.startswith("id") else lowered]
            key = key.replace("*", prefix)
        if key in {k for k, _, _ in columns}:
            return ListDiagnostic(1, "header", "each column once", label, "error")
        columns.append((key, label, match.start()))
        pos = match.end()
    keys = [k for k, _, _ in columns]
    if not columns or keys[0] != "id" or "name" not in keys:
        return ListDiagnostic(
            1, "header", "a FIDE rating-list header starting 'ID Number  Name'", _layout_of(header) + header[:60], "error"
        )
    overflow = keys.index("otitle") if "otitle" in keys else None
    return ListLayout(tuple(columns), len(header), period, overflow)


def _layout_of(header: str) -> str:
    """What a first line that is no FIDE TXT header looks like, to name it in the diagnostic (issue 37)."""
    text = header.lstrip("\ufeff").strip()
    if text.startswith("<"):
        return "an XML document (read it as XML: a .xml file): "
    if text.startswith(("{", "[")):
        return "a JSON document, not a FIDE list layout: "
    for sep, name in (("\t", "tab"), (";", "semicolon"), (",", "comma")):
        if text.count(sep) >= 2:
            return f"a {name}-separated table (CSV), not FIDE's fixed-width layout: "
    return ""


def _decode(raw: bytes) -> str:
    """UTF-8 when the bytes are UTF-8 (ASCII FIDE files, re-saved copies), else Latin-1 (never fails)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _text(line: str | bytes) -> str:
    if isinstance(line, bytes):
        line = _decode(line)
    return line.rstrip("\r\n").lstrip("\ufeff")


class _Builder:
    """Turns raw field strings into a :class:`RatingListEntry`, collecting diagnostics."""

    __slots__ = ("diagnostics", "labels", "unit")

    def __init__(self, labels: dict[str, str], unit: str) -> None:
        self.labels = labels
        self.unit = unit
        self.diagnostics: list[ListDiagnostic] = []

    def _warn(self, n: int, key: str, expected: str, found: str, severity: str = "warning") -> None:
        self.diagnostics.append(
            ListDiagnostic(n, self.labels.get(key, key), expected, found, severity, self.unit)
        )

    def _number(self, n: int, key: str, raw: str) -> int:
        if raw.isascii() and raw.isdecimal() and len(raw) <= _MAX_DIGITS:  # ASCII digits only: "１８００" is no rating
            return int(raw)
        if raw:
            self._warn(n, key, "a whole number", raw)
        return 0

    def build(self, n: int, raw: list[str]) -> RatingListEntry | None:
        rid = raw[0]
        if not (rid.isascii() and rid.isdecimal() and len(rid) <= _MAX_DIGITS and int(rid) > 0):
            self._warn(n, "id", "a FIDE ID (digits)", rid, "error")
            return None
        if hidden_character(raw[1]) is not None:  # a name that would read backwards on the pages (issue 38)
            self._warn(n, "name", "a name without bidi control characters or lone surrogates", raw[1][:60], "error")
            return None
        fed = raw[2]
        if fed and not (len(fed) == 3 and fed.isalpha() and fed.isascii()):
            self._warn(n, "fed", "a three-letter federation code", fed)
            fed = ""
        sex = raw[3].upper()
        if sex not in ("M", "F", ""):
            self._warn(n, "sex", "M or F", raw[3])
            sex = ""
        title = self._title(n, "title", raw[4])
        women_title = self._title(n, "wtitle", raw[5])
        if women_title and women_title not in _WOMEN_TITLES:
            self._warn(n, "wtitle", "WGM, WIM, WFM or WCM", raw[5])
            women_title = ""
        other = tuple(t for t in (p.strip() for p in raw[6].split(",")) if t) if raw[6] else ()
        birth_raw = raw[17]
        birth: int | None = None
        if birth_raw.isascii() and birth_raw.isdecimal() and len(birth_raw) <= 4:
            birth = int(birth_raw) or None
        elif birth_raw:
            self._warn(n, "birth", "a birth year", birth_raw)
        flag = raw[18].lower()
        if flag and not set(flag) <= _FLAG_CHARS:
            self._warn(n, "flag", "i, w or wi", raw[18])
            flag = "".join(c for c in flag if c in _FLAG_CHARS)
        num = self._number
        return RatingListEntry(
            int(rid), nfc(raw[1]), fed.upper(), sex, title, women_title, other, raw[7],
            num(n, "s_rating", raw[8]), num(n, "s_games", raw[9]), num(n, "s_k", raw[10]),
            num(n, "r_rating", raw[11]), num(n, "r_games", raw[12]), num(n, "r_k", raw[13]),
            num(n, "b_rating", raw[14]), num(n, "b_games", raw[15]), num(n, "b_k", raw[16]),
            birth, flag,
        )  # fmt: skip

    def _title(self, n: int, key: str, raw: str) -> str:
        if not raw:
            return ""
        title = _TITLES.get(raw.upper())
        if title is None:
            self._warn(n, key, "a FIDE title (GM IM FM CM WGM WIM WFM WCM)", raw)
            return ""
        return title


def iter_txt_list(
    lines: Iterable[str | bytes], *, rating_type: str = "standard"
) -> Iterator[RatingListEntry | ListDiagnostic]:
    """Parse a FIDE TXT rating list (header line first); yields records and diagnostics in line order.

    ``rating_type`` names the type of a per-type list (its rating column is headed by the month);
    the combined lists ignore it. Blank lines are skipped silently.
    """
    it = _bounded_lines(lines) if hasattr(lines, "readline") else iter(lines)
    layout: ListLayout | ListDiagnostic | None = None
    number = 0
    for raw_header in it:
        number += 1
        header = _text(raw_header)
        if header.strip():
            layout = txt_layout(header, rating_type=rating_type)
            break
    if layout is None:
        yield ListDiagnostic(max(number, 1), "header", "a FIDE rating-list header line", "", "error")
        return
    if isinstance(layout, ListDiagnostic):
        yield ListDiagnostic(number, layout.field, layout.expected, layout.found, "error")
        return
    yield from _txt_body(it, layout, number)


def _bounded_lines(stream: Any) -> Iterator[bytes]:
    """Lines of a binary stream, each cut to :data:`~arbitro.limits.MAX_LIST_LINE` + 1 bytes.

    A file of one endless line (or ``/dev/zero``) is then read in bounded pieces; the cut line
    is longer than any layout and is reported as such by the body parser (limits.md).
    """
    readline = stream.readline
    cap = MAX_LIST_LINE + 1
    while True:
        line = readline(cap)
        if not line:
            return
        if len(line) == cap and not line.endswith(b"\n"):
            while True:  # skip the rest of the over-long line
                rest = readline(1 << 16)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line


def _getter(spans: list[tuple[int, int, int | None]]) -> Callable[[str], tuple[str, ...]]:
    """One C-level call cutting a line into the 19 fields in :data:`_KEYS` order ("" for absent columns)."""
    by_key = [slice(0, 0)] * len(_KEYS)
    for slot, start, end in spans:
        by_key[slot] = slice(start, end)
    return operator.itemgetter(*by_key)


def _fast_entry(p: list[str]) -> RatingListEntry | None:
    """The common, clean line without per-field checks; None sends the line to the checked path.

    The caller guarantees the line holds no ``+`` or ``_`` (which ``int()`` would accept).
    """
    texts = _NUMBERS(p)
    if not (p[0].isascii() and p[1].isascii() and p[17].isascii() and all(map(str.isascii, texts))):
        return None  # int() reads other scripts' digits, a name may hide bidi controls (issue 38): the checked path
    try:
        fid = int(p[0])
        try:
            numbers = list(map(int, texts))
        except ValueError:  # blank numeric fields (legacy lists)
            numbers = [int(x or "0") for x in texts]
        birth_text = p[17]
        birth = int(birth_text) if birth_text else 0
    except ValueError:
        return None
    fed, sex, flag = p[2], p[3], _FLAGS.get(p[18])
    title, women_title = _TITLES_FAST.get(p[4]), _WOMEN_FAST.get(p[5])
    if (
        not 0 < fid < _LIMIT
        or min(numbers) < 0
        or max(numbers) >= _LIMIT
        or not 0 <= birth < 10_000
        or len(birth_text) > 4
        or title is None
        or women_title is None
        or flag is None
        or sex not in _SEXES
    ):
        return None
    if fed not in _FEDS_SEEN:
        if not (len(fed) == 3 and fed.isascii() and fed.isalpha() and fed.isupper()):
            return None
        _FEDS_SEEN.add(fed)
    other = tuple(t.strip() for t in p[6].split(",") if t.strip()) if p[6] else ()
    values = (fid, p[1], fed, sex, title, women_title, other, p[7], *numbers, birth or None, flag)
    return RatingListEntry._make(values)


def _txt_body(
    lines: Iterator[str | bytes], layout: ListLayout, number: int
) -> Iterator[RatingListEntry | ListDiagnostic]:
    keys = [k for k, _, _ in layout.columns]
    starts = [s for _, _, s in layout.columns]
    ends: list[int | None] = [*starts[1:], None]
    slots = [_KEY_INDEX[k] for k in keys]
    spans = list(zip(slots, starts, ends, strict=True))
    cut = _getter(spans)
    builder = _Builder({k: label for k, label, _ in layout.columns}, "line")
    width = layout.width
    after = layout.overflow_after
    strip = str.strip
    for raw_line in lines:
        number += 1
        line = _decode(raw_line) if isinstance(raw_line, bytes) else raw_line
        line = line.rstrip("\r\n")
        if not line or line.isspace():
            continue
        excess = len(line) - width
        if excess > 0 and after is not None:
            if excess > _MAX_OVERFLOW:
                yield ListDiagnostic(
                    number, "line", f"at most {width} characters", f"{len(line)} characters", "error"
                )
                continue
            yield ListDiagnostic(
                number, "OTit", f"{width} characters (OTit overflow assumed)", f"{len(line)} characters"
            )
            shifted = [
                (
                    slot,
                    start + excess if i > after else start,
                    end + excess if end is not None and i >= after else end,
                )
                for i, (slot, start, end) in enumerate(spans)
            ]
            raw = list(map(strip, _getter(shifted)(line)))
        else:
            raw = list(map(strip, cut(line)))
            if "_" not in line and "+" not in line:
                fast = _fast_entry(raw)
                if fast is not None:
                    yield fast
                    continue
        entry = builder.build(number, raw)
        if builder.diagnostics:
            yield from builder.diagnostics
            builder.diagnostics.clear()
        if entry is not None:
            yield entry


#: XML child element -> semantic key (trf.md §8.3).
_XML_KEYS = {
    "fideid": "id", "name": "name", "country": "fed", "sex": "sex", "title": "title", "w_title": "wtitle",
    "o_title": "otitle", "foa_title": "foa", "rating": "s_rating", "games": "s_games", "k": "s_k",
    "rapid_rating": "r_rating", "rapid_games": "r_games", "rapid_k": "r_k",
    "blitz_rating": "b_rating", "blitz_games": "b_games", "blitz_k": "b_k",
    "birthday": "birth", "flag": "flag",
}  # fmt: skip


#: Other spellings of the XML fields (older FIDE lists and other exports), lower case.
_XML_ALIASES = {
    "id": "id", "fide_id": "id", "fide-id": "id", "fideid": "id", "id_number": "id",
    "fed": "fed", "federation": "fed", "country": "fed", "titel": "title", "wtitle": "wtitle",
    "otitle": "otitle", "born": "birth", "byear": "birth", "b-year": "birth", "birthyear": "birth",
    "birth": "birth", "birthday": "birth", "srtng": "s_rating", "rrtng": "r_rating", "brtng": "b_rating",
}  # fmt: skip


def _local(tag: str) -> str:
    """An XML name without its namespace (``{uri}player`` -> ``player``)."""
    return tag.rpartition("}")[2]


def iter_xml_list(
    stream: IO[bytes], *, rating_type: str = "standard"
) -> Iterator[RatingListEntry | ListDiagnostic]:
    """Parse a FIDE XML rating list (``<playerslist><player>...``) from a binary stream, streaming.

    Each ``<player>`` is dropped once read, so memory stays flat on the 856 MB combined file.
    In a per-type list the ``rating``/``games``/``k`` elements belong to ``rating_type``.
    A malformed document yields one ``error`` diagnostic where parsing stopped.
    """
    if rating_type not in _TYPE_PREFIX:
        raise ValueError(f"rating type must be one of {', '.join(RATING_TYPES)}")
    keys = dict(_XML_KEYS)
    if rating_type != "standard":
        prefix = _TYPE_PREFIX[rating_type]
        keys.update({"rating": f"{prefix}_rating", "games": f"{prefix}_games", "k": f"{prefix}_k"})
    builder = _Builder({v: k for k, v in keys.items()}, "player")
    count = 0
    root: ET.Element | None = None
    pending: ET.Element | None = None
    slots = {tag: _KEY_INDEX[key] for tag, key in keys.items()}
    # Older and other layouts (issue 37): the same fields as attributes (``<player id="..."
    # name="...">``), other spellings of the names (``ID``, ``fide_id``, ``fed``, ``born``), any case.
    loose = {**{k.lower(): v for k, v in slots.items()},
             **{alias: _KEY_INDEX[key] for alias, key in _XML_ALIASES.items() if key in _KEY_INDEX}}  # fmt: skip
    if rating_type != "standard":
        loose.update({k: slots[k] for k in ("rating", "games", "k")})
    n_keys = len(_KEYS)
    first_other: list[str] = []

    def read(player: ET.Element, number: int) -> Iterator[RatingListEntry | ListDiagnostic]:
        raw = [""] * n_keys
        for name, value in player.attrib.items():
            slot = loose.get(_local(name).lower())
            if slot is not None and value.strip():
                raw[slot] = value.strip()
        for child in player:
            slot = slots.get(child.tag)
            if slot is None:
                slot = loose.get(_local(child.tag).lower())
            if slot is not None:
                text = child.text or ""
                if len(text) > MAX_LIST_LINE:  # capped like a TXT line (issue 38: a 30 MB name was read)
                    yield ListDiagnostic(number, child.tag, f"at most {MAX_LIST_LINE:,} characters",
                                         f"{text[:20]}... ({len(text):,} characters)", "error", "player")  # fmt: skip
                    return
                raw[slot] = text.strip()
        joined = "".join(raw)
        if "+" not in joined and "_" not in joined:
            fast = _fast_entry(raw)
            if fast is not None:
                yield fast
                return
        entry = builder.build(number, raw)
        if builder.diagnostics:
            yield from builder.diagnostics
            builder.diagnostics.clear()
        if entry is not None:
            yield entry

    # Only "start" events (half the events of start+end): a <player> is complete when the next one
    # starts, or when the document ends. Each one read is dropped from the root: memory stays flat.
    try:
        for _, elem in ET.iterparse(stream, events=("start",)):
            if root is None:
                root = elem
                continue
            if _local(elem.tag).lower() != "player":
                if not first_other and not count:
                    first_other.append(elem.tag)
                continue
            if pending is not None:
                yield from read(pending, count)
            count += 1
            pending = elem
            root.clear()  # the builder keeps filling ``elem``; the root forgets the players read
        if pending is not None:
            yield from read(pending, count)
        if not count and root is not None:
            found = f"<{_local(root.tag)}>" + (f" holding <{_local(first_other[0])}>" if first_other else " holding nothing")
            yield ListDiagnostic(0, "xml", "FIDE's layout <playerslist><player>… (fields as elements or attributes)",
                                 f"{found}: not a FIDE rating list layout Arbitro reads; no player read", "error", "player")  # fmt: skip
    except (ET.ParseError, ValueError, LookupError) as exc:
        position = getattr(exc, "position", None)
        where = f"XML line {position[0]}, column {position[1]}" if position else "the XML text"
        yield ListDiagnostic(count, "xml", "well-formed XML", f"{where}: {exc}", "error", "player")


def split_items(
    items: Iterable[RatingListEntry | ListDiagnostic],
) -> tuple[list[RatingListEntry], list[ListDiagnostic]]:
    """Separate records from diagnostics (for small lists and tests)."""
    entries: list[RatingListEntry] = []
    diagnostics: list[ListDiagnostic] = []
    for item in items:
        if isinstance(item, ListDiagnostic):
            diagnostics.append(item)
        else:
            entries.append(item)
    return entries, diagnostics
