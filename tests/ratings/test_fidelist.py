"""FIDE rating-list parsing (trf.md §8): TXT layouts from the header, XML streaming, diagnostics."""

from __future__ import annotations

import io

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbitro.ratings.fidelist import (
    ListDiagnostic,
    ListLayout,
    RatingListEntry,
    iter_txt_list,
    iter_xml_list,
    split_items,
    txt_layout,
)

# Headers exactly as published (trf.md §8.2 and the parsers quoted there).
FOA_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
LEGACY_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
PER_TYPE_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA OCT26 Gms K  B-day Flag"
)
OLD_2011_HEADER = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"


def place(header: str, values: dict[str, str], width: int | None = None) -> str:
    """A data line with each value left-aligned under its header label."""
    line = [" "] * (width or len(header))
    for label, value in values.items():
        start = header.index(label)
        line[start : start + len(value)] = value
    return "".join(line)


def entries(lines: list[str], **kw: str) -> tuple[list[RatingListEntry], list[ListDiagnostic]]:
    return split_items(iter_txt_list(lines, **kw))


def test_trf_8_2_combined_foa_list_published_sample_lines() -> None:
    lines = [
        FOA_HEADER,
        "1503014        Carlsen, Magnus                                              NOR M   GM                 "
        "          2823  0   10 2801  12  10 2860  0   10 1990      ",
        "8603677        Ding, Liren                                                  CHN M   GM                 "
        "          2723  11  10 2693  0   10 2736  0   10 1992      ",
    ]
    layout = txt_layout(FOA_HEADER)
    assert isinstance(layout, ListLayout) and layout.kind == "combined" and layout.width == 162
    found, diags = entries(lines)
    assert diags == []
    carlsen, ding = found
    assert carlsen == RatingListEntry(
        1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", (), "",
        2823, 0, 10, 2801, 12, 10, 2860, 0, 10, 1990, "",
    )  # fmt: skip
    assert (ding.fide_id, ding.standard_games, ding.rapid_rating) == (8603677, 11, 2693)


def test_trf_8_2_combined_list_titles_flags_and_other_titles() -> None:
    line = place(
        FOA_HEADER,
        {"ID Number": "5031605", "Name": "A, Akshaya", "Fed": "IND", "Sex": "F", "Tit": "WIM",
         "WTit": "WIM", "OTit": "FA,IO", "FOA": "AIM", "SRtng": "2014", "SGm": "3", "SK": "20",
         "B-day": "1994", "Flag": "wi"},
    )  # fmt: skip
    (entry,), diags = entries([FOA_HEADER, line])
    assert diags == []
    assert (entry.title, entry.women_title, entry.other_titles, entry.foa_title) == (
        "WIM",
        "WIM",
        ("FA", "IO"),
        "AIM",
    )
    assert entry.inactive and entry.woman
    assert (entry.standard_rating, entry.standard_games, entry.standard_k, entry.rapid_rating) == (
        2014,
        3,
        20,
        0,
    )


def test_trf_8_2_legacy_header_without_foa() -> None:
    lines = [
        LEGACY_HEADER,
        "10207538       A E M, Doshtagir                                             BAN M                      "
        "      1840  0   40 1836  0   20 1860  0   20 1974      ",
        "1701991        Aaberg, Anton                                                SWE M   IM                 "
        "      2393  0   10                           1972",
        "7704658                                                                     TTO M                      "
        "                                             0000",
    ]
    layout = txt_layout(LEGACY_HEADER)
    assert isinstance(layout, ListLayout) and layout.kind == "legacy"
    (doshtagir, aaberg, nameless), diags = entries(lines)
    assert diags == []
    assert (doshtagir.standard_rating, doshtagir.standard_k, doshtagir.rapid_rating, doshtagir.blitz_k) == (
        1840, 40, 1836, 20,
    )  # fmt: skip
    assert (doshtagir.birth_year, doshtagir.sex) == (1974, "M")
    assert (aaberg.title, aaberg.standard_rating, aaberg.rapid_rating, aaberg.birth_year) == (
        "IM",
        2393,
        0,
        1972,
    )
    assert (nameless.name, nameless.birth_year, nameless.federation) == ("", None, "TTO")


