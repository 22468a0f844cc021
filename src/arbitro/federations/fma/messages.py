"""The FMA rulebook's messages, in Spanish first and English.

Every decision the rulebook takes is explained to a person with a
:class:`Message`: an id from :data:`CATALOGUE`, the article of the
"Reglamento de Torneos Oficiales de Categorías ELO Estándar" it applies
(``FMA 4.1``, ``FMA Anexo III I.1.2``) and the values that fill its text.
``message.text("es")`` and ``message.text("en")`` render it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CATALOGUE", "LANGUAGES", "Entry", "Message", "Place", "Text", "msg"]

LANGUAGES: tuple[str, ...] = ("es", "en")


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalogue entry: the article and the text in each language."""

    article: str
    es: str
    en: str


# Keyed by id; Spanish first. Placeholders are str.format fields.
CATALOGUE: dict[str, Entry] = {
    # -- categories (1.2, 1.3, 1.4-1.8, B.2) ------------------------------
    "category.kept": Entry(
        "FMA 1.2, B.2",
        "{player} conserva la categoría ganada: {category}.",
        "{player} keeps the earned category: {category}.",
    ),
    "category.by_rating": Entry(
        "FMA 1.3",
        "{player} nunca jugó un torneo de categoría: ingresa en {category} por su ELO estándar {rating}.",
        "{player} never played a category tournament: enters {category} by standard rating {rating}.",
    ),
    "category.unrated": Entry(
        "FMA 1.3",
        "{player} nunca jugó un torneo de categoría y no tiene ELO: ingresa en la categoría más baja ({category}).",
        "{player} never played a category tournament and has no rating: enters the lowest category ({category}).",
    ),
    "category.rating_table": Entry(
        "FMA 1.3",
        "ELO {rating}: ingresa en {category}.",
        "Rating {rating}: enters {category}.",
    ),
    "category.no_rating": Entry(
        "FMA 1.3",
        "Sin ELO: ingresa en la categoría más baja ({category}).",
        "No rating: enters the lowest category ({category}).",
    ),
    "claim.late": Entry(
        "FMA 1.4",
        "El reclamo de categoría de {player} se presentó {hours} h antes del comienzo de {tournament}; "
        "se requieren al menos 72 horas.",
        "{player}'s category claim was filed {hours} h before {tournament} starts; "
        "at least 72 hours are required.",
    ),
    "claim.pending": Entry(
        "FMA 1.4",
        "El reclamo de categoría de {player} no fue resuelto por la Comisión Directiva: se mantiene {category}.",
        "The board has not decided {player}'s category claim: {category} stands.",
    ),
    "claim.rejected": Entry(
        "FMA 1.4",
        "La Comisión Directiva rechazó el reclamo de categoría de {player}: se mantiene {category}.",
        "The board rejected {player}'s category claim: {category} stands.",
    ),
    "claim.accepted": Entry(
        "FMA 1.5",
        "La Comisión Directiva aceptó el reclamo de {player}: juega en {category}.",
        "The board accepted {player}'s claim: plays in {category}.",
    ),
    "claim.evaluated": Entry(
        "FMA 1.6",
        "{player} fue evaluado por {evaluator}: ingresa en {category}.",
        "{player} was evaluated by {evaluator}: enters {category}.",
    ),
    "claim.inactivity": Entry(
        "FMA 5.2",
        "Tras años de inactividad, {player} apela por el artículo 1.6.",
        "After years of inactivity, {player} appeals under article 1.6.",
    ),
    "rating.standard_only": Entry(
        "FMA A, 1.7",
        "Sólo cuenta el ELO estándar (clásico).",
        "Only the standard (classical) rating counts.",
    ),
    # -- entry (1.8, 2.2, 7.1, 7.2, Anexo II I.2, 11) ---------------------
    "entry.own_category": Entry(
        "FMA 2.2",
        "{player} juega en su categoría ({category}).",
        "{player} plays in their own category ({category}).",
    ),
    "entry.first_by_rating": Entry(
        "FMA 2.2.1",
        "Primera participación de {player}: ingresa por ELO en {category}.",
        "{player}'s first participation: enters {category} by rating.",
    ),
    "entry.higher_proof": Entry(
        "FMA 2.2.2",
        "{player} demuestra una última participación en {proof}: puede jugar {category}.",
        "{player} proves a last participation in {proof}: may play {category}.",
    ),
    "entry.qualifier": Entry(
        "FMA 2.2.3, 7.1",
        "{player} ganó la plaza como {place} del campeonato de {championship} {year}.",
        "{player} won the place as {place} of the {championship} {year} championship.",
    ),
    "entry.invitation": Entry(
        "FMA 2.2.4, 7.2",
        "{player} invitado por la FMA: {reason}.",
        "{player} invited by the FMA: {reason}.",
    ),
    "entry.semi_open": Entry(
        "FMA Anexo II I.2",
        "{player} jugó {played} (su categoría) este año: puede jugar el torneo de Primera.",
        "{player} played {played} (their category) this year: may enter the Primera tournament.",
    ),
    "entry.refused.category": Entry(
        "FMA 2.2",
        "{player} es de {own} y no tiene derecho a jugar {category}.",
        "{player} belongs to {own} and has no right to play {category}.",
    ),
    "entry.refused.invitation_reason": Entry(
        "FMA 7.2",
        "La invitación de {player} no tiene la motivación escrita.",
        "{player}'s invitation gives no written reason.",
    ),
    "entry.refused.invitation_limit": Entry(
        "FMA 7.2",
        "{tournament} ya tiene dos invitados: no se admite a {player}.",
        "{tournament} already has two invited players: {player} is not admitted.",
    ),
    "entry.refused.invitation_same": Entry(
        "FMA 7.2",
        "{player} ya es de {category}: una invitación es para una categoría diferente a la propia.",
        "{player} already belongs to {category}: an invitation is for a category other than one's own.",
    ),
    "entry.refused.qualifier": Entry(
        "FMA 7.1",
        "La plaza clasificatoria de {player} no es válida: {why}.",
        "{player}'s qualifying place is not valid: {why}.",
    ),
    "entry.refused.qualifier_endorsed": Entry(
        "FMA 7.1.1",
        "El campeonato de {championship} {year} no fue avalado por la FMA.",
        "The {championship} {year} championship was not endorsed by the FMA.",
    ),
    "entry.refused.residency": Entry(
        "FMA 1.8",
        "{player} no tiene residencia en la zona de influencia de la FMA.",
        "{player} does not reside in the FMA's area.",
    ),
    "entry.refused.new_resident": Entry(
        "FMA 1.8",
        "{player} se empadronó el {registered}, {days} días antes del comienzo; se requieren 60 días.",
        "{player} registered on {registered}, {days} days before the start; 60 days are required.",
    ),
    "entry.refused.ban_next": Entry(
        "FMA 11.1.6",
        "{player} tiene prohibido jugar el siguiente torneo de su categoría de este año.",
        "{player} is banned from the next tournament of their category this year.",
    ),
    "entry.refused.ban_fma": Entry(
        "FMA 11.1.7",
        "{player} tiene prohibido participar de torneos organizados por la FMA.",
        "{player} is banned from tournaments organised by the FMA.",
    ),
    "entry.refused.expelled": Entry(
        "FMA 11.1.8",
        "{player} fue expulsado de la FMA.",
        "{player} was expelled from the FMA.",
    ),
    "entry.unlisted_player": Entry(
        "FMA 2.2",
        "{player} jugó {tournament} sin inscripción admitida.",
        "{player} played {tournament} without an admitted entry.",
    ),
    # -- formats (2.3, 3.1, 4.1) ------------------------------------------
    "format.double_round_robin": Entry(
        "FMA 4.1 a",
        "{n} jugadores: Torneo Americano a doble ronda ({rounds} rondas).",
        "{n} players: double round robin ({rounds} rounds).",
    ),
    "format.round_robin": Entry(
        "FMA 4.1 b",
        "{n} jugadores: Torneo Americano a ronda única ({rounds} rondas).",
        "{n} players: single round robin ({rounds} rounds).",
    ),
    "format.swiss7": Entry(
        "FMA 4.1 c",
        "{n} jugadores: Torneo Suizo a 7 rondas.",
        "{n} players: Swiss, 7 rounds.",
    ),
    "format.swiss9": Entry(
        "FMA 4.1 d",
        "{n} jugadores: Torneo Suizo a 9 rondas.",
        "{n} players: Swiss, 9 rounds.",
    ),
    "format.swiss9_22": Entry(
        "FMA 4.1 c-d",
        "22 jugadores: el reglamento no lo prevé (7 rondas hasta 21, 9 rondas con más de 22); "
        "Arbitro aplica Torneo Suizo a 9 rondas.",
        "22 players: the rulebook leaves it open (7 rounds up to 21, 9 rounds above 22); "
        "Arbitro applies Swiss, 9 rounds.",
    ),
    "format.too_few": Entry(
        "FMA 4.1",
        "{n} jugadores: un torneo necesita al menos 2.",
        "{n} players: a tournament needs at least 2.",
    ),
    "format.mismatch": Entry(
        "FMA 4.1",
        "{tournament} se jugó con {actual}; con {n} jugadores corresponde {expected}.",
        "{tournament} was played as {actual}; {n} players call for {expected}.",
    ),
    "format.mayor": Entry(
        "FMA Anexo III II",
        "Torneo Mayor: torneo cerrado de 6 jugadores, Americano a doble vuelta, ritmo 90+30.",
        "Torneo Mayor: closed 6-player double round robin at 90+30.",
    ),
    "rating.not_required": Entry(
        "FMA 2.3",
        "Cuarta categoría: no se exige que el torneo sea válido para el ELO.",
        "Cuarta: the tournament need not be FIDE-rated.",
    ),
    "rating.ok": Entry(
        "FMA 2.3",
        "{tournament} cumple los requisitos de FIDE para ser válido para el ELO.",
        "{tournament} meets FIDE's requirements to be rated.",
    ),
    "rating.time_control": Entry(
        "FMA 2.3, FIDE B.02 1.1",
        "Ritmo {time_control}: {minutes} min por jugador en 60 jugadas; con un jugador de {rating} "
        "FIDE exige al menos {required} min.",
        "Rate {time_control}: {minutes} min per player over 60 moves; with a player rated {rating} "
        "FIDE requires at least {required} min.",
    ),
    "rating.not_standard": Entry(
        "FMA 3.1",
        "Ritmo {time_control}: {minutes} min por jugador no es ritmo estándar FIDE (mínimo 60).",
        "Rate {time_control}: {minutes} min per player is not a FIDE standard rate (at least 60).",
    ),
    "rating.too_few_rated_rr": Entry(
        "FMA 2.3, FIDE B.02",
        "Torneo Americano con {rated} de {n} jugadores con ELO: FIDE exige {required}.",
        "Round robin with {rated} of {n} players rated: FIDE requires {required}.",
    ),
    "rating.time_control_missing": Entry(
        "FMA 2.3, 3.1",
        "{tournament} no declara su ritmo de juego.",
        "{tournament} does not state its rate of play.",
    ),
    "season.missing_category": Entry(
        "FMA 2.1",
        "La temporada {year} no tiene ningún torneo de {category}: se debe disputar al menos uno por categoría.",
        "The {year} season has no {category} tournament: at least one per category must be played.",
    ),
    "multiple.same_rules": Entry(
        "FMA Anexo I II",
        "Los torneos de {category} deben tener las mismas reglas: ritmos {controls}.",
        "The {category} tournaments must have the same rules: rates {controls}.",
    ),
    # -- byes and default (4.2, 4.3) --------------------------------------
    "bye.ok": Entry(
        "FMA 4.2",
        "Bye de medio punto de {player} en la ronda {round}: admitido ({count} de 2).",
        "{player}'s half-point bye in round {round}: granted ({count} of 2).",
    ),
    "bye.not_swiss": Entry(
        "FMA 4.2",
        "Los byes de medio punto sólo existen en torneos de formato suizo.",
        "Half-point byes exist only in Swiss tournaments.",
    ),
    "bye.too_many": Entry(
        "FMA 4.2",
        "{player} ya tiene 2 byes de medio punto: no se admite otro en la ronda {round}.",
        "{player} already has 2 half-point byes: no other in round {round}.",
    ),
    "bye.too_late": Entry(
        "FMA 4.2",
        "{player} pidió el bye de la ronda {round} con {played} de {total} rondas disputadas "
        "(más del 50%).",
        "{player} asked for the round {round} bye with {played} of {total} rounds played (more than 50%).",
    ),
    "bye.round_played": Entry(
        "FMA 4.2",
        "La ronda {round} ya se disputó cuando {player} pidió el bye.",
        "Round {round} had already been played when {player} asked for the bye.",
    ),
    "bye.too_many_recorded": Entry(
        "FMA 4.2",
        "{player} tiene {count} byes de medio punto en {tournament}; el máximo es 2.",
        "{player} has {count} half-point byes in {tournament}; at most 2 are allowed.",
    ),
    "default.on_time": Entry(
        "FMA 4.3",
        "Llegó {minutes} min después de la hora pactada: dentro de la hora de incomparecencia.",
        "Arrived {minutes} min after the scheduled time: within the one-hour default time.",
    ),
    "default.lost": Entry(
        "FMA 4.3",
        "Llegó {minutes} min después de la hora pactada: pierde por incomparecencia (una hora).",
        "Arrived {minutes} min after the scheduled time: loses by default (one hour).",
    ),
    "default.notice": Entry(
        "FMA 4.3",
        "Tiempo de incomparecencia: una hora desde la hora pactada para el comienzo de la ronda.",
        "Default time: one hour from the scheduled start of the round.",
    ),
    "default.deadline": Entry(
        "FMA 4.3",
        "Ronda a las {start}: quien no se presente antes de las {deadline} pierde por incomparecencia.",
        "Round at {start}: a player not present by {deadline} loses by default.",
    ),
    "default.too_early": Entry(
        "FMA 4.3",
        "{player}: son las {now} y la ronda empezó a las {start}; la hora de incomparecencia vence a las "
        "{deadline}, todavía no puede darse la partida por perdida.",
        "{player}: it is {now} and the round started at {start}; the default time ends at {deadline}, "
        "the game cannot be forfeited yet.",
    ),
    "default.recorded": Entry(
        "FMA 4.3",
        "{player} no se presentó a las {now} (ronda a las {start}, más de una hora): pierde por incomparecencia.",
        "{player} had not appeared at {now} (round at {start}, more than one hour): loses by default.",
    ),
    # -- tie-breaks (6.1, 6.2) --------------------------------------------
    "tiebreaks.round_robin": Entry(
        "FMA 6.1",
        "Desempates (Americano): {codes}, sorteo.",
        "Tie-breaks (round robin): {codes}, lots.",
    ),
    "tiebreaks.swiss": Entry(
        "FMA 6.2",
        "Desempates (Suizo): {codes}, sorteo.",
        "Tie-breaks (Swiss): {codes}, lots.",
    ),
    "tiebreaks.dropped": Entry(
        "FMA 6.2 g",
        "{tournament}: {code} no se calcula (jugadores sin ELO, FIDE C.07 art. 10); se pasa al siguiente desempate.",
        "{tournament}: {code} is not computed (unrated players, FIDE C.07 Art. 10); the next tie-break applies.",
    ),
    "standings.given": Entry(
        "FMA 6",
        "{tournament}: clasificación final tomada del archivo de temporada (sin partidas para desempatar).",
        "{tournament}: final standings taken from the season file (no games to break ties with).",
    ),
    # -- end of tournament (5.1, B.1, 8, Anexo I, Anexo II III) -----------
    "promotion": Entry(
        "FMA 5.1, B.1",
        "{player} asciende a {category} ({position} de {tournament}).",
        "{player} is promoted to {category} ({position} in {tournament}).",
    ),
    "relegation": Entry(
        "FMA 5.1, B.1",
        "{player} desciende a {category} ({position} de {tournament}).",
        "{player} is relegated to {category} ({position} in {tournament}).",
    ),
    "promotion.primera_top10": Entry(
        "FMA Anexo II III.1",
        "{player}, de {own}, terminó {position} en Primera: asciende a {category}.",
        "{player}, of {own}, finished {position} in Primera: moves up to {category}.",
    ),
    "promotion.not_announced": Entry(
        "FMA 5.1",
        "{tournament}: la cantidad de ascensos y descensos no se comunicó antes del comienzo; "
        "no hay ascensos ni descensos.",
        "{tournament}: the number of promotions and relegations was not announced before the start; "
        "nobody moves up or down.",
    ),
    "category.next_year": Entry(
        "FMA 1.2",
        "{player}: {category} el próximo año.",
        "{player}: {category} next year.",
    ),
    "category.promotion_prevails": Entry(
        "FMA B.1",
        "{player} ascendió y descendió en el mismo año: prevalece el ascenso.",
        "{player} was promoted and relegated in the same year: the promotion prevails.",
    ),
    "champion": Entry(
        "FMA Anexo I IV, C",
        "{player} es campeón de {category} ({tournament}).",
        "{player} is {category} champion ({tournament}).",
    ),
    "trophy": Entry(
        "FMA 8.4",
        "Trofeo a {player}, {position} de {tournament}.",
        "Trophy to {player}, {position} in {tournament}.",
    ),
    "trophy.already": Entry(
        "FMA 8.6",
        "{player} ya recibió un trofeo de {category}: el trofeo del {position} de {tournament} "
        "pasa al siguiente.",
        "{player} already received a {category} trophy: the trophy for place {position} in {tournament} "
        "goes to the next player.",
    ),
    "abierto": Entry(
        "FMA 8.1, 8.2",
        "{player} gana la inscripción al Abierto \"Ciudad de Mar del Plata\" {year} (no transferible).",
        "{player} earns an entry to the {year} \"Ciudad de Mar del Plata\" Open (not transferable).",
    ),
    "abierto.transfer": Entry(
        "FMA 8.2",
        "La inscripción al Abierto de {player} no es transferible a {other}.",
        "{player}'s Open entry cannot be transferred to {other}.",
    ),
    "mayor.places": Entry(
        "FMA Anexo II",
        "{tournament} otorga 3 plazas al Torneo Mayor.",
        "{tournament} gives 3 places in the Torneo Mayor.",
    ),
    # -- Torneo Mayor (Anexo III, 9) --------------------------------------
    "mayor.champion": Entry(
        "FMA Anexo III I.1.1",
        "{player}: campeón vigente de la FMA.",
        "{player}: reigning FMA champion.",
    ),
    "mayor.champion_fallback": Entry(
        "FMA Anexo III I.1.2",
        "{player}: {position} del último Torneo Mayor (el campeón vigente no juega).",
        "{player}: {position} of the last Torneo Mayor (the reigning champion does not play).",
    ),
    "mayor.champion_primera": Entry(
        "FMA Anexo III I.1.3",
        "{player}: siguiente en el orden de mérito de Primera ({position}), por la plaza del campeón.",
        "{player}: next in the Primera order of merit ({position}), for the champion's place.",
    ),
    "mayor.rating": Entry(
        "FMA Anexo III I.2.1",
        "{player}: {position} del ranking ELO clásico de la FMA ({rating}).",
        "{player}: {position} of the FMA standard-rating ranking ({rating}).",
    ),
    "mayor.rating_fallback": Entry(
        "FMA Anexo III I.2.2",
        "{player}: {position} del ranking ELO clásico ({rating}), en lugar de un jugador de los dos primeros.",
        "{player}: {position} of the standard-rating ranking ({rating}), replacing one of the top two.",
    ),
    "mayor.rating_primera": Entry(
        "FMA Anexo III I.2.3",
        "{player}: siguiente en el orden de mérito de Primera ({position}), por una plaza del ranking.",
        "{player}: next in the Primera order of merit ({position}), for a rating place.",
    ),
    "mayor.primera": Entry(
        "FMA Anexo III I.3.1",
        "{player}: clasificado por el torneo de Primera ({position}).",
        "{player}: qualified through the Primera tournament ({position}).",
    ),
    "mayor.primera_fallback": Entry(
        "FMA Anexo III I.3.2",
        "{player}: siguiente en la tabla de Primera ({position}), completa el cupo.",
        "{player}: next in the Primera standings ({position}), completes the quota.",
    ),
    "mayor.unavailable": Entry(
        "FMA Anexo III I",
        "{player} no puede participar: {why}.",
        "{player} cannot take part: {why}.",
    ),
    "mayor.already_in": Entry(
        "FMA Anexo III I",
        "{player} ya está clasificado por otra vía.",
        "{player} has already qualified another way.",
    ),
    "mayor.incomplete": Entry(
        "FMA Anexo III II I",
        "El Torneo Mayor tiene {n} de 6 jugadores: no quedan candidatos.",
        "The Torneo Mayor has {n} of 6 players: no candidates are left.",
    ),
    "mayor.time_control": Entry(
        "FMA Anexo III II III",
        "El Torneo Mayor se juega a 90+30; el archivo indica {time_control}.",
        "The Torneo Mayor is played at 90+30; the file says {time_control}.",
    ),
    "mayor.playoff_late": Entry(
        "FMA Anexo III III.2",
        "El match de desempate comenzó el {start}, más de 7 días después de la última ronda ({end}).",
        "The play-off match started on {start}, more than 7 days after the last round ({end}).",
    ),
    "mayor.sole_winner": Entry(
        "FMA 9, Anexo III",
        "{player} gana el Torneo Mayor y es Campeón de la FMA.",
        "{player} wins the Torneo Mayor and is FMA Champion.",
    ),
    "mayor.tie_many": Entry(
        "FMA Anexo III IV.3, 6.1",
        "Empate en el primer puesto entre {n} jugadores: deciden los desempates del artículo 6.1.",
        "{n} players tied for first: the article 6.1 tie-breaks decide.",
    ),
    "mayor.tie_two": Entry(
        "FMA Anexo III III.2",
        "Empate en el primer puesto entre {a} y {b}: match de desempate dentro de los 7 días.",
        "{a} and {b} tied for first: play-off match within 7 days.",
    ),
    "mayor.colour_choice": Entry(
        "FMA Anexo III III.2.1",
        "{player} ({why}) elige color en la primera partida de 15+10.",
        "{player} ({why}) chooses colour in the first 15+10 game.",
    ),
    "mayor.colour_choice_blitz": Entry(
        "FMA Anexo III III.2.2",
        "{player} ({why}) elige color en la primera partida de 5+3.",
        "{player} ({why}) chooses colour in the first 5+3 game.",
    ),
    "mayor.rapid": Entry(
        "FMA Anexo III III.2.1",
        "Dos partidas 15+10: {a} {sa} - {sb} {b}.",
        "Two games at 15+10: {a} {sa} - {sb} {b}.",
    ),
    "mayor.blitz": Entry(
        "FMA Anexo III III.2.2",
        "Cuatro partidas 5+3: {a} {sa} - {sb} {b}.",
        "Four games at 5+3: {a} {sa} - {sb} {b}.",
    ),
    "mayor.tiebreak_decides": Entry(
        "FMA Anexo III III.2.3",
        "Persiste el empate: gana {player}, mejor sistema de desempate del torneo.",
        "Still tied: {player} wins on the tournament's tie-breaks.",
    ),
    "mayor.armageddon": Entry(
        "FMA Anexo III III.2.4",
        "Armagedón: sorteo de color (semilla {seed}), {white} con blancas, {black} con negras; gana {player}.",
        "Armageddon: colours by lot (seed {seed}), {white} White, {black} Black; {player} wins.",
    ),
    "mayor.armageddon_given": Entry(
        "FMA Anexo III III.2.4",
        "Armagedón: colores según el archivo (sorteo hecho en sala), {white} con blancas, {black} con negras; "
        "gana {player}.",
        "Armageddon: colours as given in the file (lot drawn at the venue), {white} White, {black} Black; "
        "{player} wins.",
    ),
    "mayor.playoff_pending": Entry(
        "FMA Anexo III III.2",
        "Falta el resultado del match de desempate ({stage}): campeón pendiente.",
        "The play-off match result ({stage}) is missing: champion pending.",
    ),
    "mayor.playoff_games": Entry(
        "FMA Anexo III III.2",
        "{stage}: se esperaban {expected} partidas y el archivo da {games}.",
        "{stage}: {expected} games expected, the file gives {games}.",
    ),
    "fma.champion": Entry(
        "FMA 9",
        "{player} es Campeón de la FMA {year}.",
        "{player} is the {year} FMA Champion.",
    ),
    # -- sanctions (11) ---------------------------------------------------
    "sanction.warning": Entry("FMA 11.1.1", "Apercibimiento a {player}.", "Warning to {player}."),
    "sanction.game_loss": Entry(
        "FMA 11.1.2",
        "{player} pierde la partida de la ronda {round} de {tournament}.",
        "{player} loses the round {round} game of {tournament}.",
    ),
    "sanction.point_deduction": Entry(
        "FMA 11.1.3",
        "Se quitan {points} punto(s) a {player} en {tournament}.",
        "{points} point(s) deducted from {player} in {tournament}.",
    ),
    "sanction.expulsion": Entry(
        "FMA 11.1.4",
        "{player} es expulsado de {tournament} desde la ronda {round}.",
        "{player} is expelled from {tournament} from round {round}.",
    ),
    "sanction.fine": Entry(
        "FMA 11.1.5",
        "Multa de {amount} a {player}.",
        "Fine of {amount} to {player}.",
    ),
    "sanction.ban_next": Entry(
        "FMA 11.1.6",
        "{player} no puede jugar el siguiente torneo de su categoría de {year}.",
        "{player} may not play the next tournament of their category in {year}.",
    ),
    "sanction.ban_fma": Entry(
        "FMA 11.1.7",
        "{player} no puede participar de torneos organizados por la FMA{until}.",
        "{player} may not take part in FMA tournaments{until}.",
    ),
    "sanction.fma_expulsion": Entry(
        "FMA 11.1.8",
        "{player} es expulsado de la FMA.",
        "{player} is expelled from the FMA.",
    ),
    "sanction.not_applied": Entry(
        "FMA 11.1.2",
        "La ronda {round} de {player} en {tournament} no es una partida: la pérdida no cambia el resultado.",
        "{player}'s round {round} in {tournament} is not a game: the loss changes no result.",
    ),
}


