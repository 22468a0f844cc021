"""A whole FMA season for the tests (docs/formats/season.md), built from intended final orders."""

from __future__ import annotations

from typing import Any


def berger_pairs(players: list[str], cycles: int) -> list[tuple[int, str, str]]:
    """(round, white, black) for a round robin by the circle method (even number of players)."""
    assert len(players) % 2 == 0
    n = len(players)
    ring = list(players)
    out = []
    for r in range(n - 1):
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if (r + i) % 2:
                a, b = b, a
            out.append((r + 1, a, b))
        ring = [ring[0]] + [ring[-1]] + ring[1:-1]
    if cycles == 2:
        out += [(r + n - 1, b, a) for r, a, b in out]
    return out


def games_by_order(order: list[str], cycles: int, draws: set[frozenset[str]] = frozenset()) -> list[dict[str, Any]]:  # type: ignore[assignment]
    """Every game won by the player higher in ``order``, except pairs in ``draws``."""
    rank = {p: i for i, p in enumerate(order)}
    games = []
    for rnd, w, b in berger_pairs(sorted(order), cycles):
        if frozenset((w, b)) in draws:
            res = "1/2-1/2"
        else:
            res = "1-0" if rank[w] < rank[b] else "0-1"
        games.append({"round": rnd, "white": w, "black": b, "result": res})
    return games


def player(pid: str, name: str, rating: int | None, category: str | None, **extra: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"id": pid, "name": name, "standard_rating": rating, "category": category}
    d.update(extra)
    return d


def season() -> dict[str, Any]:
    players = [
        player("M0", "Martín Ocampo", 2350, "primera"),
        player("M1", "Mariana Uriarte", 2300, "primera"),
        player("M2", "Marcos Duarte", 2280, "primera"),
        *[player(f"P{i}", f"Primera Jugador {i}", 2220 - 20 * i, "primera") for i in range(1, 7)],
        *[player(f"S{i}", f"Segunda Jugador {i}", 1890 - 10 * i, "segunda") for i in range(1, 6)],
        player("S6", "Sergio Sancionado", 1850, "segunda"),
        *[player(f"T{i}", f"Tercera Jugador {i}", 1790 - 10 * i, "tercera") for i in range(1, 7)],
        player("Q1", "Quique Balcarceño", 1780, "tercera"),
        player("N1", "Nora Nueva", 1750, None, residency={"resident": True, "registered_on": "2025-12-01"}),
        player("NR", "Nicolás Rosario", 1760, "tercera", residency={"resident": False}),
        *[player(f"C{i}", f"Cuarta Jugador {i}", None, "cuarta") for i in range(1, 5)],
    ]
    primera_order = ["P1", "P2", "P3", "S1", "P4", "Q1", "P5", "P6"]
    segunda_order = ["S1", "S2", "S3", "C1", "S4", "S5"]
    tercera_order = ["T1", "N1", "Q1", "T2", "T3", "T4", "T5", "T6"]
    cuarta_order = ["C1", "C2", "C3", "C4"]
    mayor_players = ["M0", "M1", "P1", "P2", "P3", "S1"]
    others = [p for p in mayor_players if p not in ("M0", "M1")]
    mayor_draws = {frozenset(("M0", "M1"))} | {frozenset((a, b)) for a in others for b in others if a != b}
    return {
        "federation": "FMA",
        "year": 2026,
        "players": players,
        "sanctions": [
            {"player": "S3", "kind": "point_deduction", "date": "2026-05-20", "tournament": "segunda-2026",
             "points": 2.5, "reason": "teléfono en la sala / phone in the playing hall"},
            {"player": "S6", "kind": "ban_fma", "date": "2026-01-10", "until": "2026-12-31",
             "reason": "agresión verbal / verbal abuse (10.2.2)"},
            {"player": "T4", "kind": "warning", "date": "2026-04-12"},
        ],
        "claims": [
            {"player": "T5", "tournament": "tercera-2026", "filed": "2026-04-09T10:00", "requested": "segunda",
             "board": "accepted"},
        ],
        "qualifiers": [{"player": "Q1", "championship": "Balcarce", "year": 2025, "place": 1, "endorsed": True}],
        "tournaments": [
            {"id": "cuarta-2026", "name": "Cuarta Categoría 2026", "category": "cuarta", "start": "2026-03-07",
             "time_control": "60+30", "promotions": 1, "relegations": 0, "announced_on": "2026-03-08",
             "players": cuarta_order, "games": games_by_order(cuarta_order, 2)},
            {"id": "tercera-2026", "name": "Tercera Categoría 2026", "category": "tercera", "start": "2026-04-11",
             "time_control": "90+30", "promotions": 2, "relegations": 1, "announced_on": "2026-04-01",
             "entries": [*tercera_order, "S6", "NR"],
             "players": tercera_order, "games": games_by_order(tercera_order, 1)},
            {"id": "segunda-2026", "name": "Segunda Categoría 2026", "category": "segunda", "start": "2026-05-16",
             "time_control": "90+30", "promotions": 1, "relegations": 1, "announced_on": "2026-05-01",
             "entries": ["S1", "S2", "S3", "S4", "S5", "S6",
                         {"player": "C1", "basis": "invitation", "reason": "campeón juvenil / junior champion"}],
             "players": segunda_order, "games": games_by_order(segunda_order, 2)},
            {"id": "primera-2026", "name": "Primera Categoría 2026", "category": "primera", "start": "2026-07-04",
             "time_control": "90+30", "promotions": 0, "relegations": 1, "announced_on": "2026-06-20",
             "lots_seed": 2026,
             "players": primera_order, "games": games_by_order(primera_order, 1)},
        ],
        "mayor": {
            "id": "mayor-2026", "name": "Torneo Mayor Absoluto 2026", "start": "2026-11-07",
            "reigning_champion": "M0", "previous_standings": ["M0", "M2", "P1", "M1", "P2"],
            "declined": {"M2": "viaja al exterior / abroad"}, "primera": "primera-2026", "lots_seed": 7,
            "players": mayor_players,
            "games": games_by_order(mayor_players, 2, mayor_draws),
            "playoff": {
                "rapid": [{"white": "M0", "result": "1/2-1/2"}, {"white": "M1", "result": "1/2-1/2"}],
                "blitz": [{"white": "M0", "result": "1-0"}, {"white": "M1", "result": "1-0"},
                          {"white": "M0", "result": "0-1"}, {"white": "M1", "result": "0-1"}],
                "armageddon": {"white": "M1", "result": "1/2-1/2"},
            },
        },
    }
