"""Every word in Spanish and English (issue 15 item 7).

Three checks, from the cheapest to the most complete:

* **core codes**: every coded message the core can raise (``msg("code", "template", ...)``,
  found by reading the core's source) has a translation in the web's table
  (``arbitro.web.tournaments.texts``) with the same parameters, and the Spanish catalogue
  translates it;
* **templates**: no template holds visible literal text outside ``{% translate %}`` /
  ``{% blocktranslate %}`` (text nodes and the ``title``, ``placeholder``, ``aria-label``,
  ``alt`` attributes), except a short list of names that are the same in both languages;
* **rendered pages**: every public and desk page of a tournament in progress (byes, a
  withdrawal, a forfeit, results), and the desk's messages after refused actions, are rendered
  in Spanish and in English; the visible text (user data removed: names, the tournament's name)
  holds no word of a list of English words on a Spanish page, nor of Spanish words on an English one.
"""

from __future__ import annotations

import ast
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest
from desk_support import desk_post
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from arbitro import i18n
from arbitro.limits import TEXT_WIDTHS
from arbitro.web.tournaments import models, service, texts

SRC = Path(__file__).resolve().parents[2] / "src" / "arbitro"
#: The page templates of the apps split out of the tournaments app (issue 32), each in its own folder.
TEMPLATES = [SRC / "web" / app / "templates" / folder for app, folder in
             (("tournaments", "tournaments"), ("public", "public"), ("members", "members"), ("ops", "ops"))]

# -- core codes --------------------------------------------------------------------------------


def _core_messages() -> dict[str, str]:
    """code -> English template of every ``msg(...)`` call in the core (codes built as prefix + x expanded)."""
    found: dict[str, str] = {}
    for path in SRC.rglob("*.py"):
        if path.relative_to(SRC).parts[0] in ("web", "cli", "documents"):
            continue
        source = path.read_text(encoding="utf-8")
        if not re.search(r"from arbitro\.errors import .*\bmsg\b", source):
            continue
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "msg"):
                continue
            code, template = node.args[0], node.args[1]
            tmpl = _literal(template)
            if isinstance(code, ast.Constant):
                found[code.value] = tmpl
            elif isinstance(code, ast.BinOp) and isinstance(code.left, ast.Constant):
                prefix = code.left.value
                if prefix == "field.":  # limits.check_text: one label per text field
                    for label in TEXT_WIDTHS:
                        found["field." + label.replace(" ", "_")] = label
                elif prefix == "bye.maximum.":
                    for kind in "HZF":
                        found[prefix + kind] = tmpl
                else:
                    raise AssertionError(f"{path}:{node.lineno}: a computed message code the test cannot expand")
    return found


def _literal(node: ast.AST) -> str:
    """The literal parts of a template (``"a" + x + "b"`` -> ``"ab"``: only its ``{fields}`` matter)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp):
        return _literal(node.left) + _literal(node.right)
    if isinstance(node, ast.IfExp):
        return _literal(node.body)
    if isinstance(node, (ast.Name, ast.Subscript)):  # a label passed through (check_text's ``label``, a bye kind)
        return ""
    raise AssertionError(f"unexpected template expression {ast.dump(node)}")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _web_fields(template: str) -> set[str]:
    return set(re.findall(r"%\((\w+)\)[sr]", template))


def _core_owners() -> dict[str, str]:
    """code -> the package whose source raises it (``""``: the package ``arbitro`` itself, e.g. limits.py)."""
    owners: dict[str, str] = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).parts
        if parts[0] in ("web", "cli", "documents"):
            continue
        source = path.read_text(encoding="utf-8")
        if re.search(r"from arbitro\.errors import .*\bmsg\b", source) and "msg(" in source:
            for code in re.findall(r'\bmsg\(\s*"([\w.]+)"', source):
                owners[code] = parts[0] if len(parts) > 1 else ""
    return owners


def _owned(package: str, lang: str) -> dict[str, i18n.Entry]:
    """The entries of one package's own catalogue in ``lang`` (no fallback)."""
    folder = SRC / package if package else SRC
    domain = ".".join(("arbitro", package)) if package else "arbitro"
    mo = folder / "locale" / lang / "LC_MESSAGES" / f"{domain}.mo"
    return i18n.read_mo(mo.read_bytes()) if mo.is_file() else {}


