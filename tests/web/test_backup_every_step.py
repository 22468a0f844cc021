"""Issue 38 item 1: a one-tournament backup taken at any step of an event restores, with the same pages and API.

The event log is the truth of the archive; ``tournament.trf`` is derived from it (a round in
progress is not in it) and never decides whether a restore is refused.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from arbitro.cli import main
from arbitro.errors import ArbitroError
from arbitro.web.ops import backup
from arbitro.web.tournaments import models, service, store

pytestmark = pytest.mark.django_db

PUBLIC = ["", "players/", "pairings/", "round/1/", "round/2/", "round/3/", "standings/", "crosstable/", "player/1/", "player/4/"]
API = ["", "/players", "/players/1", "/rounds", "/rounds/1", "/rounds/2", "/standings", "/crosstable"]
DESK = ["", "players/", "log/"]


def _normal(html: str, slug: str, copy: str) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r"/p/\d+/", "/p/N/", html)  # person ids are database ids
    html = re.sub(r'"(?:created|updated|time|at)": ?"[^"]*"', '"T"', html)
    return html.replace(copy, slug)


def _snapshot(slug: str, copy: str, chief: Any) -> dict[str, tuple[int, str]]:
    store.clear_cache()
    out: dict[str, tuple[int, str]] = {}
    anon = Client()
    for p in PUBLIC:
        r = anon.get(f"/t/{slug}/{p}")
        out["/t/" + p] = (r.status_code, _normal(r.content.decode(), copy, slug) if r.status_code == 200 else "")
    for p in API:
        r = anon.get(f"/api/v1/tournaments/{slug}{p}")
        out["api" + p] = (r.status_code, _normal(r.content.decode(), copy, slug) if r.status_code == 200 else "")
    desk = Client()
    desk.force_login(chief)
    for p in DESK:
        r = desk.get(f"/desk/t/{slug}/{p}")
        assert r.status_code == 200, (slug, p)
        out["desk/" + p] = (r.status_code, "")  # the desk opens (its page names the log's times and ids)
    return out


def _check_step(row: models.Tournament, chief: Any, tmp_path: Path, label: str) -> None:
    row.refresh_from_db()
    target = tmp_path / f"{label}.zip"
    assert main(["backup", "--tournament", row.slug, str(target)]) == 0, label
    copy = f"copia-{label}"
    assert main(["restore", str(target), "--slug", copy, "--grant-roles"]) == 0, label
    restored = models.Tournament.objects.get(slug=copy)
    assert restored.status == row.status, label
    assert [(e.seq, e.kind, e.payload) for e in restored.events.order_by("seq")] == [
        (e.seq, e.kind, e.payload) for e in row.events.order_by("seq")
    ], label
    assert store.export_trf(restored) == store.export_trf(row), label
    assert _snapshot(copy, copy, chief) == _snapshot(row.slug, copy, chief), label
    # the restored copy can go on: the same next command works on both (checked by the caller's next step)
    restored.delete()


def test_a_backup_at_every_step_of_an_event_restores_the_same_pages_and_api(tmp_path: Path) -> None:
    chief = get_user_model().objects.create_user("jefe", password="jefe-pw-123")
    row = service.create({"name": "Cada paso", "system": "swiss", "rounds": 3}, chief)
    row.published = True
    row.save(update_fields=["published"])
    models.Role.objects.get_or_create(user=chief, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
    step = 0

    def check(label: str) -> None:
        nonlocal step
        step += 1
        _check_step(row, chief, tmp_path, f"{step:02d}-{label}")

    check("created")
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2100 - 25 * i}; ; ARG" for i in range(7)), chief)
    check("registered")
    for rnd in (1, 2, 3):
        row.refresh_from_db()
        service.pair_next(row, chief, publish=False)  # the desk's draft
        check(f"r{rnd}-draft")
        row.refresh_from_db()
        service.publish(row, chief)
        check(f"r{rnd}-published")
        row.refresh_from_db()
        boards = list(range(1, len(service.state(row).round(rnd).boards) + 1))  # 7 players: a bye besides
        first, rest = boards[:1], boards[1:]
        service.enter_results(row, rnd, {b: "1-0" for b in first}, chief)
        check(f"r{rnd}-some-results")
        row.refresh_from_db()
        service.enter_results(row, rnd, {b: ("0-1", "½-½")[(b + rnd) % 2] for b in rest}, chief)
        check(f"r{rnd}-all-results")
    row.refresh_from_db()
    assert row.status == models.Tournament.Status.FINISHED


def _rewrite(path: Path, change: Callable[[dict[str, bytes]], None]) -> Path:
    with zipfile.ZipFile(path) as z:
        files = {n: z.read(n) for n in z.namelist()}
    change(files)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for n, data in files.items():
            z.writestr(n, data)
    out = path.with_name("changed-" + path.name)
    out.write_bytes(buf.getvalue())
    return out


@pytest.fixture
def mid_round(tmp_path: Path) -> tuple[models.Tournament, Path]:
    chief = get_user_model().objects.create_user("jefe2", password="jefe-pw-123")
    row = service.create({"name": "A medio", "system": "swiss", "rounds": 3}, chief)
    service.register_many(row, "\n".join(f"J{i}, A; {2000 - 10 * i}" for i in range(6)), chief)
    row.refresh_from_db()
    service.pair_next(row, chief)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "1-0"}, chief)
    row.refresh_from_db()
    target = tmp_path / "mid.zip"
    backup.backup_tournament(row.slug, target)
    return row, target


def test_the_trf_is_derived_not_the_check(mid_round: tuple[models.Tournament, Path]) -> None:
    row, target = mid_round
    other = _rewrite(target, lambda f: f.__setitem__("tournament.trf", b"012 something else\n"))
    notes: list[str] = []
    restored = backup.restore_tournament(other, slug="otra", notes=notes)
    assert store.export_trf(restored) == store.export_trf(row)
    assert any("tournament.trf differs" in n for n in notes)


def test_a_cut_or_changed_log_is_refused_by_its_digest(mid_round: tuple[models.Tournament, Path]) -> None:
    row, target = mid_round

    def cut(files: dict[str, bytes]) -> None:
        events = json.loads(files["events.json"])
        files["events.json"] = json.dumps(events[:-1]).encode()

    def changed(files: dict[str, bytes]) -> None:
        events = json.loads(files["events.json"])
        events[-1]["payload"] = {**events[-1]["payload"], "x": 1}
        files["events.json"] = json.dumps(events).encode()

    for change in (cut, changed):
        with pytest.raises(ArbitroError, match="SHA-256"):
            backup.restore_tournament(_rewrite(target, change), slug="otra")
        assert not models.Tournament.objects.filter(slug="otra").exists()


def test_a_format_1_archive_taken_mid_round_restores(mid_round: tuple[models.Tournament, Path]) -> None:
    row, target = mid_round

    def old(files: dict[str, bytes]) -> None:
        meta = json.loads(files["meta.json"])
        meta["format_version"] = 1
        del meta["events_count"], meta["events_sha256"]
        files["meta.json"] = json.dumps(meta).encode()

    restored = backup.restore_tournament(_rewrite(target, old), slug="vieja")
    assert store.export_trf(restored) == store.export_trf(row)
    assert service.state(restored).round(1).boards[0].has_result


def test_deep_or_huge_members_are_refused_cleanly(mid_round: tuple[models.Tournament, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    row, target = mid_round
    deep = _rewrite(target, lambda f: f.__setitem__("meta.json", b"[" * 200_000 + b"]" * 200_000))
    with pytest.raises(ArbitroError, match="nested deeper"):
        backup.restore_tournament(deep, slug="otra")
    deep_events = _rewrite(target, lambda f: f.__setitem__("events.json", b"[" * 200_000 + b"]" * 200_000))
    with pytest.raises(ArbitroError, match="not valid JSON"):
        backup.restore_tournament(deep_events, slug="otra")
    monkeypatch.setattr(backup, "MAX_EVENTS_BYTES", 1000)
    with pytest.raises(ArbitroError, match="larger than"):
        backup.restore_tournament(target, slug="otra")
    assert not models.Tournament.objects.filter(slug="otra").exists()
