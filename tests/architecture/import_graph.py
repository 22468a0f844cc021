"""Every import between the modules of ``src/arbitro``, read from the syntax tree (issue 32).

One reader for the import-rule test and the no-cycle test (``test_imports.py``). An import is
seen wherever it is written:

* ``import a.b`` and ``from a import b`` statements, at module level, inside a function or a
  class, under ``try`` or ``if`` (an ``if TYPE_CHECKING:`` block is marked ``typing``: it never
  runs, but the layer rules still read it);
* ``importlib.import_module("a.b")`` and ``__import__("a.b")`` with a literal argument;
  an f-string whose literal head names a package (``f"arbitro.cli.{name}"``) reaches every
  module directly under it;
* a string constant that is a whole module path, ``"arbitro.teams.engines"``,
  ``"arbitro.teams.engines:pair_team_swiss"`` (a registry's ``module:function``) or
  ``"arbitro.web.ops.pagecache.PublicPageCacheMiddleware"`` (Django's dotted paths): its longest
  prefix that is a module of the tree. Docstrings are prose and are not read.

``importlib.import_module`` and ``__import__`` called with anything else cannot be followed: each
such call is a :data:`Dynamic` site, and the test requires it to be listed with its reason.

A target is a module of the tree: ``from a.b import c`` reaches ``a.b.c`` when that is a
module, else ``a.b``. Importing ``a.b.c`` also runs ``a/__init__`` and ``a/b/__init__`` first: an
import from outside ``a.b`` reaches ``a.b`` too (``how`` ends in ``, package``), since a package's
``__init__`` that imports its own modules closes a cycle as surely as a written import (issue 32:
``titles/direct`` imported ``titles/application/records``, whose package imports the checker). The
packages of the importing module itself are already running and are not drawn.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

#: A whole string constant naming a module path (``module``, ``module:attr`` or ``module.Class``).
_PATH_TEXT = re.compile(r"arbitro(\.[A-Za-z_]\w*)+(:[A-Za-z_]\w*)?")
_IMPORT_CALLS = {"import_module", "__import__"}


@dataclass(frozen=True, slots=True, order=True)
class Import:
    """One import of ``target`` by ``source`` at ``line``.

    ``how`` is ``statement``, ``function`` (a statement inside a function body), ``string`` (an
    ``import_module`` argument or a module-path string) or ``typing`` (under ``if TYPE_CHECKING``);
    ``, package`` added: the package ``target`` runs because a module inside it is imported.
    """

    source: str
    line: int
    target: str
    how: str


@dataclass(frozen=True, slots=True, order=True)
class Dynamic:
    """An ``import_module``/``__import__`` call whose module the syntax tree cannot tell."""

    source: str
    line: int


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = SRC) -> dict[str, Path]:
    """Every module of ``root/arbitro`` by dotted name."""
    return {module_name(p, root): p for p in sorted((root / "arbitro").rglob("*.py"))}


def _resolve(name: str, known: dict[str, Path] | set[str]) -> str | None:
    """The longest prefix of ``name`` that is a module of the tree."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in known:
            return candidate
    return None


def _docstrings(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(tree: ast.Module) -> Iterator[tuple[ast.AST, str]]:
    """Every node with where it runs: ``statement``, ``function`` or ``typing``."""

    def visit(node: ast.AST, how: str) -> Iterator[tuple[ast.AST, str]]:
        yield node, how
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from visit(child, "typing")
            for child in node.orelse:
                yield from visit(child, how)
            yield from visit(node.test, how)
            return
        inner = "function" if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
            and how == "statement" else how
        for child in ast.iter_child_nodes(node):
            yield from visit(child, inner)

    yield from visit(tree, "statement")


def _call_name(call: ast.Call) -> str:
    fn = call.func
    if isinstance(fn, ast.Name):
        return fn.id
    if isinstance(fn, ast.Attribute):
        return fn.attr
    return ""


def read(path: Path, root: Path, known: dict[str, Path]) -> tuple[list[Import], list[Dynamic]]:
    """The ``arbitro`` imports of one file (targets resolved to modules of ``known``)."""
    source = module_name(path, root)
    package = source.split(".") if path.name == "__init__.py" else source.split(".")[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip = _docstrings(tree)
    found: list[Import] = []
    dynamic: list[Dynamic] = []

    def add(line: int, name: str, how: str) -> None:
        if name != "arbitro" and not name.startswith("arbitro."):
            return
        target = _resolve(name, known)
        if target is None or target == source:
            return
        found.append(Import(source, line, target, how))
        parts = target.split(".")
        for end in range(1, len(parts)):
            parent = ".".join(parts[:end])
            if parent in known and not (source + ".").startswith(parent + ".") and parent != source:
                found.append(Import(source, line, parent, how + ", package"))

    string_args: set[int] = set()
    for node, how in _walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(node.lineno, alias.name, how)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                add(node.lineno, full if alias.name != "*" and full in known else target, how)
        elif isinstance(node, ast.Call) and _call_name(node) in _IMPORT_CALLS:
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                string_args.add(id(arg))
                add(node.lineno, arg.value, "string")
            elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant) \
                    and str(arg.values[0].value).endswith("."):
                string_args.add(id(arg))
                head = str(arg.values[0].value)[:-1]
                for name in known:
                    if name.startswith(head + ".") and "." not in name[len(head) + 1:]:
                        add(node.lineno, name, "string")
            else:
                dynamic.append(Dynamic(source, node.lineno))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                and id(node) not in string_args and _PATH_TEXT.fullmatch(node.value):
            add(node.lineno, node.value.partition(":")[0], "string")
    return found, dynamic


def graph(root: Path = SRC) -> tuple[list[Import], list[Dynamic]]:
    """Every import among the modules of ``root/arbitro``, and every dynamic import site."""
    known = modules(root)
    imports: list[Import] = []
    dynamic: list[Dynamic] = []
    for path in known.values():
        found, dyn = read(path, root, known)
        imports += found
        dynamic += dyn
    return sorted(set(imports)), sorted(dynamic)


def cycles(edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    succ: dict[str, set[str]] = {}
    for a, b in edges:
        succ.setdefault(a, set()).add(b)
        succ.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in sorted(succ):
        if start in index:
            continue
        # iterative Tarjan: (node, iterator over its successors)
        work: list[tuple[str, Iterator[str]]] = []
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        work.append((start, iter(sorted(succ[start]))))
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(succ[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return sorted(out)


def one_cycle(component: Iterable[str], edges: Iterable[tuple[str, str]]) -> list[str]:
    """One closed path through a cycle's component, from its first module back to it (a shortest)."""
    members = set(component)
    succ: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        if a in members and b in members:
            succ.setdefault(a, []).append(b)
    start = min(members)
    back: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for nxt in succ.get(node, []):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(back[path[-1]])
                    return [*reversed(path), start]
                if nxt not in back:
                    back[nxt] = node
                    following.append(nxt)
        frontier = following
    return [start]
