"""The import rules of docs/architecture.md, checked over ``src/arbitro`` (issues 14 and 32).

Every import is read from the syntax tree by :mod:`.import_graph`: statements at module level or
inside a function, ``importlib.import_module("...")`` with a literal argument, and module-path
strings (a registry's ``"module:function"``, Django's dotted paths). An allow-list throughout:

* each top-level package may import only the packages listed for it in :data:`MAY_IMPORT`;
* the faces (``cli``, ``web``, ``documents``) import no engine module. The engines are every module
  of ``arbitro.pairing`` but the seam (:data:`PAIRING_SEAM`: the registry, the built-in
  registrations, the result types, the declared settings), so a new engine module is one without any list to update; and
  the team pairing modules of :data:`TEAM_ENGINES` (every module of ``arbitro.teams`` is classified,
  so a new one cannot slip past). Faces pair through :mod:`arbitro.pairing.registry` (teams:
  :mod:`arbitro.teams.engines`). The web and the documents import no federation package either;
* an ``import_module`` whose module the syntax tree cannot tell is listed in :data:`DYNAMIC_IMPORTS`;
* no module of ``src/arbitro`` is in an import cycle: every import that runs counts, inside functions
  and strings included, and so does the package ``__init__`` an import runs first (``if
  TYPE_CHECKING:`` imports never run and are left out). No exception is listed.

Each rule is shown failing on a planted breach in a fake tree.
"""

from __future__ import annotations

from pathlib import Path

from .import_graph import SRC, Import, cycles, graph, modules, one_cycle

# limits: the bounds of every input (issue 21); jsonread: the one JSON field reader, i18n: the one catalogue
# of words (issue 32)
_BASE = {"arbitro.errors", "arbitro.model", "arbitro.limits", "arbitro.jsonread", "arbitro.i18n"}
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
    "arbitro.i18n": {"arbitro.errors"},
    "arbitro.data": set(),
    "arbitro.jsonread": {"arbitro.errors"},
    "arbitro.trf": _BASE | {"arbitro.teams"},  # team records (310/320/...) are read into the team model
    "arbitro.ratings": _BASE,
    "arbitro.tiebreaks": _BASE | {"arbitro.ratings"},
    "arbitro.standings": _BASE | {"arbitro.ratings", "arbitro.tiebreaks"},
    "arbitro.pairing": _BASE,  # the team systems register themselves from arbitro.teams.systems (issue 32)
    "arbitro.teams": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.pairing"},
    "arbitro.titles": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.trf", "arbitro.jsonread"},
    "arbitro.prizes": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.jsonread"},
    "arbitro.views": _BASE | _RULES,
    "arbitro.tournament": _BASE | {"arbitro.ratings", "arbitro.tiebreaks", "arbitro.standings", "arbitro.pairing",
                                   "arbitro.views", "arbitro.teams"},  # the team log runs the teams' rules (issue 32)
    "arbitro.federations": _BASE | _RULES | {"arbitro.tournament", "arbitro.views", "arbitro.jsonread"},
    "arbitro.documents": _CORE,
    "arbitro.web": _CORE | {"arbitro", "arbitro.federations", "arbitro.documents"},
    "arbitro.cli": _CORE | {"arbitro", "arbitro.federations", "arbitro.documents", "arbitro.web"},
}

FACES = ("arbitro.cli", "arbitro.web", "arbitro.documents")
#: The modules of ``arbitro.pairing`` a face may import; every other one is an engine.
PAIRING_SEAM = {"arbitro.pairing", "arbitro.pairing.registry", "arbitro.pairing.systems", "arbitro.pairing.types",
                "arbitro.pairing.settings"}  # the settings systems declare (issue 32 item 3)
