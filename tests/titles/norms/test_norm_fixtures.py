"""The evaluator on real and generated tournaments no one here wrote (tests/fixtures): no crash,
one audit entry per round, explanations citing B.01, JSON-ready values (B.01 1.4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.titles.checks import tournament_checks
from arbitro.titles.norms import evaluate_norms, forecast_norms, tournament_facts
from arbitro.trf import read_trf

FILES = sorted((FIXTURES / "trf").glob("*.trf")) + sorted((FIXTURES / "roundrobin").glob("*.trf"))[:6] + [
    FIXTURES / "dutch" / "d033-p228-r12.trf",
    FIXTURES / "dutch" / "d026-p41-r13.trf",
]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_player_evaluated_with_audit_B01_1_4(path: Path) -> None:
    t = read_trf(path)
    facts = tournament_facts(t)
    results = evaluate_norms(t)
    assert len(results) == len(t.players)
    for player in results:
        for norm in player.norms:
            assert len(norm.audit) == max(t.total_rounds, len(t.players[player.start_rank].results))
            assert norm.explanation[0].startswith(f"Edition {facts.edition.code}")
            assert norm.achieved == (norm.games is not None) == (not norm.failed_rules)
            assert all(rule.startswith("B.01 ") for rule in norm.failed_rules)
    for check in tournament_checks(t, facts.edition):
        assert check.status in ("passed", "failed", "not determinable")
    forecast_norms(t)
