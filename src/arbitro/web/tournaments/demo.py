"""Demo data for ``arbitro serve --demo``: a season of the site rulebook, tournaments finished and
in progress, a Swiss with norms in reach, and logins for each role.

Tournaments are run through the core tournament service (registration,
pairing by the core engines, results), so the desk works on them. Results are
drawn by a seeded random generator weighted by rating: demo data, not a rule.
"""

from __future__ import annotations

import datetime as _dt
import random
from importlib import resources

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from arbitro.pairing import registry
from arbitro.tournament import TournamentService

from . import models, service, store

#: (username, password, what it is) printed by ``arbitro serve --demo``.
LOGINS: list[tuple[str, str, str]] = [
    ("admin", "admin", "federation admin, Django admin at /admin/"),
    ("arbitro", "arbitro", "chief arbiter of the category tournaments"),
    ("jugador", "jugador", "a player of the Segunda: requests a bye"),
]

SURNAMES = [
    "García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Díaz",
    "Álvarez", "Romero", "Sosa", "Torres", "Ruiz", "Ramírez", "Flores", "Acosta", "Benítez", "Medina",
    "Herrera", "Suárez", "Aguirre", "Giménez", "Gutiérrez", "Pereyra", "Rojas", "Molina", "Castro", "Ortiz",
    "Silva", "Núñez", "Luna", "Juárez", "Cabrera", "Ríos", "Morales", "Godoy", "Moreno", "Ferreyra",
]
GIVEN = [
    "Martín", "Lucía", "Sofía", "Mateo", "Valentina", "Santiago", "Camila", "Juan", "Julieta", "Tomás",
    "Florencia", "Nicolás", "Agustina", "Facundo", "Micaela", "Joaquín", "Paula", "Lautaro", "Carolina", "Federico",
    "Bruno", "Rocío", "Gonzalo", "Milagros", "Ignacio", "Abril", "Ezequiel", "Brenda", "Lucas", "Daniela",
]
WOMEN = {"Lucía", "Sofía", "Valentina", "Camila", "Julieta", "Florencia", "Agustina", "Micaela", "Paula",
         "Carolina", "Rocío", "Milagros", "Abril", "Brenda", "Daniela"}


def is_empty() -> bool:
    return not models.Tournament.objects.exists()


def _names(rng: random.Random, n: int) -> list[tuple[str, str]]:
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    while len(out) < n:
        given = rng.choice(GIVEN)
        name = f"{rng.choice(SURNAMES)}, {given}"
        if name not in seen:
            seen.add(name)
            out.append((name, "w" if given in WOMEN else "m"))
    return out


def _result(rng: random.Random, white: int, black: int) -> str:
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    x = rng.random()
    draw = 0.3
    if x < expected - draw / 2:
        return "1-0"
    if x < expected + draw / 2:
        return "½-½"
    return "0-1"


def _users() -> dict[str, AbstractBaseUser]:
    User = get_user_model()
    admin = User.objects.create_superuser("admin", "admin@example.org", "admin")
    arb = User.objects.create_user("arbitro", "arbitro@example.org", "arbitro", first_name="Árbitro")
    player = User.objects.create_user("jugador", "jugador@example.org", "jugador")
    models.Membership.objects.create(  # may create tournaments in the (only) organisation, issue 19 item 5
        user=arb, organisation=models.default_organisation(), role=models.Membership.Role.ARBITER
    )
    return {"admin": admin, "arbitro": arb, "jugador": player}


