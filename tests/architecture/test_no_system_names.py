"""No string literal names a pairing system outside the registry (issue 14).

Every key, TRF code and multi-word alias of :mod:`arbitro.pairing.registry`
(``dutch``, ``round_robin``, ``FIDE_DUTCH``, ``fide-dutch``, ...) is looked for
as a whole string constant, case as spelled, in every module of ``src/arbitro``
(docstrings excepted). One-word aliases (``swiss``, ``rr``, ``double``) are
ordinary words and are not looked for. The registry and the registrations are the one place allowed
to spell them (``pairing/systems.py``; the team systems register themselves from
``teams/systems.py`` and ``teams/system_keys.py``, issue 32); the FMA rulebook's own format kinds (FMA 4.1, written in its
JSON output) are mapped to registry systems in ``federations/fma/rulebook.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import arbitro.teams  # noqa: F401 - the team systems register themselves (issue 32)
from arbitro.pairing import registry

SRC = Path(__file__).resolve().parents[2] / "src" / "arbitro"
ALLOWED = {
    SRC / "pairing" / "registry.py",  # the SystemKind values
    SRC / "pairing" / "systems.py",
    SRC / "teams" / "systems.py",
    SRC / "teams" / "system_keys.py",
    SRC / "federations" / "fma" / "formats.py",
}
#: Modules not yet through the registry (none left: the team package takes its keys from it).
PENDING: set[Path] = set()


def _names() -> set[str]:
    out: set[str] = set()
    for system in registry.all_systems():
        for name in (system.key, *(a for a in system.aliases if "-" in a or "_" in a)):
            out |= {name, name.replace("_", "-"), name.replace("-", "_")}
        out |= set(system.trf_codes)
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def literals_naming_systems(root: Path = SRC) -> list[str]:
    names = _names()
    found = []
    for path in sorted(root.rglob("*.py")):
        if path in ALLOWED or any(path == p or p in path.parents for p in PENDING):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and node.value.strip() in names
            ):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {node.value!r}")
    return found


def test_no_string_literal_names_a_pairing_system_outside_the_registry() -> None:
    assert literals_naming_systems() == []


def test_the_check_finds_a_system_name(tmp_path: Path) -> None:
    (tmp_path / "face.py").write_text('SYSTEM = "dutch"\nCODE = "FIDE_DUTCH"\n"""a docstring: dutch"""\n')
    assert len(literals_naming_systems(tmp_path)) == 2
