"""A new language is added by catalogue files only (issue 32 item 4, Done-when).

The test makes a pseudo-language (code ``eo``, a stand-in) in a temporary folder: every catalogue of
the packages (the core's coded messages, the documents' labels, the rulebook's words) and the web's
``django`` catalogue, each English text transformed letter by letter into accented Latin-1 letters
(``Round`` -> ``Ñôúíã``; placeholders, HTML tags and entities kept). It installs them as files only:
one folder named by ``ARBITRO_LOCALES`` (:mod:`arbitro.i18n`), nothing else. Then the settings offer
the language (read again from the files), the language switch shows it, and every page of a tournament
in progress, its documents (the static site's HTML, a CSV export, a PDF's text) and the CLI's words
(``arbitro fma``, a core error) come out in it: no plain ASCII word of two letters or more is left,
except the user's data (names), numbers and codes (FIDE's abbreviations, TRF record codes).
"""

from __future__ import annotations

import importlib
import re
import shutil
import struct
import subprocess
from collections.abc import Iterator
from pathlib import Path

import django
import pytest
from desk_support import desk_post
from django.test import override_settings
from django.urls import reverse

from arbitro import i18n
from arbitro.errors import ArbitroError, msg
from arbitro.web import settings as web_settings

from .test_catalogue import _pages, _user_data, _visible, category, populated  # noqa: F401 (fixtures)

PSEUDO = "eo"
SRC = Path(i18n.__file__).resolve().parent
_LOWER = "àáâãäåæçèéêëìíîïðñòóôõöøùú"
_UPPER = "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚ"
_TABLE = str.maketrans("abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ", _LOWER + _UPPER)
#: What the pseudo-language keeps as it is: placeholders, HTML tags and entities, ``{{ }}``/``{ }`` fields.
_KEEP = re.compile(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[sdirfx]|%[sdr%]|<[^>]*>|&\w+;|&#\d+;|\{[^{}]*\}")


def pseudo(text: str) -> str:
    """Every letter outside placeholders, tags and entities as an accented Latin-1 letter."""
    out, last = [], 0
    for m in _KEEP.finditer(text):
        out += [text[last : m.start()].translate(_TABLE), m.group()]
        last = m.end()
    out.append(text[last:].translate(_TABLE))
    return "".join(out)


def write_mo(path: Path, entries: dict[str, str | tuple[str, tuple[str, ...]]]) -> None:
    """A GNU ``.mo`` file (what ``msgfmt`` writes): ``msgid -> msgstr``, or ``msgid -> (msgid_plural, forms)``."""
    pairs = [("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n")]
    for key, value in entries.items():
        if isinstance(value, tuple):
            pairs.append((f"{key}\x00{value[0]}", "\x00".join(value[1])))
        else:
            pairs.append((key, value))
    encoded = sorted((k.encode(), v.encode()) for k, v in pairs)
    n = len(encoded)
    originals, translations = 28, 28 + 8 * n
    data = bytearray()
    offset = 28 + 16 * n
    otable, ttable = [], []
    for k, _v in encoded:
        otable.append((len(k), offset + len(data)))
        data += k + b"\x00"
    for _k, v in encoded:
        ttable.append((len(v), offset + len(data)))
        data += v + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, n, originals, translations, 0, 0)
    tables = b"".join(struct.pack("<2I", *x) for x in otable) + b"".join(struct.pack("<2I", *x) for x in ttable)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(head + tables + bytes(data))


def read_po(path: Path) -> dict[str, str | tuple[str, tuple[str, ...]]]:
    """A ``.po`` file: ``msgid`` (``msgctxt\\x04msgid`` with a context) -> ``msgstr``, or ``(msgid_plural, forms)``."""
    entries: dict[str, str | tuple[str, tuple[str, ...]]] = {}
    blocks = re.split(r"\n\s*\n", path.read_text(encoding="utf-8"))
    for block in blocks:
        fields: dict[str, str] = {}
        key = ""
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("#") or not line:
                continue
            if line.startswith('"'):
                fields[key] += _unquote(line)
            else:
                key, _, rest = line.partition(" ")
                fields[key] = _unquote(rest)
        msgid = fields.get("msgid", "")
        if not msgid:
            continue
        if "msgctxt" in fields:
            msgid = f"{fields['msgctxt']}\x04{msgid}"
        if "msgid_plural" in fields:
            forms = tuple(fields[k] for k in sorted(k for k in fields if k.startswith("msgstr[")))
            entries[msgid] = (fields["msgid_plural"], forms)
        else:
            entries[msgid] = fields.get("msgstr", "")
    return entries


def _unquote(s: str) -> str:
    body = s.strip()[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), body)