def _entries(entry: i18n.Entry) -> list[str]:
    return list(entry.forms) if isinstance(entry, i18n.Plural) else [entry]


_CORE_PACKAGES = ("", "tournament", "titles", "trf", "teams", "pairing", "ratings")
#: Catalogue entries that are words, not message codes: the result parser's refusals, a language's own
#: name, the TRF reader's field names and the frame of its diagnostics.
_WORDS_NOT_CODES = (texts.RESULT_SYNTAX, "language.", "trf.field.", "trf.where.", "trf.diagnostic", "trf.more")


def test_every_core_message_code_is_in_its_packages_catalogues_with_the_same_parameters() -> None:
    """Each code in the catalogue of the package that raises it (issue 32 item 4), in every language."""
    core = _core_messages()
    assert len(core) > 60  # the desk's errors (tournament service, byes, FIDE checks, text fields)
    owners = _core_owners()
    assert {"es", "en"} <= set(i18n.languages())
    for lang in i18n.languages():
        known: dict[str, i18n.Entry] = {}
        for package in _CORE_PACKAGES:
            known.update(_owned(package, lang))
        missing = sorted(set(core) - set(known))
        assert not missing, f"{lang}: core codes without words in the catalogues: {missing}"
        for code, template in core.items():
            package = owners.get(code, "" if code.startswith("field.") else "tournament")
            assert code in _owned(package, lang), f"{lang}: {code} is not in arbitro.{package}'s catalogue"
            for said in _entries(known[code]):
                assert _web_fields(said) == _fields(template), (lang, code, said, template)
        stale = sorted(c for c in set(known) - set(core) if not c.startswith(_WORDS_NOT_CODES))
        assert not stale, f"{lang}: catalogue words for codes the core no longer has: {stale}"


def test_every_core_word_is_in_spanish() -> None:
    english: dict[str, i18n.Entry] = {}
    spanish: dict[str, i18n.Entry] = {}
    for package in _CORE_PACKAGES:
        english.update(_owned(package, "en"))
        spanish.update(_owned(package, "es"))
    assert set(english) == set(spanish)
    for code, entry in english.items():
        if code not in _SAME_IN_SPANISH:
            assert _entries(spanish[code]) != _entries(entry), code


_SAME_IN_SPANISH: set[str] = {
    "team.lineup_errors",  # "%(first)s; %(rest)s": punctuation only
    "trf.diagnostic",  # "%(where)s: %(what)s"
    "trf.field.rating",  # "rating", as Spanish-speaking arbiters say
    "trf.field.bye",
}


def test_a_core_error_is_shown_in_the_readers_language() -> None:
    from arbitro.errors import ArbitroError
    from arbitro.tournament import TournamentService

    svc = TournamentService(author="t")
    svc.create(name="X", system="dutch", rounds=3)
    with pytest.raises(ArbitroError) as info:
        svc.pair_next_round()
    assert info.value.code == "pair.too_few"
    assert str(info.value) == "pair: register at least 2 players first"  # the CLI's English, unchanged
    with translation.override("es"):
        assert texts.text(info.value) == "emparejar: inscriba al menos 2 jugadores primero"
    with pytest.raises(ArbitroError) as info:
        svc.register_player("A" * 61)
    with translation.override("es"):  # a nested label is translated too
        assert texts.text(info.value) == "nombre del jugador: como máximo 60 caracteres (tiene 61)"
    with translation.override("en"):
        assert texts.text(info.value) == "player name: at most 60 characters (found 61)"


# -- templates ---------------------------------------------------------------------------------

#: Visible literals allowed outside {% translate %}: names, codes and symbols that read the same in both languages.
ALLOWED_LITERALS = {
    "Arbitro", "TRF", "FIDE", "PDF", "JSON", "IT3", "Elo", "API", "TRF16", "TRF-2026", "GitHub",
    "Ra", "Rp",  # FIDE's abbreviations (average rating of the opponents, performance), B.01 in both languages
    "HH", "MM",  # the time format hint HH:MM
    "es", "en", "Español", "English",  # each language named in its own language (the language switch)
}  # fmt: skip
#: Example text (a JSON sample in a placeholder): data, not prose.
ALLOWED_PLACEHOLDER_JSON = re.compile(r"^\s*[{\[]")
_ATTRS = ("title", "placeholder", "aria-label", "alt")