#: The modules of ``arbitro.teams`` that pair (C.04.6 and the Berger team tables): engines.
TEAM_ENGINES = {"arbitro.teams.swiss", "arbitro.teams.roundrobin", "arbitro.teams.colours", "arbitro.teams.state"}
#: The other modules of ``arbitro.teams``: the model and rules a face may use, and the entry points
#: (``engines.pair_team_round``, the checker, the generator) it pairs, checks and generates through.
TEAM_OTHERS = {
    "arbitro.teams", "arbitro.teams.model", "arbitro.teams.system_keys", "arbitro.teams.systems",
    "arbitro.teams.engines", "arbitro.teams.checker", "arbitro.teams.generator", "arbitro.teams.lineups",
    "arbitro.teams.results", "arbitro.teams.individual", "arbitro.teams.standings",
    "arbitro.teams.tiebreaks",
}
#: The fast start path of ``arbitro pair --dutch`` (issue 16) calls the Dutch engine itself, to start
#: without Typer: these face modules may import these engine modules, and no other.
ENGINE_CALLERS = {
    "arbitro.cli.fast": {"arbitro.pairing.dutch"},
    "arbitro.cli.pair_common": {"arbitro.pairing.dutch_state"},
}
#: Single modules allowed one import beyond their package's layer, with the reason:
#: the random tournament generator draws game results from FIDE's rating table (B.02 8.1.2,
#: VCL4THP Q32), which lives in ``ratings`` (pure maths on the base; no cycle).
MODULE_EXTRA: dict[str, set[str]] = {"arbitro.pairing.generator": {"arbitro.ratings.tables"}}
#: Federation packages the web and the documents do not import (the CLI's ``arbitro fma`` is that rulebook's face).
RULEBOOK_FREE = ("arbitro.web", "arbitro.documents")
#: Modules that call ``import_module`` with a module the syntax tree cannot tell: how many calls, and why.
DYNAMIC_IMPORTS: dict[str, tuple[int, str]] = {
    "arbitro.pairing.registry": (1, "a registered system's engine, checker or generator, by its module-path string"),
    "arbitro.federations": (2, "a registered rulebook's package and Rulebook, by their module-path strings"),
    "arbitro.web": (1, "load_all: every module of the web face before serving (issue 31)"),
}
def engine_modules(known: dict[str, Path] | set[str]) -> set[str]:
    """Every engine module of the tree: ``arbitro.pairing`` but its seam, and the team engines."""
    pairing = {m for m in known if m.startswith("arbitro.pairing.") and m not in PAIRING_SEAM}
    return pairing | (TEAM_ENGINES & set(known))


def _seam(engine: str) -> str:
    return "arbitro.teams.engines" if engine.startswith("arbitro.teams.") else "arbitro.pairing.registry"


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _where(imp: Import, known: dict[str, Path], root: Path) -> str:
    return f"{known[imp.source].relative_to(root)}:{imp.line}"


def violations(root: Path = SRC) -> list[str]:
    """Every import that breaks a layer or face rule, as ``file:line: what``."""
    known = modules(root)
    engines = engine_modules(known)
    imports, dynamic = graph(root)
    found: list[str] = []
    for module, path in known.items():
        if MAY_IMPORT.get(_package(module)) is None:
            found.append(f"{path.relative_to(root)}: package {_package(module)} has no layer in MAY_IMPORT")
    for imp in imports:
        if imp.how.endswith("package"):  # implied by a written import, judged there
            continue
        own, target, name = _package(imp.source), _package(imp.target), imp.target
        allowed = MAY_IMPORT.get(own)
        if allowed is None:
            continue
        where = _where(imp, known, root)
        via = " (by string)" if imp.how == "string" else ""
        if target != own and target not in allowed and name not in MODULE_EXTRA.get(imp.source, set()):
            found.append(f"{where}: {own} may not import {name}{via}")
        if own in FACES and name in engines and name not in ENGINE_CALLERS.get(imp.source, set()):
            found.append(f"{where}: a face may not import the engine {name}{via} (use {_seam(name)})")
        if own in RULEBOOK_FREE and target == "arbitro.federations" and name.count(".") >= 2 \
                and name.split(".")[2] != "rulebook":
            found.append(f"{where}: {own} may not import the rulebook package {name}{via} (use arbitro.federations)")
    counts: dict[str, int] = {}
    for site in dynamic:
        counts[site.source] = counts.get(site.source, 0) + 1
    for module, count in sorted(counts.items()):
        if DYNAMIC_IMPORTS.get(module, (0, ""))[0] != count:
            lines = ", ".join(str(s.line) for s in dynamic if s.source == module)
            found.append(f"{known[module].relative_to(root)}:{lines}: {count} import_module call(s) the test cannot "
                         "read; list them in DYNAMIC_IMPORTS with the reason, or import a literal module")
    return found


def cycle_problems(root: Path = SRC) -> list[str]:
    """Every import cycle of ``root/arbitro``: one closed path through each, with where each step is written."""
    known = modules(root)
    imports, _ = graph(root)
    running = [i for i in imports if i.how != "typing"]  # an ``if TYPE_CHECKING:`` import never runs
    edges = {(i.source, i.target) for i in running}
    first: dict[tuple[str, str], Import] = {}
    for imp in running:
        first.setdefault((imp.source, imp.target), imp)
    found: list[str] = []
    for component in cycles(edges):
        path = one_cycle(component, edges)
        steps = [first[(a, b)] for a, b in zip(path, path[1:], strict=False)]
        found.append(f"import cycle of {len(component)} modules: " + " -> ".join(path) + " ("
                     + "; ".join(f"{_where(s, known, root)} {s.how}" for s in steps) + ")")
    return found


def test_the_import_rules_hold_over_src() -> None:
    assert violations() == []


def test_no_import_cycle_in_src() -> None:
    assert cycle_problems() == []


