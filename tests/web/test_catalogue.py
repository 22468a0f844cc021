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
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from arbitro.limits import TEXT_WIDTHS
from arbitro.web.tournaments import models, service, texts

SRC = Path(__file__).resolve().parents[2] / "src" / "arbitro"
TEMPLATES = SRC / "web" / "tournaments" / "templates" / "tournaments"

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


def _entries(entry: object) -> list[str]:
    if isinstance(entry, tuple):
        return [entry[0], entry[1]]
    with translation.override(None):
        return [str(entry)]


def test_every_core_message_code_has_a_web_translation_with_the_same_parameters() -> None:
    core = _core_messages()
    assert len(core) > 60  # the desk's errors (tournament service, byes, FIDE checks, text fields)
    missing = sorted(set(core) - set(texts.TEXTS))
    assert not missing, f"core codes without a translation in web/tournaments/texts.py: {missing}"
    for code, template in core.items():
        for web in _entries(texts.TEXTS[code]):
            assert _web_fields(web) == _fields(template), (code, web, template)
    stale = sorted(set(texts.TEXTS) - set(core))
    assert not stale, f"web texts for codes the core no longer has: {stale}"


def test_every_web_text_is_in_the_spanish_catalogue() -> None:
    with translation.override("es"):
        for code, entry in texts.TEXTS.items():
            if isinstance(entry, tuple):
                for n in (1, 2):
                    es = translation.ngettext(entry[0], entry[1], n)
                    assert es != (entry[0] if n == 1 else entry[1]), code
            else:
                with translation.override(None):
                    english = str(entry)
                assert str(entry) != english or code in _SAME_IN_SPANISH, code
        for entry in texts.RESULT_TEXTS.values():
            with translation.override(None):
                english = str(entry)
            assert str(entry) != english


_SAME_IN_SPANISH: set[str] = set()


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


@pytest.mark.parametrize("path", sorted(TEMPLATES.glob("*.html")), ids=lambda p: p.name)
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
    url = reverse("tournaments:desk_action", args=[populated.slug])
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
        page = client.post(url, data, follow=True).content.decode()
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