def _strip_template(source: str) -> str:
    source = re.sub(r"{#.*?#}", " ", source, flags=re.S)
    source = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", " ", source, flags=re.S)
    source = re.sub(r"{%\s*blocktrans(late)?\b.*?{%\s*endblocktrans(late)?\s*%}", " ", source, flags=re.S)
    source = re.sub(r"{%.*?%}", " ", source, flags=re.S)
    return re.sub(r"{{.*?}}", " ", source, flags=re.S)


class _Visible(HTMLParser):
    """The text a reader sees: text nodes (not in script/style) and the visible attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._skip += 1
        for name, value in attrs:
            if name in _ATTRS and value:
                self.parts.append(value)
            if tag == "input" and name == "value" and value and ("type", "submit") in attrs:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(data)


def _visible(html: str) -> list[str]:
    parser = _Visible()
    parser.feed(html)
    return parser.parts


@pytest.mark.parametrize("path", sorted(p for d in TEMPLATES for p in d.glob("*.html")), ids=lambda p: p.name)
def test_template_has_no_visible_literal_outside_translate(path: Path) -> None:
    left = []
    for part in _visible(_strip_template(path.read_text(encoding="utf-8"))):
        if ALLOWED_PLACEHOLDER_JSON.match(part):
            continue
        for word in re.findall(r"[^\W\d_][\w'-]+", part):
            if word not in ALLOWED_LITERALS:
                left.append(word)
    assert not left, f"{path.name}: visible text not in the catalogue: {left}"


# -- rendered pages ----------------------------------------------------------------------------

#: Words that give away an English sentence on a Spanish page (none is Spanish, nor a chess word both use).
_ENGLISH_WORDS = (
    """the and of with without is are was not yet already has have been this that these there which when
    round rounds board boards player players result results saved save pair paired pairing pairings publish
    published unpublished finish finished reopen tournament tournaments standings crosstable white black
    points point opponent colour draw win loss forfeit half full zero search download downloads
    register registered withdraw withdrawn name title federation birth date city arbiter chief deputy
    norm norms forecast reach needed audit event events log author before after none nothing
    players' login logout password username sign home language requested request accepted refused rejected
    change changed correct correction enter entered complete incomplete missing expected got first last
    next previous page rank tie break breaks Rd unrated import export new create created edit remove
    only must may cannot can should"""
)
ENGLISH = set(_ENGLISH_WORDS.split())
#: Words that give away Spanish on an English page.
_SPANISH_WORDS = (
    """ronda rondas tablero tableros jugador jugadores puntos Ptos blancas negras resultado resultados guardar
    guardados clasificación torneo torneos emparejamiento emparejamientos medio partida partidas sin emparejar
    publicar publicada finalizar finalizado inscribir inscripto retirar retirado buscar descargar ingresar salir
    fecha ciudad árbitro ritmo normas tabla cruzada federación título nacimiento desempate desempates los las
    del con para una que está aún también solo ningún ninguno todavía ya jugó ganó perdió tiene"""
)
SPANISH = set(_SPANISH_WORDS.split())

#: C.07's tie-break codes (WIN, BH, SB ...): FIDE's abbreviations, the same in every language.
TIEBREAK_CODES = {"WIN", "WON", "GAM", "BPG", "BWG", "REP", "PTS", "ARO", "TPR", "PTP", "APRO", "APPO", "KS", "DE", "EGG"}

NAMES = ["Gómez, Ana", "Ibáñez, Sofía", "Quiroga, Tomás", "Zárate, Lucía", "Olmedo, Iván", "Ugarte, Eva"]


@pytest.fixture
def populated(db):
    """A Swiss of 6 with a forfeit, a half-point bye, a withdrawal and round 3 paired, 1 result in."""
    user = get_user_model().objects.create_user("arbitra", password="pw-arbitra-1")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Xq Vwz", "city": "Kfj", "system": "swiss", "rounds": 5}, user)
    service.register_many(row, "\n".join(f"{n}; {2200 - 50 * i}" for i, n in enumerate(NAMES)), user)
    row.refresh_from_db()
    service.request_bye(row, 6, 2, "H", user)
    for rnd, res in ((1, ["1-0", "½-½", "1F-0F"]), (2, ["0-1", "1-0"])):
        service.pair_next(row, user, seed=1)
        row.refresh_from_db()
        boards = service.state(row).round(rnd).boards
        service.enter_results(row, rnd, {b: res[(b - 1) % len(res)] for b in range(1, len(boards) + 1)}, user)
        row.refresh_from_db()
    service.withdraw(row, 5, user)
    service.pair_next(row, user, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 3, {1: "½-½"}, user)
    row.refresh_from_db()
    row.user = user
    return row


def _pages(row: models.Tournament) -> dict[str, str]:
    slug = row.slug
    public = {
        "home": reverse("tournaments:home"),
        "info": reverse("tournaments:info", args=[slug]),
        "players": reverse("tournaments:players", args=[slug]),
        "pairings": reverse("tournaments:pairings_current", args=[slug]),
        "round1": reverse("tournaments:pairings", args=[slug, 1]),
        "standings": reverse("tournaments:standings", args=[slug]),
        "crosstable": reverse("tournaments:crosstable", args=[slug]),
        "norms": reverse("tournaments:norms", args=[slug]),
        "player": reverse("tournaments:player", args=[slug, 1]),
        "player-bye": reverse("tournaments:player", args=[slug, 6]),
        "login": reverse("tournaments:login"),
        "federation": reverse("tournaments:federation"),
        "not-found": "/t/no-such-tournament/",
    }
    desk = {
        "bye": reverse("tournaments:request_bye", args=[slug]),
        "desk": reverse("tournaments:desk"),
        "desk-create": reverse("tournaments:desk_create"),
        "desk-import": reverse("tournaments:desk_import"),
        "desk-panel": reverse("tournaments:desk_panel", args=[slug]),
        "desk-audit": reverse("tournaments:desk_audit", args=[slug]),
        "mine": reverse("tournaments:mine"),
    }
    return {**public, **{f"desk:{k}": v for k, v in desk.items()}}


#: Names of keys on the keyboard, written the same in both languages.
KEY_NAMES = {"Enter"}


def _offending(html: str, lang: str, data: list[str]) -> list[str]:
    text = " ".join(p for p in _visible(html) if not ALLOWED_PLACEHOLDER_JSON.match(p))
    for value in sorted(data, key=len, reverse=True):
        text = text.replace(value, " ")
    words = set(re.findall(r"[^\W\d_]+'?", text)) - TIEBREAK_CODES - KEY_NAMES
    bad = ENGLISH if lang == "es" else SPANISH
    found = sorted(w for w in words if w in bad or (lang == "es" and w.lower() in bad and w.lower() != "no"))
    return [f"{w} ({_around(text, w)})" for w in found]


def _around(text: str, word: str) -> str:
    """The words around the first ``word`` (for the failure message)."""
    m = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
    if m is None:
        return ""
    return " ".join(text[max(0, m.start() - 40) : m.end() + 40].split())


#: Proper names in the rulebook's texts (an event's name is a name in every language).
PROPER_NAMES = ["«Ciudad de Mar del Plata»"]


def _user_data(row: models.Tournament) -> list[str]:
    given = [p for n in NAMES for p in n.replace(",", "").split()]
    return [*NAMES, *given, row.name, row.city, "arbitra", "Xq", "Vwz", "Kfj", *PROPER_NAMES]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_page_speaks_one_language(client, populated, lang) -> None:
    client.cookies["django_language"] = lang
    client.force_login(populated.user)
    problems = {}
    for name, url in _pages(populated).items():
        resp = client.get(url)
        assert resp.status_code == (404 if name == "not-found" else 200), (name, url, resp.status_code)
        bad = _offending(resp.content.decode(), lang, _user_data(populated))
        if bad:
            problems[name] = bad
    assert not problems, f"{lang} pages with words of the other language: {problems}"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_desk_messages_after_refused_and_done_actions_speak_the_readers_language(client, populated, lang) -> None:
    """"pair: round 3 is not complete", "publish: round 3 is already published", "1 results saved": translated."""
    client.cookies["django_language"] = lang
    client.force_login(populated.user)
    st = service.state(populated)
    game = st.round(3).boards[1]
    seen = []
    for data in (
        {"op": "pair"},
        {"op": "publish"},
        {"op": "results", "round": "3", f"r_{game.white}_{game.black}": "1-0", f"s_{game.white}_{game.black}": ""},
        {"op": "withdraw", "player": "5"},
        {"op": "bye", "player": "1", "round": "1"},
    ):
        page = desk_post(client, populated.slug, data, follow=True).content.decode()
        messages = re.findall(r'<(?:li|div|p)[^>]*class="[^"]*(?:error|success|message)[^"]*"[^>]*>(.*?)</', page, re.S)
        assert messages, (data, "no message shown")
        seen.extend(messages)
        bad = _offending(" ".join(messages), lang, _user_data(populated))
        assert not bad, (data, messages, bad)
    joined = " ".join(seen)
    if lang == "es":
        assert "emparejar: la ronda 3 no está completa" in joined
        assert "publicar: la ronda 3 ya está publicada" in joined
        assert "1 resultado guardado." in joined
    else:
        assert "pair: round 3 is not complete" in joined
        assert "1 result saved." in joined


@pytest.fixture
def category(populated):
    """A tournament of a category of the site's rulebook (its format, tie-breaks and default time)."""
    row = service.create({"name": "Xq Cat", "city": "Kfj", "category": "cuarta", "entrants": 6}, populated.user)
    service.register_many(row, "\n".join(f"{n}; {1500 - 20 * i}" for i, n in enumerate(NAMES)), populated.user)
    row.refresh_from_db()
    service.pair_next(row, populated.user, seed=1)
    row.refresh_from_db()
    boards = service.state(row).round(1).boards
    service.enter_results(row, 1, {b: "1-0" for b in range(1, len(boards) + 1)}, populated.user)
    row.refresh_from_db()
    service.pair_next(row, populated.user, seed=1)
    row.refresh_from_db()
    row.user = populated.user
    return row


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_rulebook_category_tournament_speaks_one_language(client, category, lang) -> None:
    client.cookies["django_language"] = lang
    client.force_login(category.user)
    problems = {}
    for name, url in _pages(category).items():
        resp = client.get(url)
        assert resp.status_code == (404 if name == "not-found" else 200), (name, url, resp.status_code)
        bad = _offending(resp.content.decode(), lang, [*_user_data(category), "Xq Cat"])
        if bad:
            problems[name] = bad
    assert not problems, f"{lang} pages with words of the other language: {problems}"