def _pack(root: Path) -> Path:
    """The pseudo-language's catalogues, every one made from the English (or the web's msgids)."""
    folder = root / PSEUDO / "LC_MESSAGES"
    for domain, locale in i18n.catalogue_dirs():
        english = i18n.read_mo((locale / "en" / "LC_MESSAGES" / f"{domain}.mo").read_bytes())
        made: dict[str, str | tuple[str, tuple[str, ...]]] = {}
        for code, entry in english.items():
            if isinstance(entry, i18n.Plural):
                made[code] = (entry.count, tuple(pseudo(f) for f in entry.forms))
            else:
                made[code] = pseudo(entry)
        if i18n.LANGUAGE_NAME in made:
            made[i18n.LANGUAGE_NAME] = "Pseudo"
        write_mo(folder / f"{domain}.mo", made)
    web: dict[str, str | tuple[str, tuple[str, ...]]] = {}
    sources = [SRC / "web" / "locale" / "es" / "LC_MESSAGES" / "django.po"]  # the web's words
    sources += sorted(Path(django.__file__).parent.rglob("locale/en/LC_MESSAGES/django.po"))  # Django's own
    words = {k: v for po in reversed(sources) for k, v in read_po(po).items()}
    for msgid, value in words.items():
        text = msgid.split("\x04", 1)[-1]
        web[msgid] = (value[0], (pseudo(text), pseudo(value[0]))) if isinstance(value, tuple) else pseudo(text)
    write_mo(folder / "django.mo", web)
    return root


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The pseudo-language installed as files only; the settings read again (as a restart would)."""
    root = _pack(tmp_path / "pack")
    monkeypatch.setenv(i18n.ENV, str(root))
    i18n.reset()
    fresh = importlib.reload(web_settings)
    try:
        with override_settings(LANGUAGES=fresh.LANGUAGES, LOCALE_PATHS=fresh.LOCALE_PATHS):
            yield root
    finally:
        monkeypatch.delenv(i18n.ENV)
        i18n.reset()
        importlib.reload(web_settings)


#: Codes and abbreviations the same in every language: FIDE's tie-break codes, titles, federations,
#: TRF record codes, file formats, a currency, a time's format (HH:MM) and the product's name.
CODES = {
    "WIN", "WON", "GAM", "BPG", "BWG", "REP", "PTS", "ARO", "TPR", "PTP", "APRO", "APPO", "KS", "DE", "EGG", "BH", "SB",
    "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "FIDE", "TRF", "CSV", "PDF", "HTML", "JSON", "XLSX", "ESP",
    "ARG", "Arbitro", "Rp", "Ra", "FMA", "PS", "PAB", "ARS", "HH", "MM",
}  # fmt: skip
#: Parts of a page that are data in a format (a JSON example of a prize list), not words.
_JSON = re.compile(r"^\s*[{\[]")


def _untranslated(text: str, data: list[str]) -> list[str]:
    """Plain ASCII words of two letters or more left after the user's data (and the languages' names) is taken out."""
    from arbitro import federations

    data = [*data, *(i18n.language_name(lang) for lang in i18n.languages())]
    data += [f.name for f in federations.available()]  # a rulebook's name is a name
    data += [federations.rulebook_of(f.code).name for f in federations.available()]
    for value in sorted(data, key=len, reverse=True):
        text = text.replace(value, " ")
    words = re.findall(r"(?<![\w&])[A-Za-z]{2,}(?![\w])", text)
    return sorted({w for w in words if w not in CODES})


def test_the_pseudo_language_is_offered_from_its_files_only(pack: Path) -> None:
    assert PSEUDO in i18n.languages()
    assert (PSEUDO, "Pseudo") in web_settings.LANGUAGES
    assert i18n.text(ArbitroError("x"), PSEUDO) == "x"  # plain text stays as it is
    assert i18n.text(msg("round.none", "no round has been paired yet"), PSEUDO) == pseudo("no round has been paired yet")


@pytest.mark.parametrize("event", ["populated", "category"])
def test_every_page_speaks_the_pseudo_language(db, client, request, pack, event) -> None:
    """Every public and desk page of a Swiss in progress, and of a rulebook's category tournament."""
    row = request.getfixturevalue(event)
    client.cookies["django_language"] = PSEUDO
    client.force_login(row.user)
    problems: dict[str, list[str]] = {}
    for name, url in _pages(row).items():
        resp = client.get(url)
        assert resp.status_code == (404 if name == "not-found" else 200), (name, url, resp.status_code)
        assert resp.headers["Content-Language"] == PSEUDO
        visible = [p for p in _visible(resp.content.decode()) if not _JSON.match(p)]
        # the info page names the category by its key, as the federation calls it ("Cuarta"): a name
        left = _untranslated(" ".join(visible), [*_user_data(row), row.name, (row.category or "").capitalize()])
        if left:
            problems[name] = left

    assert not problems, f"untranslated words on {PSEUDO} pages: {problems}"


