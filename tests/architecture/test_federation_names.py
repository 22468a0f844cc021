"""No web module, template or migration names a federation; the web asks a Rulebook (issue 14).

``FMA`` may appear only in its plug-in (``arbitro.federations.fma``) and in
the CLI's ``arbitro fma`` face. In the web, the only lower-case traces are the
names of the field before migration 0004 renamed it and the key older backups
used; migration 0001 is history (migrations are never edited).
"""

from __future__ import annotations

import re
from pathlib import Path

from arbitro import federations
from arbitro.federations.rulebook import ByeQuestion, Rulebook
from arbitro.pairing import registry

WEB = Path(__file__).resolve().parents[2] / "src" / "arbitro" / "web"
HISTORY = {WEB / "tournaments" / "migrations" / "0001_initial.py"}
OLD_NAMES = re.compile(r"[\"']fma_category[\"']")


def federation_names(root: Path = WEB) -> list[str]:
    found = []
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.html")]):
        if path in HISTORY:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            rest = OLD_NAMES.sub("", line) if "migrations" in path.parts or path.name in {"backup.py", "archive_schema.py"} else line
            if re.search(r"fma", rest, re.IGNORECASE):
                found.append(f"{path.relative_to(root.parent)}:{n}: {line.strip()}")
    return found


def test_no_web_module_template_or_migration_names_fma() -> None:
    assert federation_names() == []


def test_the_check_finds_a_federation_name(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text('<a href="/fma/">{% translate "FMA" %}</a>\n', encoding="utf-8")
    (tmp_path / "forms.py").write_text('fma_category = "x"\n', encoding="utf-8")
    assert len(federation_names(tmp_path)) == 2


def test_the_fma_rulebook_is_a_rulebook_whose_formats_name_registered_systems_FMA_4_1() -> None:
    book = federations.default()
    assert book is not None and isinstance(book, Rulebook)
    keys = {s.key for s in registry.service_systems()}
    for entrants, rounds in ((5, None), (8, None), (12, 7), (30, 9)):
        fmt = book.format_for(entrants, "en")
        assert fmt.system in keys and fmt.rounds == rounds
        assert fmt.tiebreaks and fmt.explanation
    assert registry.get(book.format_for(5, "es").system).double  # FMA 4.1 a: up to 6, double round robin
    assert book.format_for(12, "es").max_half_point_byes == 2  # FMA 4.2
    assert [c.key for c in book.categories("es") if c.creatable] == ["cuarta", "tercera", "segunda", "primera"]


def test_the_fma_rulebook_refuses_a_third_half_point_bye_FMA_4_2() -> None:
    book = federations.default()
    assert book is not None
    ok = ByeQuestion("Pérez, Ana", round=3, played=1, total_rounds=7, swiss=True, granted_before=1)
    assert book.refuse_half_point_bye(ok, "es") is None
    third = ByeQuestion("Pérez, Ana", round=3, played=1, total_rounds=7, swiss=True, granted_before=2)
    refusal = book.refuse_half_point_bye(third, "en")
    assert refusal is not None and "FMA 4.2" in refusal
