"""A prize list from its JSON document (docs/formats/prizes.md); pure: the caller reads the file.

Every problem raises :class:`~arbitro.errors.ArbitroError` naming the source and the
field (``prizes.json: groups[1].prizes[0].cash: expected an amount ...``).
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from arbitro.jsonread import FieldReader
from arbitro.limits import (
    MAX_JSON_DEPTH,
    MAX_PRIZE_AMOUNT,
    MAX_PRIZE_UNIT,
    PRIZE_DECIMALS,
    json_too_deep,
    text_problem,
)
from arbitro.prizes.model import Eligibility, Prize, PrizeGroup, PrizeList, Sharing
from arbitro.prizes.presets import fma_preset

__all__ = ["load_document", "parse_prize_list"]

_TOP = {"$schema", "format", "version", "preset", "currency", "sharing", "hort_share", "one_prize_per_player",
        "unit", "reference_year", "clubs", "groups", "cash"}  # fmt: skip
_GROUP = {"name", "prizes", "rating_min", "rating_max", "unrated", "women", "juniors", "seniors", "federations",
          "club", "article"}  # fmt: skip
_PRIZE = {"place", "cash", "items", "trophy"}
MAX_GROUPS = 100
MAX_PLACES = 500


class _Reader(FieldReader):
    def amount(self, value: Any, where: str) -> Decimal:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise self.fail(where, f"expected an amount such as 1000 or 250.50, got {value!r}")
        try:
            d = Decimal(str(value))
        except InvalidOperation:
            raise self.fail(where, f"expected an amount such as 1000 or 250.50, got {value!r}") from None
        if not d.is_finite() or d < 0:
            raise self.fail(where, f"expected an amount from 0 up, got {value!r}")
        if d > MAX_PRIZE_AMOUNT:
            raise self.fail(where, f"expected an amount of at most {MAX_PRIZE_AMOUNT:,}, got {value!r}")
        cents = Decimal(1).scaleb(-PRIZE_DECIMALS)
        if d != d.quantize(cents):  # safe: 0 <= d <= 10^12
            raise self.fail(where, f"expected an amount with at most {PRIZE_DECIMALS} decimals, got {value!r}")
        return d

    def whole(self, value: Any, where: str, low: int | None = 0, high: int | None = 10**6) -> int:
        return super().whole(value, where, low, high)

    def text(self, value: Any, where: str, limit: int = 200) -> str:
        if not isinstance(value, str) or not value.strip() or len(value) > limit:
            raise self.fail(where, f"expected a text of 1 to {limit} characters, got {value!r}")
        problem = text_problem(value, limit)  # control, bidi-override and lone-surrogate characters too (issue 38)
        if problem:
            raise self.fail(where, problem)
        return value.strip()


def _prize(r: _Reader, value: Any, where: str, index: int) -> Prize:
    if isinstance(value, int | float | str) and not isinstance(value, bool):
        return Prize(index + 1, r.amount(value, where))
    d = r.obj(value, where)
    r.keys(d, where, _PRIZE)
    place = r.whole(d.get("place", index + 1), f"{where}.place", 1, MAX_PLACES)
    cash = r.amount(d.get("cash", 0), f"{where}.cash")
    items: list[str] = []
    if "trophy" in d:
        items.append(r.text(d["trophy"], f"{where}.trophy"))
    raw = d.get("items", [])
    if not isinstance(raw, list):
        raise r.fail(f"{where}.items", "expected a list of texts")
    items += [r.text(x, f"{where}.items[{i}]") for i, x in enumerate(raw)]
    prize = Prize(place, cash, tuple(items))
    if prize.is_empty:
        raise r.fail(where, "a prize needs cash above 0, a trophy or items")
    return prize


def _group(r: _Reader, value: Any, where: str) -> PrizeGroup:
    d = r.obj(value, where)
    r.keys(d, where, _GROUP)
    name = r.text(d.get("name"), f"{where}.name")
    raw = d.get("prizes")
    if not isinstance(raw, list) or not raw or len(raw) > MAX_PLACES:
        raise r.fail(f"{where}.prizes", f"expected a list of 1 to {MAX_PLACES} prizes")
    prizes = tuple(_prize(r, x, f"{where}.prizes[{i}]", i) for i, x in enumerate(raw))
    places = [p.place for p in prizes]
    if len(set(places)) != len(places):
        raise r.fail(f"{where}.prizes", f"a place is listed twice: {sorted(places)}")
    feds = d.get("federations", [])
    if not isinstance(feds, list):
        raise r.fail(f"{where}.federations", "expected a list of federation codes such as [\"ARG\"]")
    elig = Eligibility(
        rating_min=r.whole(d["rating_min"], f"{where}.rating_min", 0, 4000) if "rating_min" in d else None,
        rating_max=r.whole(d["rating_max"], f"{where}.rating_max", 0, 4000) if "rating_max" in d else None,
        unrated=r.flag(d.get("unrated", False), f"{where}.unrated"),
        women=r.flag(d.get("women", False), f"{where}.women"),
        max_age=r.whole(d["juniors"], f"{where}.juniors", 1, 30) if "juniors" in d else None,
        min_age=r.whole(d["seniors"], f"{where}.seniors", 30, 120) if "seniors" in d else None,
        federations=tuple(r.text(f, f"{where}.federations[{i}]", 3).upper() for i, f in enumerate(feds)),
    )
    if elig.rating_min is not None and elig.rating_max is not None and elig.rating_min > elig.rating_max:
        raise r.fail(where, f"rating_min {elig.rating_min} is above rating_max {elig.rating_max}")
    club_top = None
    if "club" in d:
        club = r.obj(d["club"], f"{where}.club")
        r.keys(club, f"{where}.club", {"top"})
        club_top = r.whole(club.get("top", 3), f"{where}.club.top", 1, 100)
    article = r.text(d["article"], f"{where}.article", 40) if "article" in d else ""
    return PrizeGroup(name, prizes, elig, club_top, article)


def load_document(text: str, source: str = "<prizes>") -> Any:
    """The JSON document of a prize list typed or stored as text, its nesting bounded first.

    Raises :class:`ArbitroError` past :data:`~arbitro.limits.MAX_JSON_DEPTH` levels (a deep one
    overflowed the parser's recursion: a 500 at the desk, issue 38); ``json.JSONDecodeError``
    for text that is not JSON, so the caller words it.
    """
    if json_too_deep(text):
        raise _Reader(source).fail("", f"nested deeper than {MAX_JSON_DEPTH} levels; not a prize list")
    return json.loads(text)


def parse_prize_list(doc: Any, source: str = "<prizes>") -> PrizeList:
    """The :class:`PrizeList` of a JSON document already loaded (see docs/formats/prizes.md)."""
    r = _Reader(source)
    top = r.obj(doc, "")
    r.keys(top, "", _TOP)
    if top.get("format", "arbitro-prizes") != "arbitro-prizes":
        raise r.fail("format", f"expected 'arbitro-prizes', got {top.get('format')!r}")
    if top.get("version", 1) != 1:
        raise r.fail("version", f"expected 1, got {top.get('version')!r}")
    sharing_text = top.get("sharing", "hort")
    try:
        sharing = Sharing(sharing_text)
    except ValueError:
        raise r.fail("sharing", f"expected hort, equal or tiebreak, got {sharing_text!r}") from None
    raw_groups = top.get("groups", [])
    if not isinstance(raw_groups, list) or len(raw_groups) > MAX_GROUPS:
        raise r.fail("groups", f"expected a list of at most {MAX_GROUPS} groups")
    groups = tuple(_group(r, g, f"groups[{i}]") for i, g in enumerate(raw_groups))
    names = [g.name for g in groups]
    if len(set(names)) != len(names):
        raise r.fail("groups", "two groups have the same name")
    hort = top.get("hort_share", 0.5)
    if isinstance(hort, bool) or not isinstance(hort, int | float) or not 0 <= hort <= 1:
        raise r.fail("hort_share", f"expected a fraction from 0 to 1 such as 0.5, got {hort!r}")
    unit_raw = top.get("unit", "0.01")
    unit = r.amount(unit_raw, "unit")
    if not Decimal(1).scaleb(-PRIZE_DECIMALS) <= unit <= MAX_PRIZE_UNIT:
        raise r.fail("unit", f"expected an amount from 0.01 to {MAX_PRIZE_UNIT:,} such as 0.01 or 1, got {unit_raw!r}")
    clubs_raw = r.obj(top.get("clubs", {}), "clubs")
    clubs: dict[int, str] = {}
    for k, v in clubs_raw.items():
        if not (str(k).isascii() and str(k).isdigit() and len(str(k)) <= 4):  # ASCII digits only (issue 38)
            raise r.fail("clubs", f"keys are start ranks (whole numbers), got {k!r}")
        clubs[int(k)] = r.text(v, f"clubs.{k}", 100)
    year = r.whole(top["reference_year"], "reference_year", 1900, 2200) if "reference_year" in top else None
    one = r.flag(top.get("one_prize_per_player", True), "one_prize_per_player")
    currency = r.text(top["currency"], "currency", 10) if "currency" in top else ""
    preset = top.get("preset")
    if preset is not None:
        if preset != "fma":
            raise r.fail("preset", f"expected 'fma', got {preset!r}")
        cash_raw = top.get("cash", [])
        if not isinstance(cash_raw, list):
            raise r.fail("cash", "expected a list of amounts by place, e.g. [30000, 20000, 10000]")
        cash = [r.amount(x, f"cash[{i}]") for i, x in enumerate(cash_raw)]
        base = fma_preset(cash, sharing=Sharing(top.get("sharing", "tiebreak")), extra_groups=groups,
                          currency=currency or "ARS")  # fmt: skip
        return PrizeList(base.groups, base.sharing, one, Fraction(str(hort)), unit, base.currency, year, clubs,
                         base.notes)  # fmt: skip
    if "cash" in top:
        raise r.fail("cash", "only with \"preset\": \"fma\"; otherwise give the groups' prizes")
    if not groups:
        raise r.fail("groups", "expected at least one group (or \"preset\": \"fma\")")
    return PrizeList(groups, sharing, one, Fraction(str(hort)), unit, currency, year, clubs)
