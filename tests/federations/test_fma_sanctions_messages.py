"""FMA 11.1 sanctions and their effects; the bilingual message catalogue; layering."""

from __future__ import annotations

import ast
import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from arbitro.federations.fma import messages
from arbitro.federations.fma.messages import ARTICLES, Place, msg
from arbitro.federations.fma.sanctions import Sanction, SanctionKind, apply_to_tournament, describe
from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament

D = dt.date(2026, 5, 3)


def two_players() -> Tournament:
    t = Tournament(name="Segunda")
    t.players[1] = Player(1, "Ana", results=[RoundResult(2, Colour.WHITE, ResultCode.WIN),
                                             RoundResult(None, None, ResultCode.HALF_BYE)])
    t.players[2] = Player(2, "Bea", results=[RoundResult(1, Colour.BLACK, ResultCode.LOSS),
                                             RoundResult(None, None, ResultCode.PAIRING_BYE)])
    return t


@pytest.mark.parametrize("kind", list(SanctionKind))
def test_fma_11_1_every_sanction_has_its_article_and_message(kind: SanctionKind) -> None:
    s = Sanction("P1", kind, D, tournament="seg", round=2, points=Decimal(1), amount="$100")
    m = describe(s, "Ana")
    assert m.article == kind.article
    assert "Ana" in m.text("es") and "Ana" in m.text("en")


def test_fma_11_1_2_game_loss_turns_the_game_around() -> None:
    t = two_players()
    out, ded, notes = apply_to_tournament(t, [(Sanction("P1", SanctionKind.GAME_LOSS, D, "seg", 1), 1)])
    assert out.players[1].results[0].code is ResultCode.LOSS
    assert out.players[2].results[0].code is ResultCode.WIN
    assert t.players[1].results[0].code is ResultCode.WIN  # the original is untouched
    assert not ded and not notes


def test_fma_11_1_2_game_loss_on_a_bye_changes_nothing() -> None:
    out, _ded, notes = apply_to_tournament(two_players(), [(Sanction("P1", SanctionKind.GAME_LOSS, D, "seg", 2), 1)])
    assert out.players[1].results[1].code is ResultCode.HALF_BYE
    assert notes[0].id == "sanction.not_applied"


def test_fma_11_1_3_point_deduction_writes_a_299_record() -> None:
    s = Sanction("P1", SanctionKind.POINT_DEDUCTION, D, "seg", points=Decimal("0.5"), reason="celular")
    out, ded, _ = apply_to_tournament(two_players(), [(s, 1)])
    assert ded == {1: Decimal("0.5")}
    assert out.abnormal_points[0].code == "299" and "-0.5" in out.abnormal_points[0].text


def test_fma_11_1_4_expulsion_drops_later_bye_requests() -> None:
    from arbitro.model import ByeRequest

    t = two_players()
    t.requested_byes = [ByeRequest(3, "H", 1), ByeRequest(3, "H", 2)]
    out, _, _ = apply_to_tournament(t, [(Sanction("P1", SanctionKind.EXPULSION, D, "seg", 3), 1)])
    assert [b.start_rank for b in out.requested_byes] == [2]


def test_messages_every_entry_has_article_spanish_and_english() -> None:
    """Each id: an FMA article, and words in the rulebook's own Spanish and English catalogues (issue 32 item 4)."""
    import re
    from pathlib import Path

    from arbitro import i18n

    locale = Path(messages.__file__).parent / "locale"
    es, en = (i18n.read_mo((locale / lang / "LC_MESSAGES" / "arbitro.federations.fma.mo").read_bytes()) for lang in ("es", "en"))
    assert set(ARTICLES) <= set(es) and set(es) == set(en)
    for key, article in ARTICLES.items():
        assert article.startswith("FMA"), key
        said_es, said_en = es[key], en[key]
        assert isinstance(said_es, str) and isinstance(said_en, str), key
        assert said_es.strip() and said_en.strip() and said_es != said_en, key
        assert set(re.findall(r"%\((\w+)\)", said_es)) == set(re.findall(r"%\((\w+)\)", said_en)), key


def test_messages_place_and_category_localised() -> None:
    from arbitro.federations.fma.categories import Category

    m = msg("promotion", player="Ana", category=Category.SEGUNDA, position=Place(2), tournament="Tercera")
    assert "2º" in m.text("es") and "Segunda" in m.text("es")
    assert "2nd" in m.text("en") and m.cited("en").endswith("[FMA 5.1, B.1]")
    assert m.as_dict()["article"] == "FMA 5.1, B.1"
    with pytest.raises(KeyError):
        msg("no.such.message")


def test_fide_engines_never_import_the_federation_package() -> None:
    root = Path(__file__).resolve().parents[2] / "src" / "arbitro"
    offenders = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).parts
        if rel[0] in ("federations", "cli", "web", "documents"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.startswith("arbitro.federations") for n in names):
                offenders.append(str(path))
    assert offenders == []


def test_federation_registry_lists_and_loads_fma() -> None:
    from arbitro import federations
    from arbitro.errors import ArbitroError

    assert [f.code for f in federations.available()] == ["FMA"] or "FMA" in [f.code for f in federations.available()]
    assert federations.load("fma").format_for(8).rounds == 7
    with pytest.raises(ArbitroError, match="unknown rulebook"):
        federations.get("XYZ")
