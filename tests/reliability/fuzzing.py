"""Fuzz targets of every parser (issue 11 §4), shared by the suite and ``tools/fuzz_all.py``.

Each target takes one generated input and returns ``"accepted"`` or ``"rejected"``.
*Rejected* means the parser said why: an :class:`~arbitro.errors.ArbitroError` (or a
diagnostic) with a message that names what was expected. Any other exception is a
crash and fails the run. Inputs are mutations of valid seeds (the TRF files of
tests/fixtures, a FIDE list, a dossier, a season) plus arbitrary text and JSON.
"""

from __future__ import annotations

import copy
import importlib.util
import io
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.fixture_paths import FIXTURES

from arbitro.errors import ArbitroError

ROOT = Path(__file__).resolve().parents[2]
TRF_FIXTURES = FIXTURES / "trf"


def _module(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"_seed_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _clear(message: str) -> None:
    assert message.strip(), "a rejection without a message"
    assert "Traceback" not in message, message


# -- mutations --------------------------------------------------------------------------------------------


#: Exponents, NaN, huge numbers, negative scores, record breaks (issue 21).
HOSTILE_TOKENS = ["1e999999999", "NaN", "Infinity", "-inf", "999999999999", "-1", "0000", "\r142 1", "\n001    0",
                  "9" * 60, "250 1.0 1 999999999999 1 9999", "XXS W=-1 L=7", "0000 - +", "\u2028", "²"]  # fmt: skip


def mutated_text(seeds: list[str]) -> st.SearchStrategy[str]:
    """A seed with lines dropped, duplicated, cut, or characters replaced/inserted; or random text."""

    @st.composite
    def build(draw: st.DrawFn) -> str:
        if not seeds or draw(st.integers(0, 9)) == 0:
            return draw(st.text(max_size=400))
        lines = draw(st.sampled_from(seeds)).splitlines()
        for _ in range(draw(st.integers(1, 6))):
            if not lines:
                break
            i = draw(st.integers(0, len(lines) - 1))
            op = draw(st.integers(0, 6))
            line = lines[i]
            if op == 0:
                del lines[i]
            elif op == 1:
                lines.insert(i, line)
            elif op == 2:
                lines[i] = line[: draw(st.integers(0, len(line)))]
            elif op == 3 and line:
                j = draw(st.integers(0, len(line) - 1))
                lines[i] = line[:j] + draw(st.text(min_size=1, max_size=3)) + line[j + 1 :]
            elif op == 4:
                j = draw(st.integers(0, len(line)))
                lines[i] = line[:j] + draw(st.text(alphabet="0123456789 -+=WBwbFHUZXfhuzx.,/½", max_size=8)) + line[j:]
            elif op == 6:  # the hostile shapes of issue 21 (tests/hostile/corpus.py)
                j = draw(st.integers(0, len(line)))
                lines[i] = line[:j] + draw(st.sampled_from(HOSTILE_TOKENS)) + line[j:]
            else:
                lines[i] = draw(st.text(max_size=120))
        return "\n".join(lines)

    return build()


JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20), st.sampled_from(["2021-06-01", "2026-13-45", "", "GM", "primera", "1-0", "0", "-1"]),
    st.sampled_from(["1e999999999", "NaN", "Infinity", 10**30, -(10**20), 10**17, "/dev/zero", "x\r142 1"]),  # issue 21
)
JSON_VALUES = st.recursive(JSON_LEAVES, lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=12)


def mutated_json(seed: Any) -> st.SearchStrategy[Any]:
    """The seed with a few values replaced, keys deleted or junk keys added; or arbitrary JSON."""

    paths: list[tuple[Any, ...]] = []

    def walk(v: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, (*path, k))
        elif isinstance(v, list):
            for i, x in enumerate(v[:6]):
                walk(x, (*path, i))

    walk(seed, ())

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        if draw(st.integers(0, 9)) == 0:
            return draw(JSON_VALUES)
        obj = copy.deepcopy(seed)
        for _ in range(draw(st.integers(1, 4))):
            path = draw(st.sampled_from(paths))
            if not path:
                continue
            parent = obj
            try:
                for k in path[:-1]:
                    parent = parent[k]
                key = path[-1]
                op = draw(st.integers(0, 2))
                if op == 0 or not isinstance(parent, dict):
                    parent[key] = draw(JSON_VALUES)
                elif op == 1:
                    del parent[key]
                else:
                    parent[draw(st.text(max_size=6))] = draw(JSON_VALUES)
            except (KeyError, IndexError, TypeError):
                continue
        return obj

    return build()


# -- targets ----------------------------------------------------------------------------------------------


def trf_seeds() -> list[str]:
    seeds = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(TRF_FIXTURES.glob("*.trf"))]
    small = [s for s in seeds if len(s) < 20_000]
    return small or seeds[:2]


def trf(text: str) -> str:
    """``parse_trf``: a result whose errors carry messages; an accepted file is written back."""
    from arbitro.trf import format_trf, parse_trf

    try:
        result = parse_trf(text, source="fuzz.trf")
    except ArbitroError as err:
        _clear(str(err))
        return "rejected"
    errors = [d for d in result.diagnostics if d.is_error]
    for d in result.diagnostics:
        _clear(d.message)
    if errors:
        return "rejected"
    format_trf(result.tournament)  # what was read can be written
    return "accepted"