def test_rulebook_words_carry_both_languages() -> None:
    """The FMA preset's prize texts (the web names no federation): each in Spanish and English, said per language."""
    from arbitro.errors import Message
    from arbitro.prizes.presets import fma_preset

    pl = fma_preset()
    words = [*pl.notes, pl.groups[0].name, *(i for p in pl.groups[0].prizes for i in p.items)]
    assert words and all(isinstance(w, Message) and set(w.translations) == {"es", "en"} for w in words)
    with translation.override("en"):
        assert texts.text(pl.groups[0].name) == "Overall standings"
    with translation.override("es"):
        assert texts.text(pl.groups[0].name) == "Clasificación general"


# -- norms, the TRF import errors and the team pages (issue 15 item 7) -------------------------


@pytest.fixture
def norm_event(db):
    """A 9-round open where one player makes an IM norm and misses the GM norm by Rp alone (B.01 1.4.8a):
    a norm achieved and one in reach, each with the reasoning of every check."""
    import datetime as dt

    from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
    from arbitro.trf import format_trf

    t = Tournament(name="Abierto Xq", city="Kfj", federation="ESP", start_date=dt.date(2026, 5, 1), system="FIDE_DUTCH")
    t.rounds = 9
    me = Player(1, "Gómez, Ana", sex="m", rating=2450, federation="ESP")
    t.players[1] = me
    feds = ["FRA", "GER", "ITA", "NED", "ENG", "USA", "IND", "CHN", "HUN"]
    for i, r in enumerate(["0", "0", "=", "1", "1", "=", "1", "1", "0"]):  # 5.5/9 against nine 2500 GMs
        rank = i + 2
        opp = Player(rank, f"Ugarte{chr(97 + i)}, Eva", title="GM", rating=2500, federation=feds[i])
        code = ResultCode(r)
        colour = Colour.WHITE if i % 2 == 0 else Colour.BLACK
        me.results.append(RoundResult(rank, colour, code))
        opp.results = [RoundResult(None, None, ResultCode.NOT_PAIRED) for _ in range(i)]
        opp.results.append(RoundResult(1, colour.opposite, code.mirrored))
        t.players[rank] = opp
    row = store_module().import_trf(format_trf(t), source="xq.trf")
    row.names = [p.name for p in t.players.values()] + ["Abierto Xq", "Xq", "Kfj"]
    return row