@dataclass(frozen=True, slots=True)
class Message:
    """A rulebook message: catalogue id plus the values of its placeholders."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def article(self) -> str:
        return CATALOGUE[self.id].article

    def text(self, lang: str = "es") -> str:
        """The message in ``lang`` (``"es"`` or ``"en"``), without the article."""
        entry = CATALOGUE[self.id]
        template = entry.es if lang == "es" else entry.en
        values = {k: _localise(v, lang) for k, v in self.params.items()}
        return template.format(**values)

    def cited(self, lang: str = "es") -> str:
        """The message followed by its article, e.g. ``"... [FMA 4.1 c]"``."""
        return f"{self.text(lang)} [{self.article}]"

    def as_dict(self) -> dict[str, str]:
        return {"id": self.id, "article": self.article, "es": self.text("es"), "en": self.text("en")}


def msg(message_id: str, **params: Any) -> Message:
    """Build a :class:`Message`; unknown ids are a programming error (KeyError)."""
    if message_id not in CATALOGUE:
        raise KeyError(message_id)
    return Message(message_id, dict(params))


@dataclass(frozen=True, slots=True)
class Text:
    """A value of a message given in both languages."""

    es: str
    en: str

    def name_in(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


class Place(int):
    """A finishing place that prints as ``3º`` in Spanish and ``3rd`` in English."""

    def name_in(self, lang: str) -> str:
        n = int(self)
        if lang == "es":
            return f"{n}º"
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"


def _localise(value: Any, lang: str) -> Any:
    """Values that know their own names in both languages (categories, ordinals)."""
    name = getattr(value, "name_in", None)
    if callable(name):
        return name(lang)
    return value