def trf_bytes(data: bytes) -> str:
    from arbitro.trf import parse_trf

    try:
        result = parse_trf(data, source="fuzz.trf")
    except ArbitroError as err:
        _clear(str(err))
        return "rejected"
    for d in result.diagnostics:
        _clear(d.message)
    return "rejected" if any(d.is_error for d in result.diagnostics) else "accepted"


def fide_seeds() -> list[str]:
    try:
        mod = _module(ROOT / "tests" / "ratings" / "test_fidelist.py")
        header = mod.FOA_HEADER
        rows = [
            mod.place(header, {"ID Number": "100", "Name": "Good, G", "Fed": "ARG", "SRtng": "2000", "B-day": "1980"}),
            mod.place(header, {"ID Number": "2200", "Name": "Other, O", "Fed": "ESP", "Tit": "GM", "SRtng": "2600", "SGm": "3", "SK": "10"}),
        ]
        return ["\n".join([header, *rows]), "\n".join([mod.OLD_2011_HEADER, "1234      Old, P                           g   ARG  2100  5   1970  i"])]
    except (OSError, AttributeError, ValueError):
        return []


def fide_txt(text: str) -> str:
    """``iter_txt_list``: records or diagnostics naming line, field and expectation; never an exception."""
    from arbitro.ratings.fidelist import ListDiagnostic, iter_txt_list

    bad = 0
    for item in iter_txt_list(text.splitlines()):
        if isinstance(item, ListDiagnostic):
            _clear(str(item.expected))
            bad += item.severity == "error"
    return "rejected" if bad else "accepted"


def fide_xml(text: str) -> str:
    from arbitro.ratings.fidelist import ListDiagnostic, iter_xml_list

    bad = 0
    for item in iter_xml_list(io.BytesIO(text.encode("utf-8", errors="surrogatepass"))):
        if isinstance(item, ListDiagnostic):
            _clear(str(item.expected))
            bad += item.severity == "error"
    return "rejected" if bad else "accepted"


XML_SEED = (
    "<playerslist><player><fideid>100</fideid><name>Good, G</name><country>ARG</country><sex>M</sex>"
    "<title>GM</title><rating>2500</rating><games>3</games><k>10</k><birthday>1980</birthday><flag></flag>"
    "</player>\n<player><fideid>101</fideid><name>Two, T</name><country>ESP</country><rating>2000</rating></player>\n"
    "</playerslist>"
)


def dossier_seed() -> Any:
    try:
        return _module(ROOT / "tests" / "titles" / "test_dossier.py").BASE
    except (OSError, AttributeError):
        return {"format": "arbitro-dossier", "version": 1}


def dossier(obj: Any) -> str:
    """``parse_dossier`` on the JSON text of a (mutated) dossier."""
    from arbitro.titles.dossier import parse_dossier

    try:
        parse_dossier(json.dumps(obj), source="fuzz.json")
    except ArbitroError as err:
        _clear(str(err))
        return "rejected"
    return "accepted"


def dossier_text(text: str) -> str:
    from arbitro.titles.dossier import parse_dossier

    try:
        parse_dossier(text, source="fuzz.json")
    except ArbitroError as err:
        _clear(str(err))
        return "rejected"
    return "accepted"


def season_seed() -> Any:
    try:
        return _module(ROOT / "tests" / "federations" / "fma_season_data.py").season()
    except (OSError, AttributeError):
        return {"federation": "FMA", "year": 2026}


def _no_trf(path: str) -> Any:
    raise ArbitroError(f"{path}: TRF files are not read while fuzzing")


def season(obj: Any) -> str:
    """``load_season`` (the FMA season file) on a (mutated) season."""
    from arbitro.federations.fma.season_file import load_season

    try:
        load_season(json.loads(json.dumps(obj)), source="season.json", load_trf=_no_trf)
    except ArbitroError as err:
        _clear(str(err))
        return "rejected"
    return "accepted"


Target = tuple[Callable[[], st.SearchStrategy[Any]], Callable[[Any], str]]

TARGETS: dict[str, Target] = {
    "trf": (lambda: mutated_text(trf_seeds()), trf),
    "trf-bytes": (lambda: st.binary(max_size=600), trf_bytes),
    "fide-txt": (lambda: mutated_text(fide_seeds()), fide_txt),
    "fide-xml": (lambda: mutated_text([XML_SEED]), fide_xml),
    "dossier": (lambda: mutated_json(dossier_seed()), dossier),
    "dossier-text": (lambda: mutated_text([json.dumps(dossier_seed(), indent=1)]), dossier_text),
    "season": (lambda: mutated_json(season_seed()), season),
}


def run(name: str, examples: int, counts: Counter[str] | None = None) -> Counter[str]:
    """Run one target for ``examples`` generated inputs; returns the outcome counts (a crash raises)."""
    make, target = TARGETS[name]
    counts = Counter() if counts is None else counts

    @settings(
        max_examples=examples, deadline=None, database=None, derandomize=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(make())
    def check(value: Any) -> None:
        counts[target(value)] += 1

    check()
    return counts