def _run(
    *,
    name: str,
    category: str,
    season: models.Season,
    ratings: tuple[int, int],
    players: int,
    rounds_to_play: int | None,
    start: _dt.date,
    seed: int,
    user: service.Actor,
) -> models.Tournament:
    rng = random.Random(seed)
    lo, hi = ratings

    def play(svc: TournamentService) -> None:
        for pname, sex in _names(rng, players):
            fide_id = str(rng.randint(100000000, 199999999))
            svc.register_player(pname, rating=rng.randint(lo, hi), federation="ARG", sex=sex, fide_id=fide_id)
        # a round robin's length is known once it is paired
        total = svc.state.total_rounds or registry.round_robin_rounds(players, double=svc.state.is_double_round_robin)
        target = total if rounds_to_play is None else rounds_to_play
        for rnd in range(1, target + 1):
            svc.pair_next_round(seed=seed)
            svc.publish_round()
            st = svc.state
            for board, game in enumerate(st.round(rnd).boards, start=1):
                if game.white_code is not None:
                    continue
                if rounds_to_play is not None and rnd == target and rounds_to_play < total and board % 2 == 0:
                    continue  # the round in progress: about half the results are in
                svc.enter_result(board, _result(rng, st.player(game.white).rating, st.player(game.black).rating), rnd)

    row = service.create(
        {
            "name": name,
            "city": "Mar del Plata",
            "start_date": start,
            "end_date": start + _dt.timedelta(days=60),
            "category": category,
            "entrants": players,
            "season": season,
            "chief_arbiter": "Árbitro, Demo",
            "time_control": "90 min + 30 s",
        },
        user,
        build=play,
    )
    return row


OPEN_FIELD: list[tuple[str, str, str, int]] = [
    # (name, federation, title, rating): a titled field from several federations
    ("Quintana, Diego", "ARG", "GM", 2585), ("Morales, Sebastián", "URU", "GM", 2560), ("Castillo, Pablo", "CHI", "GM", 2548),
    ("Vieira, Rafael", "BRA", "GM", 2531), ("Salas, Andrés", "PER", "GM", 2512), ("Ibáñez, Jorge", "ESP", "IM", 2488),
    ("Duarte, Marcos", "PAR", "IM", 2471), ("Ferrer, Álvaro", "ESP", "IM", 2455), ("Rivas, Camilo", "COL", "IM", 2440),
    ("Ortega, Felipe", "MEX", "IM", 2426), ("Benítez, Tomás", "URU", "FM", 2398), ("Souza, Lucas", "BRA", "FM", 2384),
    ("Paredes, Nicolás", "CHI", "FM", 2371), ("Vera, Ignacio", "PAR", "FM", 2362), ("Acuña, Martín", "ARG", "", 2335),
    ("Lagos, Julieta", "CHI", "WIM", 2301), ("Campos, Rodrigo", "PER", "FM", 2290), ("Navarro, Gastón", "ARG", "FM", 2276),
    ("Herrera, Valentina", "ARG", "WFM", 2251), ("Pineda, Hugo", "COL", "", 2238), ("Rossi, Franco", "ARG", "", 2221),
    ("Zárate, Emilio", "ARG", "", 2207), ("Méndez, Clara", "URU", "WFM", 2189), ("Vidal, Bruno", "ARG", "", 2170),
    ("Quiroga, Agustín", "ARG", "", 2152), ("Cardozo, Luis", "PAR", "", 2133), ("Gil, Mateo", "ARG", "", 2115),
    ("Soria, Ezequiel", "ARG", "", 2098), ("Peralta, Iván", "ARG", "", 2080), ("Luna, Ramiro", "ARG", "", 2062),
]  # fmt: skip
#: The player having the tournament of their life (scripted results, demo only).
OPEN_HERO = "Acuña, Martín"


def _open(season_user: service.Actor) -> models.Tournament:
    """An international Swiss with a titled field, 6 of 9 rounds played: norms in reach and forecasts."""
    rng = random.Random(2026)

    def play(svc: TournamentService) -> None:
        for name, fed, title, rating in OPEN_FIELD:
            svc.register_player(name, rating=rating, title=title, federation=fed, sex="w" if title.startswith("W") else "m",
                                fide_id=str(rng.randint(100000000, 199999999)))  # fmt: skip
        hero = None
        for rnd in range(1, 7):  # 6 of 9 rounds played; round 7 is the arbiter's next job at the desk
            svc.pair_next_round(seed=7)
            svc.publish_round()
            st = svc.state
            if hero is None:
                hero = next(p.start_rank for p in st.header.players.values() if p.name == OPEN_HERO)
            for board, game in enumerate(st.round(rnd).boards, start=1):
                if game.white_code is not None:
                    continue
                w, b = st.player(game.white), st.player(game.black)
                if hero in (game.white, game.black):
                    other = b if game.white == hero else w
                    hero_scores = "½" if other.title == "GM" else "1"
                    text = {"1": "1-0", "½": "½-½"}[hero_scores] if game.white == hero else {"1": "0-1", "½": "½-½"}[hero_scores]
                else:
                    text = _result(rng, w.rating, b.rating)
                svc.enter_result(board, text, rnd)

    return service.create(
        {
            "name": "Abierto Internacional de Mar del Plata 2026",
            "city": "Mar del Plata",
            "federation": "ARG",
            "system": registry.default_swiss().key,
            "rounds": 9,
            "start_date": _dt.date(2026, 11, 21),
            "end_date": _dt.date(2026, 11, 29),
            "chief_arbiter": "Árbitro, Demo",
            "time_control": "90 min + 30 s",
        },
        season_user,
        build=play,
    )