def store_module():
    from arbitro.web.tournaments import store

    return store


def _norm_data(row) -> list[str]:
    """The file's own words: names, the event, and each player's name split into its parts."""
    parts = [w for n in row.names for w in re.split(r"[\s,]+", n or "") if w]
    return [*row.names, *parts]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_norms_page_and_norm_reasoning_speak_the_readers_language_B01_1_4(client, norm_event, lang) -> None:
    """The B.01 1.4 checks' reasoning (the core's coded details) on the norms page and each player's page."""
    from arbitro.web.tournaments import norms as web_norms

    client.cookies["django_language"] = lang
    report = web_norms.tournament_norms(store_module().load(norm_event))
    assert [n.title for n in report.achieved] == ["IM"] and [n.title for n in report.in_reach] == ["GM"]
    urls = {"norms": reverse("tournaments:norms", args=[norm_event.slug])}
    for line in [*report.achieved[:3], *report.in_reach[:3]]:
        urls[f"player {line.public_id}"] = reverse("tournaments:player", args=[norm_event.slug, line.public_id])
    problems = {}
    for name, url in urls.items():
        html = client.get(url).content.decode()
        assert resp_ok(html)
        bad = _offending(html, lang, _norm_data(norm_event))
        if bad:
            problems[name] = bad
    assert not problems, f"{lang} norm pages with words of the other language: {problems}"
    page = client.get(urls["norms"]).content.decode()
    if lang == "es":  # the reasoning is there, in Spanish (Rp = Ra + dp of B.01 1.4.8a)
        assert "hace falta al menos" in page or "hacen falta al menos" in page
    else:
        assert "needed" in page


