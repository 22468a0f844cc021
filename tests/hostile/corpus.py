"""The hostile-input corpus (issue 21): crafted files and form values, each one a known attack shape.

Every case is a small recipe (the file is built in memory, so the suite carries no binary
blobs and a 50 MB case costs nothing until it runs). The kinds:

* ``trf``: TRF files (run through every command that reads a TRF, and the desk's import form);
* ``ratings``: FIDE rating lists (``arbitro ratings list-parse``, the admin's upload);
* ``dossier``: title-application dossiers (``arbitro title-application``);
* ``season``: FMA season files (``arbitro fma season``);
* ``field``: one text typed into a form field (the desk's create and register forms, the core);
* ``team``: team TRF files (``arbitro team standings|pair|boards``);
* ``prizes``: prize lists (``arbitro prizes case.trf --list``).

A case may name a ``trf`` to write beside it (dossiers and seasons point at one) and a
``target`` path instead of its own file (``/dev/zero``, a folder).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

P1 = "001    1 m    Alpha, Ann                        2000 ARG    10000001 1990/01/01  1.0    1"
P2 = "001    2 w    Beta, Bea                         1900 ARG    10000002 1991/02/02  0.0    2"
GAME1 = "     2 w 1"
GAME2 = "     1 b 0"


def trf(*lines: str, players: bool = True, rounds: str = "XXR 5") -> bytes:
    """A small TRF: the given lines after a valid header and (unless told) two players with one game."""
    body = ["012 Hostile corpus", rounds, *lines]
    if players:
        body += [P1 + GAME1, P2 + GAME2]
    return ("\n".join(body) + "\n").encode("utf-8")


def line(code: str, rank: int = 1, name: str = "Alpha, Ann", points: str = " 0.0", blocks: str = "") -> str:
    return f"{code} {rank:4d} m    {name:<33} 2000 ARG    10000001 1990/01/01 {points}    1{blocks}"


@dataclass(frozen=True)
class Case:
    name: str
    kind: str
    build: object  # bytes, or a zero-argument callable returning bytes (large cases)
    expect: str = ""  # a fragment of the message (case-insensitive)
    target: str | None = None  # read this path instead of the built file
    trf: bytes | None = None  # written beside the case as case.trf
    extra: dict[str, object] = field(default_factory=dict)

    def data(self) -> bytes:
        b = self.build
        return b() if callable(b) else b  # type: ignore[return-value]


def _big_errors() -> bytes:
    chunk = b"001 abcd x\nXXS W=1e9999\n250 1 1 99999 1 9\n" * 1000
    return chunk * (50 * 1024 * 1024 // len(chunk))


def _many_lines() -> bytes:
    return trf(*(["### comment"] * 120_000))


def _long_line() -> bytes:
    return trf(P1 + "  " + "     2 w 1  " * 200_000, players=False)


def _over_size() -> bytes:
    return b"### " + b"x" * (65 * 1024 * 1024) + b"\n"


# -- TRF -------------------------------------------------------------------------------------------------

TRF_CASES = [
    Case("accel-bomb", "trf", trf("250 1.0 1 999999999999 1 9999"), "250 last round"),
    Case("accel-bomb-players", "trf", trf("250 1.0 1 5 1 99999999999"), "250 last player"),
    Case("accel-beyond-rounds", "trf", trf("250 1.0 1 9 1 2"), "round of the tournament"),
    Case("accel-reversed", "trf", trf("250 1.0 5 1 1 2"), "first round <= last round"),
    Case("accel-points-exponent", "trf", trf("250 1e9 1 2 1 2"), "250 game points"),
    Case("accel-round-zero", "trf", trf("250 1.0 0 2 1 2"), "250 first round"),
    Case("xxa-too-many-rounds", "trf", trf("XXA    1 " + " 1.0" * 150), "XXA"),
    Case("xxa-nan", "trf", trf("XXA    1  NaN"), "XXA round 1"),
    Case("xxr-huge", "trf", trf(rounds="XXR 999999999"), "number of rounds"),
    Case("xxr-5000-digits", "trf", trf(rounds="XXR " + "9" * 5000), "characters"),
    Case("xxr-1000-digits", "trf", trf(rounds="XXR " + "9" * 1000), "number of rounds"),
    Case("142-huge", "trf", trf(rounds="142 100"), "number of rounds"),
    Case("xxr-zero", "trf", trf(rounds="XXR 0"), "number of rounds"),
    Case("xxr-superscript", "trf", trf(rounds="XXR ²"), "number of rounds"),
    Case("xxs-exponent", "trf", trf("XXS W=1e999999999"), "XXS W"),
    Case("xxs-nan", "trf", trf("XXS W=NaN"), "XXS W"),
    Case("xxs-infinity", "trf", trf("XXS D=Infinity"), "XXS D"),
    Case("xxs-negative-win", "trf", trf("XXS W=-1 L=7"), "scoring system"),
    Case("xxs-below-minus-99", "trf", trf("XXS FL=-100"), "XXS FL"),
    Case("xxs-loss-above-win", "trf", trf("XXS W=1 L=7"), "scoring system"),
    Case("xxs-draw-above-win", "trf", trf("XXS W=1 D=3"), "scoring system"),
    Case("xxs-huge", "trf", trf("XXS W=100000"), "XXS W"),
    Case("xxs-many-decimals", "trf", trf("XXS W=1.00001"), "XXS W"),
    Case("bbw-exponent", "trf", trf("BBW 1e500000"), "BBW points"),
    Case("bbw-nan", "trf", trf("BBW nan"), "BBW points"),
    Case("bbl-above-win", "trf", trf("BBW 1.0", "BBL 2.0"), "scoring system"),
    Case("bbf-above-loss", "trf", trf("BBF 0.5"), "scoring system"),
    Case("162-nan", "trf", trf("162  W NaN"), "162"),
    Case("162-negative-win", "trf", trf("162  W -3.0    D 1.0"), "scoring system"),
    Case("162-huge", "trf", trf("162  W 99999999999999999999"), "162"),
    Case("start-rank-zero", "trf", trf(line("001", 0) + "  0000 - Z", players=False), "001 start rank"),
    Case("start-rank-letters", "trf", trf("001 abcd x", players=False), "001 start rank"),
    Case("start-rank-blank", "trf", trf("001      m    Nobody", players=False), "001 start rank"),
    Case("duplicate-start-rank", "trf", trf(P1 + "  0000 - Z", players=True), "already used"),
    Case("no-players", "trf", trf(players=False), "at least one player"),
    Case(
        "all-forfeit-wins-against-nobody", "trf",
        trf(line("001", 1, points=" 2.0", blocks="  0000 - +  0000 - +"),
            line("001", 2, "Beta, Bea", " 2.0", "  0000 - +  0000 - +"), players=False),
        "pairing-allocated bye",
    ),  # fmt: skip
    Case(
        "two-pabs-one-round", "trf",
        trf(line("001", 1, points=" 1.0", blocks="  0000 - U"), line("001", 2, "Beta, Bea", " 1.0", "  0000 - U"),
            players=False),
        "pairing-allocated bye",
    ),  # fmt: skip
    Case("points-exponent", "trf", trf(line("001", 1, points="1e99") + GAME1, P2 + GAME2, players=False), "001 points"),
    Case("points-nan", "trf", trf(line("001", 1, points=" NaN") + GAME1, P2 + GAME2, players=False), "001 points"),
    Case("points-huge", "trf", trf(line("001", 1, points="9999") + GAME1, P2 + GAME2, players=False), "001 points"),
    Case("opponent-self", "trf", trf(P1 + "     1 w 1", P2, players=False), "themselves"),
    Case("opponent-missing", "trf", trf(P1 + "     7 w 1", P2, players=False), "no player with start rank 7"),
    Case("one-sided-game", "trf", trf(P1 + GAME1, P2, players=False), "should have 1 as opponent"),
    Case("same-colours", "trf", trf(P1 + GAME1, P2 + "     1 w 0", players=False), "both have colour"),
    Case("results-disagree", "trf", trf(P1 + GAME1, P2 + "     1 b 1", players=False), "do not fit together"),
    Case("bad-result-code", "trf", trf(P1 + "     2 w 7", P2 + GAME2, players=False), "round 1 result"),
    Case("bad-colour", "trf", trf(P1 + "     2 x 1", P2 + GAME2, players=False), "round 1 colour"),
    Case("played-without-opponent", "trf", trf(P1 + "  0000 w 1", P2, players=False), "needs an opponent"),
    Case("bye-code-against-player", "trf", trf(P1 + "     2 w U", P2 + "     1 b U", players=False), "bye code"),
    Case("more-rounds-than-declared", "trf", trf(P1 + GAME1 * 2, P2 + GAME2 * 2, players=False, rounds="XXR 1"),
         "rounds declared"),  # fmt: skip
    Case("240-round-huge", "trf", trf("240 H 99999999 0001"), "240 round"),
    Case("240-unknown-player", "trf", trf("240 H 002 0099"), "no 001 record"),
    Case("240-rank-huge", "trf", trf("240 H 002 " + "9" * 400), "240 player"),
    Case("xxz-rank-5000-digits", "trf", trf("XXZ " + "9" * 5000), "characters"),
    Case("xxz-rank-huge", "trf", trf("XXZ " + "9" * 900), "XXZ player"),
    Case("260-rounds-huge", "trf", trf("260 001 99999 0001 0002"), "260 last round"),
    Case("260-rank-5000-digits", "trf", trf("260 001 002 0001 " + "9" * 5000), "characters"),
    Case("260-rank-900-digits", "trf", trf("260 001 002 0001 " + "9" * 900), "260 player"),
    Case("260-unknown-player", "trf", trf("260 001 002 0001 0050"), "unknown start rank"),
    Case("xxp-unknown-player", "trf", trf("XXP 1 77"), "unknown start rank"),
    Case("xxp-too-many-pairs", "trf", trf(*["XXP " + " ".join(str(i) for i in range(1, 200))] * 20),
         "prohibited pairs"),  # fmt: skip
    Case("nul-bytes", "trf", b"012 T\x00\x00\n" + trf(), "binary data"),
    Case("invalid-utf8-latin1-fallback", "trf", b"012 \xff\xfe\xfd\n" + trf(players=False), "at least one player"),
    Case("name-with-cr-record", "trf", trf(players=False) + b"012 X\r142 1\r001 0 x\n", "001 start rank"),
    Case("line-too-long", "trf", _long_line, "characters"),
    Case("too-many-lines", "trf", _many_lines, "lines"),
    Case("larger-than-64mb", "trf", _over_size, "MB"),
    Case("fifty-mb-of-errors", "trf", _big_errors, "error"),
    Case("dev-zero", "trf", b"", "not a regular file", target="/dev/zero"),
    Case("folder", "trf", b"", "folder", target="/"),
    Case("missing-file", "trf", b"", "no such file", target="/nonexistent/arbitro-corpus.trf"),
    Case("empty-file", "trf", b"", "at least one player"),
    Case("only-bom", "trf", b"\xef\xbb\xbf", "at least one player"),
    Case("record-code-glued", "trf", trf("XXR5"), "blank after the record code"),
    Case("152-bad", "trf", trf("152 Q"), "152 initial colour"),
    # issue 38: ASCII digits only; no bidi control or lone surrogate in a record
    Case("xxs-arabic-indic-digit", "trf", trf("XXS W=\u0669"), "XXS W"),
    Case("162-fullwidth-digit", "trf", trf("162  W \uff13.0"), "162"),
    Case("xxr-fullwidth", "trf", trf(rounds="XXR \uff15"), "number of rounds"),
    Case("rating-fullwidth", "trf", trf(P1[:48] + "\uff12\uff10\uff10\uff10" + P1[52:] + GAME1, P2 + GAME2, players=False),
         "001 rating"),  # fmt: skip
    Case("name-bidi-override", "trf", trf(line("001", 1, "Alpha\u202e, Ann", " 1.0", GAME1), P2 + GAME2, players=False),
         "U+202E"),  # fmt: skip
    Case("name-bidi-isolate", "trf", trf(line("001", 1, "Alpha\u2067, Ann", " 1.0", GAME1), P2 + GAME2, players=False),
         "U+2067"),  # fmt: skip
    Case("name-rtl-mark", "trf", trf(line("001", 1, "Alpha\u200f, Ann", " 1.0", GAME1), P2 + GAME2, players=False),
         "U+200F"),  # fmt: skip
    Case("name-arabic-letter-mark", "trf", trf(line("001", 1, "Alpha\u061c, Ann", " 1.0", GAME1), P2 + GAME2,
                                              players=False), "U+061C"),  # fmt: skip
    Case("header-bidi-override", "trf", trf("022 Mar del \u202ePlata"), "U+202E"),
]

# -- rating lists ----------------------------------------------------------------------------------------

FOA_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def _endless_line() -> bytes:
    return FOA_HEADER.encode() + b"\n" + b"9" * (20 * 1024 * 1024)


def _laughs() -> bytes:
    ents = '<!ENTITY a0 "ha">' + "".join(f'<!ENTITY a{i} "{("&a" + str(i - 1) + ";") * 10}">' for i in range(1, 10))
    return f'<?xml version="1.0"?><!DOCTYPE p [{ents}]><playerslist><player><name>&a9;</name></player></playerslist>'.encode()


def _deep_xml() -> bytes:
    return b"<playerslist>" + b"<x>" * 200_000 + b"</x>" * 200_000 + b"</playerslist>"


def list_row(fid: str, name: str = "Alpha, Ann", rating: str = "2000") -> str:
    """One line of the combined TXT list under :data:`FOA_HEADER` (its columns)."""
    return (f"{fid:<15}{name:<61}{'ARG':<4}{'M':<4}{'':<5}{'':<5}{'':<15}{'':<4}{rating:<6}{'0':<4}{'20':<3}"
            f"{'':<6}{'':<4}{'':<3}{'':<6}{'':<4}{'':<3}{'1990':<6}\n")  # fmt: skip


def xml_player(fid: str, name: str, rating: str = "2000") -> bytes:
    """A FIDE XML list of one player."""
    return (f"<playerslist><player><fideid>{fid}</fideid><name>{name}</name><country>ARG</country>"
            f"<rating>{rating}</rating></player></playerslist>").encode()  # fmt: skip


RATING_CASES = [
    Case("list-no-header", "ratings", b"\n\n\n", "header"),
    Case("list-garbage-header", "ratings", b"hello world\n1 2 3\n", "header"),
    Case("list-binary", "ratings", bytes(range(256)) * 10, "header"),
    Case("list-endless-line", "ratings", _endless_line, "no player"),
    Case("list-all-lines-bad", "ratings", (FOA_HEADER + "\n" + "abc\n" * 50).encode(), "no player"),
    Case("list-ids-huge", "ratings", (FOA_HEADER + "\n" + ("9" * 5000 + "\n") * 3).encode(), "no player"),
    Case("list-dev-zero", "ratings", b"", "not a regular file", target="/dev/zero"),
    Case("list-folder", "ratings", b"", "folder", target="/"),
    Case("xml-malformed", "ratings", b"<playerslist><player><fideid>1</fideid>", "xml", extra={"suffix": ".xml"}),
    Case("xml-billion-laughs", "ratings", _laughs, "xml", extra={"suffix": ".xml"}),
    Case("xml-external-entity", "ratings",
         b'<?xml version="1.0"?><!DOCTYPE p [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
         b"<playerslist><player><name>&e;</name></player></playerslist>", "xml", extra={"suffix": ".xml"}),  # fmt: skip
    Case("xml-deep", "ratings", _deep_xml, "", extra={"suffix": ".xml"}),
    Case("xml-invalid-utf8", "ratings", b"<playerslist><player><name>\xff\xfe</name></player></playerslist>", "xml",
         extra={"suffix": ".xml"}),  # fmt: skip
    # issue 38: ASCII digits only, no bidi control in a name, XML fields capped like a TXT line
    Case("list-fullwidth-id", "ratings", (FOA_HEADER + "\n" + list_row("\uff11\uff10\uff10\uff10\uff11")).encode(),
         "FIDE ID"),  # fmt: skip
    Case("list-bidi-name", "ratings", (FOA_HEADER + "\n" + list_row("1000001", "Evil\u202eName")).encode(), "bidi"),
    Case("xml-fullwidth-id", "ratings", xml_player("\uff11\uff10\uff10\uff10\uff11", "Ann"), "FIDE ID",
         extra={"suffix": ".xml"}),  # fmt: skip
    Case("xml-bidi-name", "ratings", xml_player("1000001", "Evil\u2066Name"), "bidi", extra={"suffix": ".xml"}),
    Case("xml-30mb-name", "ratings", lambda: xml_player("1000001", "x" * (30 * 1024 * 1024)), "characters",
         extra={"suffix": ".xml"}),  # fmt: skip
]

# -- dossiers --------------------------------------------------------------------------------------------

DOSSIER = {
    "format": "arbitro-dossier", "version": 1,
    "player": {"name": "Alpha, Ann", "fide_id": 10000001, "federation": "ARG", "sex": "m", "birth_date": "1990-01-01"},
    "titles": ["IM"],
    "norms": [],
}  # fmt: skip


def _with(base: dict[str, object], changes: dict[str, object]) -> dict[str, object]:
    return {**json.loads(json.dumps(base)), **changes}


def dossier(**changes: object) -> bytes:
    return json.dumps(_with(DOSSIER, changes)).encode()


def _norm(**fields: object) -> dict[str, object]:
    base: dict[str, object] = {
        "titles": ["IM"], "games": 9, "score": 6.5, "ra": 2400, "rp": 2450,
        "tournament": {"name": "Open", "start": "2020-01-01", "end": "2020-01-09", "rounds": 9},
    }  # fmt: skip
    return _with(base, fields)


def _replace(text: bytes, old: bytes, new: bytes) -> bytes:
    assert old in text
    return text.replace(old, new)


DOSSIER_CASES = [
    Case("dossier-nan-score", "dossier", _replace(dossier(norms=[_norm(score=1.5)]), b"1.5", b"NaN"), "NaN"),
    Case("dossier-infinity", "dossier", _replace(dossier(norms=[_norm(score=1.5)]), b"1.5", b"Infinity"),
         "Infinity"),  # fmt: skip
    Case("dossier-float-overflow", "dossier", _replace(dossier(norms=[_norm(score=1.5)]), b"1.5", b"1e999"),
         "out of range"),  # fmt: skip
    Case("dossier-score-exponent-string", "dossier", dossier(norms=[_norm(score="1e999999999")]), "score"),
    Case("dossier-score-nan-string", "dossier", dossier(norms=[_norm(score="NaN")]), "score"),
    Case("dossier-deep-100000", "dossier", b"[" * 100_000 + b"]" * 100_000, "nested deeper"),
    Case("dossier-deep-in-field", "dossier", _replace(dossier(), b'"titles": ["IM"]', b'"titles": ' + b"[" * 5000 + b"]" * 5000),
         "nested deeper"),  # fmt: skip
    Case("dossier-5000-digit-int", "dossier", _replace(dossier(), b"10000001", b"9" * 5000), "digits"),
    Case("dossier-rating-18-digits", "dossier", dossier(norms=[_norm(ra=10**17 * 9)]), "ra"),
    Case("dossier-rating-19-digits", "dossier", dossier(norms=[_norm(ra=10**18 * 9)]), "digits"),
    Case("dossier-games-huge", "dossier", dossier(norms=[_norm(games=10**9)]), "games"),
    Case("dossier-invalid-utf8", "dossier", b'{"format": "\xff\xfe"}', "UTF-8"),
    Case("dossier-huge-string", "dossier", dossier(player={"name": "x" * 20_000}), "characters"),
    Case("dossier-lone-surrogate-name", "dossier", dossier(player={"name": "A\ud800B"}), "surrogate"),  # issue 38
    Case("dossier-bidi-name", "dossier", dossier(player={"name": "A\u202eB"}), "player.name: a bidi"),  # issue 38
    Case("dossier-rtl-mark-tournament", "dossier", dossier(norms=[_norm(tournament={"name": "Open\u200f"})]), "bidi"),
    Case("dossier-invalid-utf8-name", "dossier", _replace(dossier(), b"Alpha, Ann", b"Alpha\xed\xa0\x80"), "UTF-8"),
    Case("dossier-top-level-list", "dossier", b"[1, 2, 3]", "object"),
    Case("dossier-not-json", "dossier", b"not json at all", "JSON"),
    Case("dossier-empty", "dossier", b"", "JSON"),
    Case("dossier-trf-dev-zero", "dossier", dossier(norms=[{"trf": "/dev/zero", "start_rank": 1}]), "regular file"),
    Case("dossier-trf-folder", "dossier", dossier(norms=[{"trf": "/", "start_rank": 1}]), "regular file"),
    Case("dossier-trf-missing", "dossier", dossier(norms=[{"trf": "nope.trf", "start_rank": 1}]), "not found"),
    Case("dossier-trf-accel-bomb", "dossier", dossier(norms=[{"trf": "case.trf", "start_rank": 1}]), "250 last round",
         trf=trf("250 1.0 1 999999999999 1 9999")),  # fmt: skip
    Case("dossier-start-rank-zero", "dossier", dossier(norms=[{"trf": "case.trf", "start_rank": 0}]), "start_rank",
         trf=trf()),  # fmt: skip
    Case("dossier-unknown-field", "dossier", dossier(hacked=True), "unknown field"),
    Case("dossier-bad-date", "dossier", dossier(player={"name": "A", "birth_date": "1990-13-45"}), "date"),
    Case("dossier-larger-than-8mb", "dossier", lambda: b'{"x": "' + b"a" * (9 * 1024 * 1024) + b'"}', "MB"),
    Case("dossier-dev-zero", "dossier", b"", "not a regular file", target="/dev/zero"),
]

# -- season files ----------------------------------------------------------------------------------------

SEASON = {
    "federation": "FMA", "year": 2026,
    "players": [{"id": "a", "name": "Alpha, Ann", "category": "primera"},
                {"id": "b", "name": "Beta, Bea", "category": "primera"}],
    "tournaments": [],
}  # fmt: skip


def season(**changes: object) -> bytes:
    return json.dumps(_with(SEASON, changes)).encode()


def _t(**fields: object) -> dict[str, object]:
    return _with({"id": "t1", "category": "primera", "start": "2026-03-01"}, fields)


SEASON_CASES = [
    Case("season-invalid-utf8", "season", b'{"federation": "FMA", "year": 2026, "x": "\xff"}', "UTF-8"),
    Case("season-nan", "season", _replace(season(year=2026), b"2026", b"NaN"), "NaN"),
    Case("season-deep", "season", b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "nested deeper"),
    Case("season-5000-digits", "season", _replace(season(), b"2026", b"9" * 5000), "digits"),
    Case("season-year-huge", "season", season(year=10**17), "year"),
    Case("season-trf-dev-zero", "season", season(tournaments=[_t(trf="/dev/zero")]), "regular file"),
    Case("season-trf-folder", "season", season(tournaments=[_t(trf="/")]), "folder"),
    Case("season-trf-accel-bomb", "season", season(tournaments=[_t(trf="case.trf")]), "250 last round",
         trf=trf("250 1.0 1 999999999999 1 9999")),  # fmt: skip
    Case("season-trf-xxr-huge", "season", season(tournaments=[_t(trf="case.trf")]), "number of rounds",
         trf=trf(rounds="XXR 999999999")),  # fmt: skip
    Case("season-bye-round-huge", "season",
         season(tournaments=[_t(bye_requests=[{"player": "a", "round": 10**17}])]), "round"),  # fmt: skip
    Case("season-game-round-huge", "season",
         season(tournaments=[_t(players=["a", "b"], games=[{"round": 10**17, "white": "a", "black": "b",
                                                           "result": "1-0"}])]), "round"),  # fmt: skip
    Case("season-points-exponent", "season",
         season(tournaments=[_t(final_standings=[{"player": "a", "points": "1e999999999"}])]), "points"),  # fmt: skip
    Case("season-points-nan-string", "season",
         season(tournaments=[_t(final_standings=[{"player": "a", "points": "NaN"}])]), "points"),  # fmt: skip
    Case("season-tiebreak-infinity", "season",
         season(tournaments=[_t(final_standings=[{"player": "a", "tiebreaks": {"BH": "Infinity"}}])]), "BH"),  # fmt: skip
    Case("season-promotions-huge", "season", season(tournaments=[_t(promotions=10**15)]), "promotions"),
    Case("season-not-object", "season", b'"just a string"', "object"),
    Case("season-unknown-player", "season", season(tournaments=[_t(players=["zzz"])]), "player id"),
    Case("season-bidi-name", "season", season(players=[{"id": "a", "name": "A\u2066B", "category": "primera"}]), "bidi"),
    Case("season-huge-string", "season", season(players=[{"id": "a", "name": "x" * 20_000}]), "characters"),
    Case("season-dev-zero", "season", b"", "not a regular file", target="/dev/zero"),
]

# -- form fields -----------------------------------------------------------------------------------------

FIELD_CASES = [
    Case("field-name-newline-record", "field", b"X\n142 1", "control", extra={"field": "name"}),
    Case("field-name-cr-record", "field", b"X\r142 1", "control", extra={"field": "name"}),
    Case("field-name-crlf-player", "field", b"X\r\n001    9 m    Fake", "control", extra={"field": "name"}),
    Case("field-name-nul", "field", b"X\x00Y", "control", extra={"field": "name"}),
    Case("field-name-u2028", "field", "X\u2028Y".encode(), "control", extra={"field": "name"}),
    Case("field-name-vertical-tab", "field", b"X\x0bY", "control", extra={"field": "name"}),
    Case("field-name-escape", "field", b"X\x1b[31mY", "control", extra={"field": "name"}),
    Case("field-name-bidi-override", "field", "X\u202eY".encode(), "control", extra={"field": "name"}),
    Case("field-player-name-too-long", "field", ("x" * 61).encode(), "characters", extra={"field": "player_name"}),
    Case("field-tournament-name-too-long", "field", ("x" * 201).encode(), "characters", extra={"field": "name"}),
    Case("field-city-newline", "field", b"Mar\ndel Plata", "control", extra={"field": "city"}),
    Case("field-arbiter-cr", "field", b"IA X\r102 Y", "control", extra={"field": "chief_arbiter"}),
    Case("field-fide-id-too-long", "field", ("1" * 12).encode(), "characters", extra={"field": "fide_id"}),
    Case("field-federation-newline", "field", b"A\nB", "control", extra={"field": "federation"}),
    Case("field-birth-date-cr", "field", b"1990\r001", "control", extra={"field": "birth_date"}),
]

# -- team files (issue 38: held to the limits of the individual file) ------------------------------------


def _member(pid: int, rounds: str, name: str = "X, Y") -> str:
    return f"001 {pid:4d}      {name:<33} 2000 FID             2000/01/01  0.0 {pid:4d}{rounds}"


TEAM = "\n".join([
    "012 Team corpus", "142 2", "192 FIDE_TEAM_TYPEA_MP_GP", "362 TW 2     TD 1     TL 0 ",
    _member(1, "     3 w 1"), _member(2, "     4 b ="), _member(3, "     1 b 0"), _member(4, "     2 w ="),
    "310   1 India                            IND     2486    0.0    0.0  11     1    2",
    "310   2 Ukraine                          UKR     2478    0.0    0.0  14     3    4",
    "330 +- 002 001 002",
]) + "\n"  # fmt: skip


def team(old: str, new: str) -> bytes:
    assert old in TEAM
    return TEAM.replace(old, new).encode("utf-8")


TEAM_CASES = [
    Case("team-points-nan", "team", team("362 TW 2 ", "362 TWNaN "), "362 W points"),
    Case("team-points-exponent", "team", team("362 TW 2 ", "362 TW1e99 "), "362 W points"),
    Case("team-points-minus-inf", "team", team("362 TW 2 ", "362 TW-inf "), "362 W points"),
    Case("team-points-arabic-digit", "team", team("362 TW 2 ", "362 TW \u0663 "), "362 W points"),
    Case("team-plays-itself", "team", team("330 +- 002 001 002", "330 +- 002 001 001"), "itself"),
    Case("team-round-zero", "team", team("330 +- 002 001 002", "330 +- 000 001 002"), "330 round"),
    Case("team-round-past-last", "team", team("330 +- 002 001 002", "330 +- 007 001 002"), "330 round"),
    Case("team-rounds-arabic-digit", "team", team("142 2", "142 \u0662"), "142"),
    Case("team-name-bidi", "team", team("India    ", "Ind\u202eia   "), "bidi"),
    Case("team-player-bidi", "team", team("X, Y    ", "X\u200f, Y   ", ), "bidi"),
]

# -- prize lists (issue 38: the unit and the amounts bounded at the reader) ------------------------------

PRIZES = {"currency": "EUR", "groups": [{"name": "General", "prizes": [100, 50]}]}


def prizes(**changes: object) -> bytes:
    return json.dumps(_with(PRIZES, changes)).encode()


PRIZE_CASES = [
    Case("prizes-unit-1e-25", "prizes", prizes(unit="1e-25"), "unit", trf=trf()),
    Case("prizes-unit-1e-1000", "prizes", prizes(unit="1e-1000"), "unit", trf=trf()),
    Case("prizes-unit-number-1e-1000", "prizes", _replace(prizes(unit=7), b"7", b"1e-1000"), "unit", trf=trf()),
    Case("prizes-bidi-group", "prizes", prizes(groups=[{"name": "Gen\u202eeral", "prizes": [100]}]), "groups[0].name",
         trf=trf()),  # fmt: skip
    Case("prizes-club-arabic-digit", "prizes", prizes(clubs={"\u0669": "Club"}), "clubs", trf=trf()),
]

ALL = TRF_CASES + RATING_CASES + DOSSIER_CASES + SEASON_CASES + FIELD_CASES + TEAM_CASES + PRIZE_CASES