def test_trf_8_2_per_type_header_month_column_goes_to_the_given_type() -> None:
    line = (
        "25121731       A C J John                                                   IND M                      "
        "          1063  0   40 1987  i"
    )
    layout = txt_layout(PER_TYPE_HEADER)
    assert isinstance(layout, ListLayout)
    assert (layout.kind, layout.period, layout.width) == ("per-type", "OCT26", 136)
    (std,), _ = entries([PER_TYPE_HEADER, line])
    assert (std.standard_rating, std.standard_games, std.standard_k, std.rapid_rating) == (1063, 0, 40, 0)
    (rapid,), diags = entries([PER_TYPE_HEADER, line], rating_type="rapid")
    assert diags == []
    assert (rapid.standard_rating, rapid.rapid_rating, rapid.rapid_k, rapid.birth_year) == (0, 1063, 40, 1987)
    assert rapid.inactive and not rapid.woman


def test_trf_8_4_old_2011_header_glued_labels_and_lower_case_titles() -> None:
    lines = [
        OLD_2011_HEADER,
        " 4158814  Andreikin, Dmitry                 g   RUS  2686    9  1990  ",
        " 5080444  A, Sohita                             IND  1447    0  1995  wi",
    ]
    (andreikin, sohita), diags = entries(lines)
    assert diags == []
    assert andreikin == RatingListEntry(
        4158814, "Andreikin, Dmitry", "RUS", "", "GM", "", (), "", 2686, 9, 0, 0, 0, 0, 0, 0, 0, 1990, ""
    )
    assert (sohita.standard_rating, sohita.flag, sohita.woman) == (1447, "wi", True)


def test_trf_8_2_otit_overflow_shifts_the_following_columns() -> None:
    normal = place(FOA_HEADER, {"ID Number": "100", "Name": "X, Y", "SRtng": "2100", "B-day": "1980"})
    cut = FOA_HEADER.index("FOA")
    # 16 characters of other titles: one more than the OTit column holds
    overflow = normal[: FOA_HEADER.index("OTit")] + "SI,FI,LSI,SLI,NA" + "AFM " + normal[cut + 4 :]
    assert len(overflow) == len(FOA_HEADER) + 1
    (entry,), diags = entries([FOA_HEADER, overflow])
    assert entry.other_titles == ("SI", "FI", "LSI", "SLI", "NA")
    assert (entry.foa_title, entry.standard_rating, entry.birth_year) == ("AFM", 2100, 1980)
    assert [(d.line, d.field, d.severity) for d in diags] == [(2, "OTit", "warning")]


def test_trf_8_2_bad_lines_give_diagnostics_with_line_field_and_expectation() -> None:
    good = place(FOA_HEADER, {"ID Number": "100", "Name": "Good, G", "SRtng": "2000"})
    bad_id = place(FOA_HEADER, {"ID Number": "12AB", "Name": "Bad, B"})
    bad_rating = place(FOA_HEADER, {"ID Number": "101", "Name": "Odd, O", "SRtng": "2x00", "Tit": "XX"})
    too_long = good + "#" * 40
    items = list(iter_txt_list([FOA_HEADER, good, "", bad_id, bad_rating, too_long]))
    found, diags = split_items(items)
    assert [e.fide_id for e in found] == [100, 101]
    assert found[1].standard_rating == 0 and found[1].title == ""
    summary = [(d.line, d.field, d.severity) for d in diags]
    assert summary == [
        (4, "ID Number", "error"),
        (5, "Tit", "warning"),
        (5, "SRtng", "warning"),
        (6, "line", "error"),
    ]
    assert str(diags[0]) == "line 4: ID Number: expected a FIDE ID (digits), found '12AB'"


def test_trf_8_2_bytes_and_crlf_lines() -> None:
    line = place(FOA_HEADER, {"ID Number": "7", "Name": "M\xfcller, Ann", "SRtng": "1500"})
    data = (FOA_HEADER + "\r\n" + line + "\r\n").encode("latin-1")
    (entry,), diags = entries(io.BytesIO(data).readlines())  # type: ignore[arg-type]
    assert diags == [] and entry.name == "M\xfcller, Ann" and entry.standard_rating == 1500


