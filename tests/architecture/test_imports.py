"""The import rules of docs/architecture.md, checked over ``src/arbitro`` (issue 14).

Each top-level package of Arbitro belongs to a layer and may import only the
packages listed for it in :data:`MAY_IMPORT` (at module level or inside a
function alike: both are read from the syntax tree). The faces (``cli``,
``web``, ``documents``) also may not import the pairing engines (they pair
through :mod:`arbitro.pairing.registry`) nor, for the web and the documents,
a federation's own package (they ask :mod:`arbitro.federations` for a
:class:`~arbitro.federations.rulebook.Rulebook`).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

_BASE = {"arbitro.errors", "arbitro.model", "arbitro.limits"}  # limits: issue 21, the bounds of every input
_RULES = {
    "arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.pairing", "arbitro.titles", "arbitro.prizes",
    "arbitro.teams",
}
_CORE = _BASE | _RULES | {"arbitro.trf", "arbitro.tournament", "arbitro.views", "arbitro.data", "arbitro.jsonread"}

#: package -> the packages it may import (itself always).
MAY_IMPORT: dict[str, set[str]] = {
    "arbitro": set(),
    "arbitro.errors": set(),
    "arbitro.model": {"arbitro.errors"},
    "arbitro.limits": {"arbitro.errors"},
    "arbitro.data": set(),
    "arbitro.jsonread": {"arbitro.errors"},
    "arbitro.trf": _BASE | {"arbitro.teams"},  # team records (310/320/...) are read into the team model
    "arbitro.ratings": _BASE,
    "arbitro.tiebreaks": _BASE | {"arbitro.ratings"},
    "arbitro.standings": _BASE | {"arbitro.ratings", "arbitro.tiebreaks"},
    "arbitro.pairing": _BASE,
    "arbitro.teams": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.pairing"},
    "arbitro.titles": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.trf", "arbitro.jsonread"},
    "arbitro.prizes": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.jsonread"},
    "arbitro.views": _BASE | _RULES,
    "arbitro.tournament": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.pairing",
                                   "arbitro.views"},
    "arbitro.federations": _BASE | _RULES | {"arbitro.tournament", "arbitro.views", "arbitro.jsonread"},
    "arbitro.documents": _CORE,
    "arbitro.web": _CORE | {"arbitro", "arbitro.federations", "arbitro.documents"},
    "arbitro.cli": _CORE | {"arbitro", "arbitro.federations", "arbitro.documents", "arbitro.web"},
}

FACES = ("arbitro.cli", "arbitro.web", "arbitro.documents")
#: Modules no face imports: the engines are reached through the registry.
ENGINES = ("arbitro.pairing.dutch", "arbitro.pairing.blossom", "arbitro.pairing.engines", "arbitro.pairing.generator",
           "arbitro.pairing.checker")
#: The fast start path of ``arbitro pair --dutch`` (issue 16) calls the Dutch engine itself, to start
#: without Typer; listed here so that no other face module may.
ENGINE_CALLERS = {"arbitro.cli.fast", "arbitro.cli.pair_common"}
#: Single modules allowed one import beyond their package's layer, with the reason:
#: the random tournament generator draws game results from FIDE's rating table (B.02 8.1.2,
#: VCL4THP Q32), which lives in ``ratings`` (pure maths on the base; no cycle).
MODULE_EXTRA: dict[str, set[str]] = {"arbitro.pairing.generator": {"arbitro.ratings.tables"}}
#: Federation packages the web and the documents do not import (the CLI's ``arbitro fma`` is that rulebook's face).
RULEBOOK_FREE = ("arbitro.web", "arbitro.documents")


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """``(line, absolute module)`` of every ``arbitro`` import in a file."""
    module = _module_name(path, root)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.append((node.lineno, target))
            out += [(node.lineno, f"{target}.{a.name}") for a in node.names if a.name != "*"]
    return [(line, name) for line, name in out if name == "arbitro" or name.startswith("arbitro.")]


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _exists(name: str, root: Path) -> bool:
    path = root.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def violations(root: Path = SRC) -> list[str]:
    """Every import that breaks a rule, as ``file:line: what``."""
    found: list[str] = []
    for path in sorted((root / "arbitro").rglob("*.py")):
        module = _module_name(path, root)
        own = _package(module)
        allowed = MAY_IMPORT.get(own)
        if allowed is None:
            found.append(f"{path.relative_to(root)}: package {own} has no layer in MAY_IMPORT")
            continue
        modules = {(line, name) for line, name in _imports(path, root) if name == "arbitro" or _exists(name, root)}
        # ``from a.b import c`` where ``c`` is a module: judge ``a.b.c`` alone
        modules = {(ln, n) for ln, n in modules if not any(m.startswith(n + ".") and ln == ln2 for ln2, m in modules)}
        for line, name in sorted(modules):
            target = _package(name)
            where = f"{path.relative_to(root)}:{line}"
            if target != own and target not in allowed and name not in MODULE_EXTRA.get(module, set()):
                found.append(f"{where}: {own} may not import {name}")
            if own in FACES and module not in ENGINE_CALLERS and any(
                name == e or name.startswith(e + "_") or name.startswith(e + ".") for e in ENGINES
            ):
                found.append(f"{where}: a face may not import the engine {name} (use arbitro.pairing.registry)")
            if own in RULEBOOK_FREE and target == "arbitro.federations" and name.count(".") >= 2 \
                    and name.split(".")[2] != "rulebook":
                found.append(f"{where}: {own} may not import the rulebook package {name} (use arbitro.federations)")
    return found


def test_the_import_rules_hold_over_src() -> None:
    assert violations() == []


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in [p for p in tmp_path.rglob("*") if p.is_dir()]:
        (folder / "__init__.py").touch()
    return tmp_path


def test_the_rule_fails_when_a_face_imports_an_engine_or_a_rulebook_package(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "arbitro/pairing/dutch.py": "def pair_round(): ...\n",
            "arbitro/pairing/registry.py": "",
            "arbitro/federations/fma/formats.py": "",
            "arbitro/web/views.py": (
                "from arbitro.pairing import registry\n"
                "def page():\n"
                "    from arbitro.pairing.dutch import pair_round\n"
                "    from arbitro.federations.fma import formats\n"
            ),
        },
    )
    found = violations(root)
    assert len(found) == 2, found
    assert "arbitro/web/views.py:3: a face may not import the engine arbitro.pairing.dutch" in found[0]
    assert "may not import the rulebook package arbitro.federations.fma" in found[1]


def test_the_rule_fails_when_an_engine_imports_a_federation_or_a_face(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "arbitro/federations/fma/formats.py": "",
            "arbitro/web/store.py": "",
            "arbitro/pairing/dutch.py": "from arbitro.federations.fma import formats\nimport arbitro.web.store\n",
        },
    )
    found = violations(root)
    assert found == [
        "arbitro/pairing/dutch.py:1: arbitro.pairing may not import arbitro.federations.fma.formats",
        "arbitro/pairing/dutch.py:2: arbitro.pairing may not import arbitro.web.store",
    ]