def _ratings() -> None:
    """Rating list lines and three months of history for the demo players (made-up numbers)."""
    rng = random.Random(11)
    months = [_dt.date(2026, m, 1) for m in (9, 10, 11)]
    entries, history = [], []
    seen: set[str] = set()
    for row in models.Tournament.objects.filter(base_trf=""):
        core = store.load(row)
        for p in core.players.values():
            if not p.fide_id or p.fide_id in seen:
                continue
            seen.add(p.fide_id)
            rating = p.rating
            for month in months:
                history.append(models.RatingHistory(fide_id=p.fide_id, period=month, standard=rating or None))
                rating = max(1000, rating + rng.randint(-25, 25)) if rating else 0
            entries.append(
                models.RatingListEntry(
                    fide_id=p.fide_id, name=p.name, search_name=models.fold_name(p.name)[:120],
                    federation=p.federation, sex="F" if p.sex == "w" else "M",
                    title=p.title, standard=history[-1].standard, period=months[-1],
                )
            )  # fmt: skip
    models.RatingListEntry.objects.bulk_create(entries)
    models.RatingHistory.objects.bulk_create(history)


@transaction.atomic
def load() -> None:
    """Fill an empty database with the demo."""
    users = _users()
    arb = users["arbitro"]
    season = models.Season.objects.create(year=2026, name="Temporada 2026")
    # Cuarta: 8 players -> single round robin (rulebook 4.1 b), finished.
    _run(name="Torneo de Cuarta Categoría 2026", category="cuarta", season=season, ratings=(1400, 1690),
         players=8, rounds_to_play=None, start=_dt.date(2026, 3, 7), seed=4, user=arb)
    # Tercera: 14 players -> Swiss 7 rounds (rulebook 4.1 c), finished.
    _run(name="Torneo de Tercera Categoría 2026", category="tercera", ratings=(1700, 1799), players=14,
         rounds_to_play=None, start=_dt.date(2026, 4, 4), seed=3, season=season, user=arb)
    # Segunda: 21 players -> Swiss 7 rounds, in progress (round 4 being played).
    segunda = _run(name="Torneo de Segunda Categoría 2026", category="segunda", ratings=(1800, 1899), players=21,
                   rounds_to_play=4, start=_dt.date(2026, 10, 3), seed=2, season=season, user=arb)
    # Primera: 5 players -> double round robin (rulebook 4.1 a), in progress.
    _run(name="Torneo de Primera Categoría 2026", category="primera", season=season, ratings=(1900, 2150),
         players=5, rounds_to_play=5, start=_dt.date(2026, 11, 7), seed=1, user=arb)
    # An international open in progress with a titled field: norms in reach and forecasts.
    _open(arb)
    # A real open with titled players (imported, read-only).
    text = resources.files("arbitro.web.tournaments").joinpath("demo_data", "capo-dorso-2012.trf").read_text(
        encoding="utf-8"
    )
    store.import_trf(text, source="capo-dorso-2012.trf")
    # The player login: the first player of the Segunda.
    entry = segunda.entries.select_related("person").order_by("start_rank").first()
    if entry is not None:
        entry.person.user = users["jugador"]
        entry.person.save(update_fields=["user"])
    _ratings()
    for person in models.Person.objects.filter(entries__tournament__season=season).distinct():
        cat = person.entries.filter(tournament__season=season).values_list("tournament__category", flat=True).first()
        if cat:
            person.category = cat
            person.save(update_fields=["category"])
            models.CategoryHistory.objects.create(person=person, season=season, category=cat)