def test_every_team_module_is_classified_as_engine_or_not() -> None:
    team = {m for m in modules() if m == "arbitro.teams" or m.startswith("arbitro.teams.")}
    assert team == TEAM_ENGINES | TEAM_OTHERS
    assert not TEAM_ENGINES & TEAM_OTHERS


def test_the_engine_set_covers_every_pairing_system_module() -> None:
    """The engines the issue named as missed (Burstein, Lim, Berger, bracket) are engines now."""
    engines = engine_modules(modules())
    for name in ("burstein", "burstein_index", "lim", "berger", "bracket_swiss", "dubov", "double_swiss", "dutch",
                 "blossom", "engines", "generator", "checker", "absolute"):
        assert f"arbitro.pairing.{name}" in engines
    assert not PAIRING_SEAM & engines


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


def test_the_rule_fails_when_a_face_imports_an_engine_by_string(tmp_path: Path) -> None:
    """A new engine module is an engine without any list to update; ``import_module`` and a registry's
    ``module:function`` string are imports; an ``import_module`` the test cannot read must be listed."""
    root = _tree(
        tmp_path,
        {
            "arbitro/pairing/registry.py": "",
            "arbitro/pairing/newsystem.py": "def pair_system(): ...\n",
            "arbitro/teams/swiss.py": "",
            "arbitro/web/views.py": (
                "import importlib\n"
                "from arbitro.pairing import registry\n"
                "def page(name):\n"
                "    importlib.import_module('arbitro.pairing.newsystem')\n"
                "    importlib.import_module(name)\n"
                "ENGINE = 'arbitro.pairing.newsystem:pair_system'\n"
                "TEAM = 'arbitro.teams.swiss'\n"
            ),
        },
    )
    assert violations(root) == [
        "arbitro/web/views.py:4: a face may not import the engine arbitro.pairing.newsystem (by string) "
        "(use arbitro.pairing.registry)",
        "arbitro/web/views.py:6: a face may not import the engine arbitro.pairing.newsystem (by string) "
        "(use arbitro.pairing.registry)",
        "arbitro/web/views.py:7: a face may not import the engine arbitro.teams.swiss (by string) "
        "(use arbitro.teams.engines)",
        "arbitro/web/views.py:5: 1 import_module call(s) the test cannot read; list them in DYNAMIC_IMPORTS "
        "with the reason, or import a literal module",
    ]


def test_the_rule_fails_when_an_engine_imports_a_federation_or_a_face(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "arbitro/federations/fma/formats.py": "",
            "arbitro/web/store.py": "",
            "arbitro/teams/engines.py": "",
            "arbitro/pairing/dutch.py": "from arbitro.federations.fma import formats\nimport arbitro.web.store\n",
            "arbitro/pairing/registry.py": "TEAM = 'arbitro.teams.engines:pair_team_swiss'\n",
        },
    )
    found = violations(root)
    assert found == [
        "arbitro/pairing/dutch.py:1: arbitro.pairing may not import arbitro.federations.fma.formats",
        "arbitro/pairing/dutch.py:2: arbitro.pairing may not import arbitro.web.store",
        "arbitro/pairing/registry.py:1: arbitro.pairing may not import arbitro.teams.engines (by string)",
    ]


def test_the_cycle_check_fails_on_a_planted_cycle(tmp_path: Path) -> None:
    """A cycle closed by an import inside a function and a module-path string; and one closed by a
    package whose ``__init__`` imports its own module (``c`` imports ``pkg.d``, which runs ``pkg``)."""
    root = _tree(
        tmp_path,
        {
            "arbitro/pairing/a.py": "def f():\n    from arbitro.pairing import b\n",
            "arbitro/pairing/b.py": "SYSTEM = 'arbitro.pairing.a:pair'\n",
            "arbitro/titles/c.py": "from arbitro.titles.pkg.d import X\n",
            "arbitro/titles/pkg/__init__.py": "from arbitro.titles.pkg.e import Y\n",
            "arbitro/titles/pkg/d.py": "X = 1\n",
            "arbitro/titles/pkg/e.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import arbitro.web\n"
                                       "def g():\n    from arbitro.titles.c import X\n",
        },
    )
    assert cycle_problems(root) == [
        "import cycle of 2 modules: arbitro.pairing.a -> arbitro.pairing.b -> arbitro.pairing.a "
        "(arbitro/pairing/a.py:2 function; arbitro/pairing/b.py:1 string)",
        "import cycle of 3 modules: arbitro.titles.c -> arbitro.titles.pkg -> arbitro.titles.pkg.e -> arbitro.titles.c "
        "(arbitro/titles/c.py:1 statement, package; arbitro/titles/pkg/__init__.py:1 statement; "
        "arbitro/titles/pkg/e.py:5 function)",
    ]
