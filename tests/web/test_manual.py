"""The user manual in the app (issue 33 item 6; FIDE VCL4THP Q11-Q14: an English manual, reachable in the program).

* every chapter renders (200) in Spanish and in English, inside the site's base template;
* the two languages have the same chapters with the same heading anchors, and every cross-reference
  between chapters points to a heading that exists;
* every URL name of the app is either a page with a help target (``help.HELP``) or a file/redirect
  (``help.NOT_PAGES``), and every help target is a heading of the manual in both languages;
* every page of the app reachable from a running tournament (public, desk, team, error) carries the help
  link of its URL name, and that link's target exists;
* every desk operation (each ``op`` of the desk forms, and the other desk buttons) is named in the manual
  by its on-screen label, in English and, translated by the app's own catalogue, in Spanish.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation

from arbitro.web.manual import content, help
from arbitro.web.teams import desk as team_desk
from arbitro.web.tournaments import models, service
from arbitro.web.tournaments.desk import operations

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "arbitro" / "web"
HELP_LINK = re.compile(r'<a href="([^"]+)" id="help-link"')


def _client(lang: str, user: object | None = None) -> Client:
    client = Client()
    client.cookies["django_language"] = lang
    if user is not None:
        client.force_login(user)
    return client


def _anchors(lang: str, slug: str) -> tuple[str, ...]:
    return content.chapter(lang, slug).anchors


# -- the chapters ------------------------------------------------------------------------------


def test_docs_manual_is_the_packaged_content_not_a_copy() -> None:
    """One source: ``docs/manual`` is the folder the app renders (package data of arbitro.web.manual)."""
    assert (ROOT / "docs" / "manual").resolve() == content.CONTENT
    for lang in content.LANGUAGES:
        assert sorted(p.stem for p in (content.CONTENT / lang).glob("*.md")) == sorted(content.PAGES)


@pytest.mark.parametrize("lang", content.LANGUAGES)
@pytest.mark.parametrize("slug", content.PAGES)
def test_every_chapter_renders_in_both_languages(db, lang: str, slug: str) -> None:
    url = reverse("manual:index") if slug == "index" else reverse("manual:page", args=[slug])
    resp = _client(lang).get(url)
    assert resp.status_code == 200
    html = resp.content.decode()
    chapter = content.chapter(lang, slug)
    assert f"<html lang=\"{lang}\">" in html
    assert f"<h1 id=\"top\">{chapter.title}</h1>" in html  # the chapter itself, in the site's template
    assert 'id="manual-chapters"' in html and html.count('aria-current="page"') >= 1
    assert len(chapter.html) > 1500, f"{lang}/{slug}: a chapter this short is a stub"


def test_an_unknown_chapter_is_a_404(db) -> None:
    assert _client("en").get("/manual/no-such-chapter/").status_code == 404


@pytest.mark.parametrize("slug", content.PAGES)
def test_english_and_spanish_have_the_same_sections(slug: str) -> None:
    en, es = _anchors("en", slug), _anchors("es", slug)
    assert en == es, f"{slug}: headings differ between en and es"
    assert len(set(en)) == len(en), f"{slug}: an anchor is used twice"
    assert en[0] == "top"


@pytest.mark.parametrize("lang", content.LANGUAGES)
def test_every_cross_reference_points_to_an_existing_heading(lang: str) -> None:
    base = reverse("manual:index")
    for slug in content.PAGES:
        own = set(_anchors(lang, slug))
        for href in re.findall(r'href="([^"]*)"', content.chapter(lang, slug).html):
            if href.startswith("#"):
                assert href[1:] in own, f"{lang}/{slug}: {href}"
            elif href.startswith(base):
                path, _, anchor = href.removeprefix(base).partition("#")
                target = path.strip("/") or "index"
                assert target in content.PAGES, f"{lang}/{slug}: {href}"
                assert not anchor or anchor in _anchors(lang, target), f"{lang}/{slug}: {href}"
            else:
                assert href.startswith(("http://", "https://")), f"{lang}/{slug}: a link the app cannot follow: {href}"


def test_a_link_to_a_chapter_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ValueError, match="not a chapter"):
        content._CHAPTER_LINK.sub(lambda m: content._link(m, "/manual/"), 'href="nowhere.md#x"')


# -- the help links ------------------------------------------------------------------------------


def _url_names() -> set[str]:
    names: set[str] = set()

    def walk(patterns: list[URLPattern | URLResolver], namespace: str | None) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif p.name and namespace:
                names.add(f"{namespace}:{p.name}")

    walk(get_resolver().url_patterns, None)
    return {n for n in names if n.split(":")[0] in ("tournaments", "teams", "manual")}


def test_every_url_name_has_a_help_target_or_is_not_a_page() -> None:
    names = _url_names()
    assert names, "no URL names found"
    assert not set(help.HELP) & help.NOT_PAGES
    missing = names - set(help.HELP) - help.NOT_PAGES
    stale = (set(help.HELP) | help.NOT_PAGES) - names - {"admin:tournaments_ratinglist_import"}
    assert not missing, f"pages without a help target: {sorted(missing)}"
    assert not stale, f"help entries for URL names that no longer exist: {sorted(stale)}"


@pytest.mark.parametrize("lang", content.LANGUAGES)
def test_every_help_target_is_a_heading_of_the_manual(lang: str) -> None:
    for name, target in [*help.HELP.items(), ("(default)", help.DEFAULT)]:
        slug, _, anchor = target.partition("#")
        assert slug in content.PAGES, f"{name}: {target}"
        assert anchor in _anchors(lang, slug), f"{name}: {target} has no heading #{anchor} in {lang}"


@pytest.fixture
def event(db):
    """A Swiss of 6, round 1 played and complete (so Finish asks for confirmation), a team competition,
    and a superuser who sees every desk page."""
    from teams_support import played_team_event

    admin = get_user_model().objects.create_superuser("manual-admin", password="pw-manual-admin-1")
    row = service.create({"name": "Manual Open", "city": "Mdp", "system": "swiss", "rounds": 3}, admin)
    names = ["Gómez, Ana", "Ibáñez, Sofía", "Quiroga, Tomás", "Zárate, Lucía", "Olmedo, Iván", "Ugarte, Eva"]
    service.register_many(row, "\n".join(f"{n}; {2200 - 50 * i}" for i, n in enumerate(names)), admin)
    row.refresh_from_db()
    service.pair_next(row, admin, seed=1)
    row.refresh_from_db()
    boards = service.state(row).round(1).boards
    service.enter_results(row, 1, {b: "1-0" for b in range(1, len(boards) + 1)}, admin)
    row.refresh_from_db()
    row.published = True
    row.save(update_fields=["published"])
    team = played_team_event(teams=4, boards=2, rounds=3, played=1)
    return admin, row, team


def _pages(client: Client, row: models.Tournament, team: models.Tournament) -> dict[str, tuple[str, str, dict[str, str]]]:
    """URL name -> (method, path, data) of one page of each kind, taken as a reader reaches it."""
    s, ts = row.slug, team.slug
    org = row.organisation.slug
    player_page = client.get(reverse("tournaments:player", args=[s, 1])).content.decode()
    person = re.search(r'href="/p/(\d+)/"', player_page)
    team_page = client.get(reverse("teams:team", args=[ts, 1])).content.decode()
    team_player = re.search(rf'href="/teams/{ts}/player/(\d+)/"', team_page)
    assert person and team_player, "the pages no longer link a person / a team player"
    get = "GET"
    return {
        "tournaments:home": (get, reverse("tournaments:home"), {}),
        "tournaments:login": ("ANONYMOUS", reverse("tournaments:login"), {}),
        "tournaments:federation": (get, reverse("tournaments:federation"), {}),
        "tournaments:organisation": (get, reverse("tournaments:organisation", args=[org]), {}),
        "tournaments:org_federation": (get, reverse("tournaments:org_federation", args=[org]), {}),
        "tournaments:desk_members": (get, reverse("tournaments:desk_members", args=[org]), {}),
        "tournaments:desk_logins": (get, reverse("tournaments:desk_logins"), {}),  # failed logins (superusers)
        "tournaments:person": (get, f"/p/{person.group(1)}/", {}),
        "tournaments:info": (get, reverse("tournaments:info", args=[s]), {}),
        "tournaments:players": (get, reverse("tournaments:players", args=[s]), {}),
        "tournaments:pairings_current": (get, reverse("tournaments:pairings_current", args=[s]), {}),
        "tournaments:pairings": (get, reverse("tournaments:pairings", args=[s, 1]), {}),
        "tournaments:standings": (get, reverse("tournaments:standings", args=[s]), {}),
        "tournaments:crosstable": (get, reverse("tournaments:crosstable", args=[s]), {}),
        "tournaments:norms": (get, reverse("tournaments:norms", args=[s]), {}),
        "tournaments:player": (get, reverse("tournaments:player", args=[s, 1]), {}),
        "tournaments:request_bye": (get, reverse("tournaments:request_bye", args=[s]), {}),
        "tournaments:mine": (get, reverse("tournaments:mine"), {}),
        "tournaments:desk": (get, reverse("tournaments:desk"), {}),
        "tournaments:desk_create": (get, reverse("tournaments:desk_create"), {}),
        "tournaments:desk_import": (get, reverse("tournaments:desk_import"), {}),
        "tournaments:desk_panel": (get, reverse("tournaments:desk_panel", args=[s]), {}),
        "tournaments:desk_finish": ("POST", reverse("tournaments:desk_finish", args=[s]), {}),  # its confirmation
        "tournaments:desk_audit": (get, reverse("tournaments:desk_audit", args=[s]), {}),
        "tournaments:desk_log": (get, reverse("tournaments:desk_log", args=[s]), {}),
        "tournaments:desk_players": (get, reverse("tournaments:desk_players", args=[s]), {}),
        "tournaments:desk_player_edit": (get, reverse("tournaments:desk_player_edit", args=[s, 1]), {}),
        "tournaments:desk_settings": (get, reverse("tournaments:desk_settings", args=[s]), {}),
        "teams:standings": (get, reverse("teams:standings", args=[ts]), {}),
        "teams:pairings": (get, reverse("teams:pairings", args=[ts, 1]), {}),
        "teams:pairings_current": (get, reverse("teams:pairings_current", args=[ts]), {}),
        "teams:boards": (get, reverse("teams:boards", args=[ts]), {}),
        "teams:norms": (get, reverse("teams:norms", args=[ts]), {}),
        "teams:team": (get, reverse("teams:team", args=[ts, 1]), {}),
        "teams:player": (get, f"/teams/{ts}/player/{team_player.group(1)}/", {}),
        "teams:desk_create": (get, reverse("teams:desk_create"), {}),
        "teams:desk_panel": (get, reverse("teams:desk_panel", args=[ts]), {}),
        "teams:desk_settings": (get, reverse("teams:desk_settings", args=[ts]), {}),
        "manual:index": (get, reverse("manual:index"), {}),
        "manual:page": (get, reverse("manual:page", args=["pairing"]), {}),
    }


@pytest.mark.parametrize("lang", content.LANGUAGES)
def test_every_page_links_the_manual_section_about_it(event, lang: str) -> None:
    admin, row, team = event
    client = _client(lang, admin)
    pages = _pages(client, row, team)
    # the admin's import page has its own test below; the desk operations' confirmation pages are one
    # template, visited here through Finish (the team desk's too)
    confirmations = set(operations.help_targets()) - {"tournaments:desk_finish"} | set(team_desk.help_targets())
    assert set(pages) == set(help.HELP) - {"admin:tournaments_ratinglist_import"} - confirmations, (
        "a page of the app is not visited here"
    )
    for name, (method, path, data) in pages.items():
        if method == "ANONYMOUS":
            resp = _client(lang).get(path)
        else:
            resp = client.post(path, data) if method == "POST" else client.get(path)
        assert resp.status_code == 200, f"{name} {path}: {resp.status_code}"
        assert resp.resolver_match is not None and resp.resolver_match.view_name == name, name
        found = HELP_LINK.findall(resp.content.decode())
        assert found == [help.url(name)], f"{name} {path}: help link {found}"
        slug, _, anchor = help.target(name).partition("#")
        assert anchor in _anchors(lang, slug)
        follow = client.get(found[0].partition("#")[0])
        assert follow.status_code == 200 and f'id="{anchor}"' in follow.content.decode(), f"{name}: {found[0]}"


def test_the_rating_list_import_of_the_admin_links_its_section(db) -> None:
    admin = get_user_model().objects.create_superuser("manual-root", password="pw-manual-root-1")
    resp = _client("es", admin).get(reverse("admin:tournaments_ratinglist_import"))
    assert resp.status_code == 200
    assert HELP_LINK.findall(resp.content.decode()) == ["/manual/ratings/#admin-import"]
    assert "admin-import" in _anchors("es", "ratings") and ">Ayuda</a>" in resp.content.decode()


def test_a_page_of_no_url_name_links_the_manual_home(db) -> None:
    resp = _client("en").get("/no/such/page/")
    assert resp.status_code == 404
    assert HELP_LINK.findall(resp.content.decode()) == [help.url(None)] == ["/manual/#about"]


def test_the_help_link_is_translated(db) -> None:
    assert re.search(r'id="help-link"[^>]*>Ayuda</a>', _client("es").get("/").content.decode())
    assert re.search(r'id="help-link"[^>]*>Help</a>', _client("en").get("/").content.decode())


# -- every desk operation is in the manual ---------------------------------------------------------

#: (template, op) -> the msgid of the button (or link) that does it. The desk's operations come from their list
#: (each its own view and form, posted to its own URL ``tournaments:desk_<name>``); the other forms say their
#: ``op``. The test checks the template really labels the op so, that no desk form's op is missing here, and
#: that the manual names every label.
OPS: dict[tuple[str, str], str] = {
    **{(op.template.replace("tournaments/", "tournaments/templates/tournaments/", 1), op.name): op.label
       for op in operations.OPERATIONS},  # fmt: skip
    ("members/templates/members/members.html", "remove"): "Remove",
    ("members/templates/members/members.html", "add"): "Add",
    **{(op.template.replace("teams/", "teams/templates/teams/", 1), op.name): op.label
       for op in team_desk.OPERATIONS},  # fmt: skip
}

#: The other desk buttons and links (forms without an ``op``, downloads, the desk's own pages).
OTHER: dict[str, str] = {
    "tournaments/templates/tournaments/desk.html": "New tournament|Import TRF|New team competition",
    "tournaments/templates/tournaments/desk_create.html": "Create",
    "tournaments/templates/tournaments/desk_import.html": "Import",
    "tournaments/templates/tournaments/desk_settings.html": "Save settings",
    "tournaments/templates/tournaments/desk_player_edit.html": "Save|Cancel",
    "tournaments/templates/tournaments/desk_players.html": "Search|Edit|Register by hand|Late entry|Register",
    "tournaments/templates/tournaments/desk_panel.html": (
        "Export TRF-2026|Audit trail|Documents (PDF)|Correct|Manual pairing change|Round by hand|Withdrawals and byes|"
        "Bye requests"
    ),
    "tournaments/templates/tournaments/_desk_nav.html": "Round and results|Event log|Audit trail",
    "tournaments/templates/tournaments/desk_log.html": "Event log",
    "teams/templates/teams/desk_panel.html": "Export team TRF|Line-up deadline|Whole-match forfeit",
    "teams/templates/teams/desk_create.html": "Create",
    "teams/templates/teams/desk_settings.html": "Save settings",
    "teams/templates/teams/_desk_nav.html": "Settings|Event log|Audit trail",
    "tournaments/templates/tournaments/request_bye": "",
}
#: Labels a view sets (confirmation pages, the results script): msgid -> where it is set.
IN_VIEWS = {
    "Confirm the correction": "tournaments/desk/operations.py",
    "Finish the tournament": "tournaments/desk/operations.py",
    "Re-open the tournament": "tournaments/desk/operations.py",
    "Correct": "tournaments/result_entry.py",
}


#: A form's ``op`` (the forms that are not desk operations), or the URL of a desk operation (its button's form).
_OP = r'name="op"\s+value="{op}"|value="{op}"\s+name="op"|\{{% url .(?:tournaments|teams):desk_{op}. '


def _template_ops() -> set[tuple[str, str]]:
    found = set()
    names = "|".join(op.name for op in (*operations.OPERATIONS, *team_desk.OPERATIONS))
    for path in WEB.rglob("templates/**/*.html"):
        source = path.read_text(encoding="utf-8")
        for op in re.findall(_OP.format(op="([a-z_]+)").replace("desk_([a-z_]+)", f"desk_({names})"), source):
            found.add((str(path.relative_to(WEB)), next(x for x in op if x)))
    return found


def test_every_desk_operation_is_listed_here_with_its_label() -> None:
    assert _template_ops() == set(OPS), "a desk form's op is missing from OPS (or OPS names one that is gone)"
    for (template, op), label in OPS.items():
        source = (WEB / template).read_text(encoding="utf-8")
        near = [m.start() for m in re.finditer(_OP.format(op=op), source)]
        forms = [source[source.rfind("<form", 0, i) : source.find("</form>", i)] for i in near]  # the op's own form
        assert any(label in form for form in forms), f"{template} {op}: not labelled {label!r}"
    for template, labels in OTHER.items():
        if not labels:
            continue
        source = (WEB / template).read_text(encoding="utf-8")
        for label in labels.split("|"):
            assert label in source, f"{template}: no {label!r}"
    for label, module in IN_VIEWS.items():
        assert f'_("{label}' in (WEB / module).read_text(encoding="utf-8"), f"{module}: no {label!r}"


def _labels() -> set[str]:
    return {*OPS.values(), *IN_VIEWS, *(x for v in OTHER.values() if v for x in v.split("|"))}


def _manual_text(lang: str) -> str:
    return "\n".join(content.source(lang, slug) for slug in content.PAGES)


@pytest.mark.parametrize("lang", content.LANGUAGES)
def test_every_desk_operation_is_named_in_the_manual(lang: str) -> None:
    text = _manual_text(lang)
    missing = []
    for msgid in sorted(_labels()):
        with translation.override(lang):
            shown = translation.gettext(msgid if msgid not in ("Publish round", "Unpair round", "Pair round")
                                        else msgid + " %(n)s")
        label = shown.replace("%(n)s", "").strip()
        if lang == "es":
            assert label != msgid or msgid in ("TRF16",), f"{msgid!r} has no Spanish translation"
        if f"**{label}" not in text:
            missing.append(label)
    assert not missing, f"{lang}: desk operations the manual does not name (in bold): {missing}"