def resp_ok(html: str) -> bool:
    return "<html" in html.lower()


def test_every_B01_check_detail_is_a_coded_message(norm_event) -> None:
    """Every reasoning line a norm check gives (the web shows them) carries a code the web translates."""
    from arbitro.errors import Message
    from arbitro.titles.norms import evaluate_norms

    core = store_module().load(norm_event)
    details = [c.detail for pn in evaluate_norms(core) for n in pn.norms for c in n.checks]
    assert details
    uncoded = [d for d in details if not isinstance(d, Message) or i18n.template(d.code, "es") is None]
    assert not uncoded, uncoded[:5]


#: A TRF with the mistakes an arbiter's file has: a bad sex, a bad rating, a result code that does not
#: exist, an opponent who does not answer, a start rank used twice, and an unknown record code.
def _line001(rank: str, sex: str, name: str, rating: str, points: str, block: str = "") -> str:
    """A 001 record in its columns (TRF: rank 5-8, sex 10, name 15-47, rating 49-52, federation 54-56,
    points 81-84, rank 86-89, round 1 from column 92)."""
    line = f"001 {rank:>4} {sex:1}    {name:<33} {rating:>4} ARG {'':>11} {'':>10} {points:>4} {'':>4}  {block}"
    return line.rstrip()


BAD_TRF = "\n".join([
    "012 Abierto Xq", "042 2026/11/28", "062 3", "092 Individual: Swiss-System", "142 3",
    _line001("1", "x", "Gomez, Ana", "2abc", "1.0", "   2 w 1"),
    _line001("2", "m", "Quiroga, Tomas", "2100", "0.0", "   3 b Q"),
    _line001("2", "m", "Zarate, Lucia", "2000", "0.0"),
    "QQQ nada", "",
])  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_trf_import_error_page_speaks_the_readers_language_with_line_and_field(client, populated, lang) -> None:
    """A bad TRF upload: each diagnostic with its line, column and field, in the reader's language."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.cookies["django_language"] = lang
    client.force_login(populated.user)
    upload = SimpleUploadedFile("malo.trf", BAD_TRF.encode(), content_type="text/plain")
    resp = client.post(reverse("tournaments:desk_import"), {"file": upload})
    assert resp.status_code == 200
    html = resp.content.decode()
    assert 'id="trf-problems"' in html
    problems = re.findall(r'<li class="error">(.*?)</li>', html, re.S)
    assert len(problems) >= 3, problems
    file_words = ["malo.trf", "Gomez", "Ana", "Quiroga", "Tomas", "Zarate", "Lucia", "abc", "QQQ", "Abierto", "Xq"]
    bad = _offending(html, lang, file_words)
    assert not bad, (problems, bad)
    joined = " ".join(problems)
    if lang == "es":
        assert "línea 8" in joined and "campo 001 número inicial" in joined  # the duplicate start rank
        assert "resultado de la ronda 1" in joined or "rival de la ronda 1" in joined
    else:
        assert "line 8" in joined and "field 001 start rank" in joined
    assert "Traceback" not in html


def test_every_trf_field_name_of_the_reader_is_translated() -> None:
    """The reader's field names (the words after the record code) all have Spanish words."""
    reader = (SRC / "trf" / "reader.py").read_text(encoding="utf-8") + (SRC / "trf" / "validate.py").read_text(
        encoding="utf-8"
    )
    names = set(re.findall(r'"((?:[0-9X]{3}(?:/[0-9X]{3})?) [a-z][a-z ]+)"', reader))
    assert len(names) > 15
    with translation.override("es"):
        same = {"001 rating", "240 bye"}  # "rating" and "bye" are the Spanish words too
        untranslated = sorted(n for n in names if texts.trf_field(n) == n and n not in same)
    assert not untranslated, untranslated