def test_trf_8_2_missing_or_unknown_header_is_one_error() -> None:
    assert [(d.line, d.severity) for d in iter_txt_list([])] == [(1, "error")]  # type: ignore[misc]
    items = list(iter_txt_list(["", "1503014 Carlsen", "x"]))
    assert len(items) == 1 and isinstance(items[0], ListDiagnostic)
    assert (items[0].line, items[0].field, items[0].severity) == (2, "header", "error")


XML = b"""<playerslist>
<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex><title>GM</title>
<w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2823</rating><games>0</games><k>10</k>
<rapid_rating>2801</rapid_rating><rapid_games>12</rapid_games><rapid_k>10</rapid_k><blitz_rating>2860</blitz_rating>
<blitz_games>0</blitz_games><blitz_k>10</blitz_k><birthday>1990</birthday><flag></flag></player>
<player><fideid>5031605</fideid><name>A, Akshaya</name><country>IND</country><sex>F</sex><title></title>
<w_title>WIM</w_title><o_title>FA,NA</o_title><foa_title></foa_title><rating>20x4</rating><games>0</games><k>20</k>
<birthday>1994</birthday><flag>wi</flag></player>
<player><fideid></fideid><name>No Id</name></player>
</playerslist>"""


def test_trf_8_3_xml_players_streamed_with_diagnostics() -> None:
    found, diags = split_items(iter_xml_list(io.BytesIO(XML)))
    carlsen, akshaya = found
    assert carlsen == RatingListEntry(
        1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", (), "",
        2823, 0, 10, 2801, 12, 10, 2860, 0, 10, 1990, "",
    )  # fmt: skip
    assert (akshaya.women_title, akshaya.other_titles, akshaya.standard_rating, akshaya.flag) == (
        "WIM", ("FA", "NA"), 0, "wi",
    )  # fmt: skip
    assert [(d.unit, d.line, d.field, d.severity) for d in diags] == [
        ("player", 2, "rating", "warning"),
        ("player", 3, "fideid", "error"),
    ]


def test_trf_8_3_xml_per_type_list_and_malformed_document() -> None:
    doc = b"<playerslist><player><fideid>9</fideid><rating>1900</rating><k>20</k></player></playerslist>"
    (entry,), _ = split_items(iter_xml_list(io.BytesIO(doc), rating_type="blitz"))
    assert (entry.standard_rating, entry.blitz_rating, entry.blitz_k) == (0, 1900, 20)
    broken = doc.replace(b"</playerslist>", b"<player><fideid>10</fideid></playr></playerslist>")
    found, diags = split_items(iter_xml_list(io.BytesIO(broken)))
    assert [e.fide_id for e in found] == [9]
    assert len(diags) == 1 and diags[0].severity == "error" and diags[0].field == "xml"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=200), max_size=20))
def test_txt_parser_never_raises_on_garbage_after_a_header(lines: list[str]) -> None:
    for header in (FOA_HEADER, PER_TYPE_HEADER, OLD_2011_HEADER):
        for item in iter_txt_list([header, *lines]):
            assert isinstance(item, RatingListEntry | ListDiagnostic)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=300), st.binary(max_size=300)), max_size=20))
def test_txt_parser_never_raises_on_garbage(lines: list[str | bytes]) -> None:
    for item in iter_txt_list(lines):
        assert isinstance(item, RatingListEntry | ListDiagnostic)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_xml_parser_never_raises_on_garbage(data: bytes) -> None:
    for item in iter_xml_list(io.BytesIO(b"<playerslist><player><fideid>1</fideid></player>" + data)):
        assert isinstance(item, RatingListEntry | ListDiagnostic)