def test_the_language_switch_offers_the_pseudo_language(client, populated, pack) -> None:  # noqa: F811
    page = client.get(reverse("tournaments:home")).content.decode()
    assert f'value="{PSEUDO}"' in page and ">Pseudo</button>" in page
    resp = client.post(reverse("tournaments:set_language"), {"language": PSEUDO, "next": "/"})
    assert resp.cookies["django_language"].value == PSEUDO


def test_desk_messages_speak_the_pseudo_language(client, populated, pack) -> None:  # noqa: F811
    client.cookies["django_language"] = PSEUDO
    client.force_login(populated.user)
    for data in ({"op": "pair"}, {"op": "publish"}, {"op": "withdraw", "player": "5"}, {"op": "bye", "player": "1", "round": "1"}):
        page = desk_post(client, populated, data, follow=True).content.decode()  # each operation at its URL
        messages = re.findall(r'<(?:li|div|p)[^>]*class="[^"]*(?:error|success|message)[^"]*"[^>]*>(.*?)</', page, re.S)
        assert messages, (data, "no message shown")
        left = _untranslated(" ".join(messages), _user_data(populated))
        assert not left, (data, messages, left)


def test_documents_speak_the_pseudo_language(populated, pack) -> None:  # noqa: F811
    from arbitro.documents import build_site, export_bytes, render_pdf
    from arbitro.web.tournaments import store

    t = store.load(populated)
    data = _user_data(populated)
    site = build_site(t, PSEUDO)
    problems = {}
    for name, html in site.items():
        if name.endswith(".html"):
            left = _untranslated(" ".join(_visible(html)), data)
            if left:
                problems[name] = left
    assert not problems, problems
    csv = export_bytes(t, "standings", "csv", lang=PSEUDO).decode("utf-8")
    assert not _untranslated(csv.splitlines()[0], data), csv.splitlines()[0]
    for kind in ("pairings", "standings", "crosstable", "players"):
        pdf = render_pdf(kind, t, lang=PSEUDO)
        assert pdf.startswith(b"%PDF")
        if shutil.which("pdftotext"):  # poppler-utils (.ci/run installs it)
            text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
            left = _untranslated(re.sub(r"\d{4}-\d{2}-\d{2}", " ", text), data)
            assert not left, (kind, left)


def _strings(value: object) -> list[str]:
    """Every string in a JSON document (a season file's names: the user's data)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_cli_speaks_the_pseudo_language(pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``arbitro fma season --lang eo``: the rulebook's messages, its words and the CLI's own, all in it."""
    import json
    import sys

    from arbitro.cli import main

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "federations"))
    try:
        from fma_season_data import season
    finally:
        sys.path.pop(0)
    data = season()
    f = tmp_path / "season.json"
    f.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert main(["fma", "season", str(f), "--lang", PSEUDO]) == 0
    out = capsys.readouterr().out
    assert pseudo("Season") in out
    names = [s for s in _strings(data) if len(s) > 1]
    # the articles cited ([FMA 4.1 c]) and the time controls are codes; a player's id (M0) is data
    out = re.sub(r"\[FMA [^\]]*\]|\d+\+\d+", " ", out)
    left = _untranslated(out, names)
    assert not left, left
    assert main(["fma", "season", str(f), "--lang", "xx"]) == 2
    assert PSEUDO in capsys.readouterr().err  # the languages offered are those with catalogues


def test_every_compiled_catalogue_is_its_source() -> None:
    """Each package's ``.mo`` says what its ``.po`` says (a translator who edits a ``.po`` compiles it:
    ``msgfmt --check -o <same dir>/<domain>.mo <same dir>/<domain>.po``; docs/decisions.md 2026-12-05)."""
    checked = 0
    for domain, locale in i18n.catalogue_dirs():
        for po in sorted(locale.glob(f"*/LC_MESSAGES/{domain}.po")):
            source = {k: v for k, v in read_po(po).items() if v and v != ("", ())}
            compiled = i18n.read_mo(po.with_suffix(".mo").read_bytes())
            assert set(compiled) == set(source), (po, sorted(set(compiled) ^ set(source))[:5])
            for code, entry in compiled.items():
                if isinstance(entry, i18n.Plural):
                    assert source[code] == (entry.count, entry.forms), (po, code)
                else:
                    assert source[code] == entry, (po, code)
            checked += 1
    assert checked >= 14  # es and en of the core's five domains, the documents, the FMA rulebook and the CLI