@pytest.fixture
def team_event(populated):
    """A 4-team Swiss with round 1 paired and one match played (the team pages in both languages)."""
    from arbitro.web.teams import service as team_service

    client = Client()
    client.force_login(populated.user)
    r = client.post(
        "/desk/teams/new/",
        {"name": "Liga Xq", "system": "team_swiss", "boards": 2, "rounds": 3, "match_win": "2", "match_draw": "1",
         "match_loss": "0"},
    )  # fmt: skip
    assert r.status_code == 302
    row = models.Tournament.objects.get(name="Liga Xq")
    for t in range(1, 5):
        given = ["Ana", "Sofía", "Tomás", "Lucía"][t - 1]
        players = "\n".join(f"Olmedo{t}{chr(96 + i)}, {given}; {2300 - 30 * t - i}" for i in range(1, 4))
        client.post(f"/desk/teams/{row.slug}/register-team/", {"name": f"Kfj {t}", "players": players})
    client.post(f"/desk/teams/{row.slug}/pair/", {})
    client.post(f"/desk/teams/{row.slug}/publish/", {})  # a draft (issue 32): published before its results
    row.refresh_from_db()
    st = team_service.state(row)
    (w1, b1), _second = st.pairings[1]
    client.post(f"/desk/teams/{row.slug}/save-match/", {"round": 1, "match": w1, "r_1": "1", "r_2": "="})
    row.refresh_from_db()
    row.user = populated.user
    return row


@pytest.mark.parametrize("lang", ["es", "en"])
def test_team_pages_speak_one_language_and_header_agrees_with_legend(client, team_event, lang) -> None:
    client.cookies["django_language"] = lang
    client.force_login(team_event.user)
    slug = team_event.slug
    urls = {
        "standings": reverse("teams:standings", args=[slug]),
        "pairings": reverse("teams:pairings_current", args=[slug]),
        "boards": reverse("teams:boards", args=[slug]),
        "norms": reverse("teams:norms", args=[slug]),
        "team": reverse("teams:team", args=[slug, 1]),
        "player": reverse("teams:player", args=[slug, 1]),
        "desk": reverse("teams:desk_panel", args=[slug]),
    }
    data = ["Liga Xq", "Xq", "Kfj", "arbitra", *(f"Olmedo{t}{c}" for t in range(1, 5) for c in "abc"),
            "Ana", "Sofía", "Tomás", "Lucía"]  # fmt: skip
    problems = {}
    for name, url in urls.items():
        resp = client.get(url)
        assert resp.status_code == 200, (name, resp.status_code)
        bad = _offending(resp.content.decode(), lang, data)
        if bad:
            problems[name] = bad
    assert not problems, f"{lang} team pages with words of the other language: {problems}"
    html = client.get(urls["standings"]).content.decode()
    header = re.search(r"<thead>(.*?)</thead>", html, re.S)[1]
    legend = re.search(r'<p class="sub" id="team-legend">(.*?)</p>', html, re.S)[1]
    codes = re.findall(r'<th scope="col" title="[^"]*">([^<]+)</th>', header)
    assert codes and codes[0] == "MPTS"  # the primary score (C.04.6 1.2), spelt as the legend spells it
    for code in codes:
        assert f">{code}</abbr>" in legend, (code, legend)