FIELD_VALUES = st.sampled_from(
    ["", "0", "7", "2823", "-5", "+5", "1_0", "12a", "\u0663", "00012", "1990", "GM", "g", "wg", "WIM", "XX",
     "M", "F", "m", "x", "NOR", "nor", "N0R", "i", "wi", "W", "q", "FA,IO", " , ", "AIM"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(FIELD_VALUES, min_size=19, max_size=19))
def test_fast_path_agrees_with_the_checked_path(values: list[str]) -> None:
    from arbitro.ratings.fidelist import _Builder, _fast_entry

    assume(not any("+" in v or "_" in v for v in values))  # the caller's line-level guard
    builder = _Builder({}, "line")
    checked = builder.build(1, list(values))
    fast = _fast_entry(list(values))
    if fast is not None:
        assert builder.diagnostics == []
        assert fast == checked


def test_trf_8_2_utf8_copy_with_bom_keeps_the_columns() -> None:
    line = place(FOA_HEADER, {"ID Number": "8", "Name": "Núñez, José", "SRtng": "2001", "B-day": "1999"})
    data = ("\ufeff" + FOA_HEADER + "\n" + line + "\n").encode("utf-8")
    (entry,), diags = entries(io.BytesIO(data).readlines())  # type: ignore[arg-type]
    assert diags == []
    assert (entry.name, entry.standard_rating, entry.birth_year) == ("Núñez, José", 2001, 1999)


def test_digits_of_other_scripts_are_not_numbers() -> None:
    """Issue 38: full-width ratings and Arabic-Indic ids were read as numbers (int() accepts them)."""
    wide = place(FOA_HEADER, {"ID Number": "100", "Name": "Wide, W", "SRtng": "\uff12\uff10\uff10\uff10"})
    arabic = place(FOA_HEADER, {"ID Number": "\u0661\u0660\u0661", "Name": "Arabic, A", "SRtng": "2000"})
    born = place(FOA_HEADER, {"ID Number": "102", "Name": "Born, B", "SRtng": "2000", "B-day": "\u0661\u0669\u0669\u0660"})
    found, diags = entries([FOA_HEADER, wide, arabic, born])
    assert [(e.fide_id, e.standard_rating, e.birth_year) for e in found] == [(100, 0, None), (102, 2000, None)]
    assert [(d.line, d.field, d.severity) for d in diags] == [
        (2, "SRtng", "warning"), (3, "ID Number", "error"), (4, "B-day", "warning"),
    ]  # fmt: skip


def test_xml_fields_are_capped_like_a_txt_line() -> None:
    """Issue 38: an XML list with a 30 MB name was read whole; a field is held to the TXT line's limit."""
    long = b"<playerslist><player><fideid>100</fideid><name>" + b"N" * 5000 + b"</name><rating>2000</rating></player>"
    good = b"<player><fideid>101</fideid><name>Good, G</name><rating>1900</rating></player></playerslist>"
    found, diags = split_items(iter_xml_list(io.BytesIO(long + good)))
    assert [e.fide_id for e in found] == [101]
    assert [(d.line, d.field, d.severity) for d in diags] == [(1, "name", "error")]
    assert "5,000 characters" in str(diags[0])

def test_issue_37_older_xml_layout_with_attributes_is_read() -> None:
    """Older FIDE XML lists and other exports: the fields as attributes, other names and cases."""
    doc = (
        b'<?xml version="1.0"?><playerslist>'
        b'<player fideid="1503014" name="Carlsen, Magnus" country="NOR" sex="M" title="GM" rating="2830" k="10"'
        b' birthday="1990"/>'
        b'<player ID="2016192"><Name>Nakamura, Hikaru</Name><Fed>USA</Fed><rating>2790</rating></player>'
        b"</playerslist>"
    )
    found, diags = split_items(iter_xml_list(io.BytesIO(doc)))
    assert diags == []
    assert [(e.fide_id, e.name, e.federation, e.standard_rating) for e in found] == [
        (1503014, "Carlsen, Magnus", "NOR", 2830),
        (2016192, "Nakamura, Hikaru", "USA", 2790),
    ]
    assert found[0].title == "GM" and found[0].birth_year == 1990 and found[0].standard_k == 10


def test_issue_37_an_unknown_layout_is_refused_naming_it() -> None:
    found, diags = split_items(iter_xml_list(io.BytesIO(b'<ratings><entry id="1"/></ratings>')))
    assert found == [] and len(diags) == 1 and diags[0].severity == "error"
    assert "<ratings> holding <entry>" in diags[0].found and "<playerslist><player>" in diags[0].expected
    _, csv = split_items(iter_txt_list(["fide_id;name;rating\n", "1;A;2000\n"]))
    assert "semicolon-separated table (CSV)" in csv[0].found
    _, xml = split_items(iter_txt_list(["<?xml version='1.0'?>\n", "<playerslist>\n"]))
    assert "an XML document" in xml[0].found
