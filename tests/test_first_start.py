"""The first start on an empty data folder serves every page the home page links (issue 31).

``arbitro serve --demo`` runs as a real process (the code path of ``python3 dev.py run``) on a
fresh, empty data folder: the demo is loaded, the workers fork, and the home page and each page
it links must answer 200; SIGTERM must stop it. On the code before issue 31 the first start
answered 500 on every page (``arbitro.web.urls`` half imported by the page builder's thread at
the fork). The same check with the production settings runs on PostgreSQL + Redis when both
answer. ``tools/first_start.py`` is the same check as a script (.ci/run runs it through dev.py).
"""

from __future__ import annotations

import importlib.util
import os
import socket
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("first_start", ROOT / "tools" / "first_start.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["first_start"] = module
    spec.loader.exec_module(module)
    return module


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


@pytest.mark.parametrize("production", [False, True], ids=["sqlite", "production-postgres-redis"])
def test_first_start_on_an_empty_folder_serves_every_linked_page_200(
    production: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    if production and not (_answers(5432) and _answers(6379)):
        pytest.skip("PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 are needed for the production start")
    tool = _tool()
    args = ["--production"] if production else ["--arbitro"]
    code = tool.main(args)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.strip().splitlines()[-1].startswith("first start: ")
    assert "all 200" in out and out.count("\n200 /") >= 5  # the home page links the tournaments' pages


def test_a_web_module_that_cannot_be_imported_stops_the_start_instead_of_serving_500(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """load_web turns an import error into one clear message before anything is served."""
    import arbitro.web as web
    from arbitro.cli import serve
    from arbitro.errors import ArbitroError

    def broken() -> int:
        raise ImportError("cannot import name 'urlpatterns' (planted)")

    monkeypatch.setattr(web, "load_all", broken)
    with pytest.raises(ArbitroError, match="could not be loaded, nothing was served: ImportError"):
        serve.load_web()


def test_load_all_imports_the_whole_web_face_and_its_urls() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
    from arbitro.web import load_all

    assert load_all() > 40
    urls = sys.modules["arbitro.web.urls"]
    assert urls.urlpatterns
