"""Tournament checks of B.01 1.1 that TRF-2026 data can decide.

Each check is ``passed``, ``failed`` or ``not determinable`` (the file lacks the
data). Sources: ``222`` encoded time control, ``132`` round dates, ``042``/``052``
dates, ``142`` rounds, ``102``/``112`` arbiters, ``192`` system.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from arbitro.errors import msg
from arbitro.model import Tournament
from arbitro.titles.editions import Edition
from arbitro.titles.norms.evaluator import minimum_games
from arbitro.titles.norms.exemption import missed_round, missed_rounds, swiss_exemption
from arbitro.titles.norms.result import NormOptions

__all__ = [
    "FAILED",
    "NOT_DETERMINABLE",
    "PASSED",
    "TimeControl",
    "TournamentCheck",
    "parse_time_control",
    "time_control_code",
    "tournament_checks",
]

PASSED = "passed"
FAILED = "failed"
NOT_DETERMINABLE = "not determinable"


@dataclass(frozen=True, slots=True)
class TournamentCheck:
    """One rule of B.01 1.1 checked on the tournament as a whole."""

    check: str
    article: str
    status: str
    detail: str

    def as_dict(self) -> dict[str, str]:
        return {"check": self.check, "article": self.article, "status": self.status, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A parsed TRF-2026 ``222`` code: periods of (moves or None, base seconds, increment seconds)."""

    periods: tuple[tuple[int | None, int, int], ...]

    @property
    def min_increment(self) -> int:
        return min(inc for _, _, inc in self.periods)

    def base_for(self, moves: int = 60) -> int:
        """Base seconds per player available for the first ``moves`` moves."""
        total, done = 0, 0
        for count, base, _ in self.periods:
            if done >= moves:
                break
            total += base
            done = moves if count is None else done + count
        return total

    def increments_for(self, moves: int = 60) -> int:
        """Increment seconds per player gained over the first ``moves`` moves."""
        total, move = 0, 0
        for count, _, inc in self.periods:
            span = moves - move if count is None else min(count, moves - move)
            total += span * inc
            move += span
            if move >= moves:
                break
        return total


_PERIOD = re.compile(r"^(?:(\d+)/)?(\d+)(?:\+(\d+))?$")


def parse_time_control(code: str) -> TimeControl | None:
    """Parse ``5400+30`` or ``40/6000+30:900+30``; ``None`` when not understood (e.g. ``W300-B240``)."""
    periods: list[tuple[int | None, int, int]] = []
    for part in code.strip().split(":"):
        m = _PERIOD.match(part.strip())
        if not m:
            return None
        periods.append((int(m.group(1)) if m.group(1) else None, int(m.group(2)), int(m.group(3) or 0)))
    return TimeControl(tuple(periods)) if periods else None


# The free text (122) as arbiters write a one-period rate: "90 min + 30 s", "90+30", "90'+30''",
# "90 minutos + 30 segundos por jugada", "2 h", "60m+30s". Minutes first, then an increment in seconds.
_FREE_TEXT = re.compile(
    r"""^\s*(?P<base>\d{1,3})\s*(?P<unit>h|hrs?|hours?|horas?|min\.?|minutes?|minutos?|mins?|m|'|′)?\s*"""
    r"""(?:\+\s*(?P<inc>\d{1,3})\s*(?:s|sec\.?|secs?|seconds?|seg\.?|segs?|segundos?|"|''|″)?"""
    r"""\s*(?:(?:/|per|por|a)\s*(?:move|jugada|mov\.?|movida))?)?\s*$""",
    re.IGNORECASE,
)


def time_control_code(t: Tournament) -> str:
    """The rate of play as a TRF-2026 222 code: 222 itself, else one read from the 122 free text.

    B.01 1.1.3 judges the rate of play; the desk keeps what the arbiter typed (122) and may have
    no 222. A 122 text of one period with an optional increment (``90 min + 30 s``, ``90+30``,
    ``2 h``) is read as ``5400+30``; the bare number is minutes and the added number seconds, as
    arbiters write rates. Anything else (several periods, moves counts, Fischer/Bronstein words)
    is not guessed: ``""``, and the checks say the rate is not determinable.

    >>> from arbitro.model import Tournament
    >>> time_control_code(Tournament(time_control="90 min + 30 s"))
    '5400+30'
    >>> time_control_code(Tournament(time_control="40 jugadas en 90 min"))
    ''
    """
    if t.time_control_code:
        return t.time_control_code
    m = _FREE_TEXT.match(t.time_control or "")
    if not m:
        return ""
    unit = (m["unit"] or "m").lower()
    seconds = int(m["base"]) * (3600 if unit.startswith("h") else 60)
    if seconds == 0:
        return ""
    return f"{seconds}+{int(m['inc'])}" if m["inc"] else str(seconds)


def _dates(t: Tournament) -> list[_dt.date]:
    return [d for d in t.round_dates if d is not None]


def check_rounds(t: Tournament, e: Edition, options: NormOptions | None = None) -> TournamentCheck:
    """1.41a / 1.4.1a: enough rounds for a norm (9; fewer only in the events of 1.41b / 1.4.1b)."""
    n = t.total_rounds
    art = e.article("min_games")
    if not n:
        return TournamentCheck("rounds", art, NOT_DETERMINABLE, msg("check.rounds_unknown", "number of rounds unknown (142)"))
    need = minimum_games(e, options, n)
    if need != e.min_games:
        art = e.article("team_games")
    ok = n >= need
    return TournamentCheck("rounds", art, PASSED if ok else FAILED, msg("check.rounds", "{n} rounds; {need} games needed for a norm", n=n, need=need))


def check_rounds_per_day(t: Tournament, e: Edition) -> TournamentCheck:
    """1.13 / 1.1.3: no more than two rounds on any one day."""
    dates = _dates(t)
    art = e.article("rounds_per_day")
    if not dates:
        return TournamentCheck("rounds_per_day", art, NOT_DETERMINABLE, msg("check.no_round_dates", "no round dates (132)"))
    day, most = Counter(dates).most_common(1)[0]
    ok = most <= e.max_rounds_per_day
    return TournamentCheck("rounds_per_day", art, PASSED if ok else FAILED,
                           msg("check.rounds_per_day", "at most {most} round(s) on one day ({day}), limit {limit}",
                               most=most, day=day.isoformat(), limit=e.max_rounds_per_day))


def check_one_round_per_day(t: Tournament, e: Edition) -> TournamentCheck:
    """1.13a / 1.1.3a: one round per day on at least 3 days (needed by one norm of a GM (2024: or WGM) application)."""
    dates = _dates(t)
    art = e.article("one_round_per_day")
    if not dates:
        return TournamentCheck("one_round_per_day", art, NOT_DETERMINABLE, msg("check.no_round_dates", "no round dates (132)"))
    counts = Counter(dates)
    ok = max(counts.values()) == 1 and len(counts) >= 3
    return TournamentCheck("one_round_per_day", art, PASSED if ok else FAILED,
                           msg("check.one_round_per_day", "{days} playing days, at most {most} round(s) per day",
                               days=len(counts), most=max(counts.values())))


def check_duration(t: Tournament, e: Edition) -> TournamentCheck:
    """1.14 (2017): an individual event lasts at most 90 days (longer needs prior QC approval)."""
    dates = _dates(t) + [d for d in (t.start_date, t.end_date) if d is not None]
    art = e.article("duration")
    if len(dates) < 1 or e.max_duration_days is None:
        return TournamentCheck(
            "duration", art, NOT_DETERMINABLE,
            msg("check.no_dates_codes", "no dates (042/052/132)") if not dates else msg("check.no_limit", "no limit known"),
        )
    days = (max(dates) - min(dates)).days + 1
    ok = days <= e.max_duration_days
    note = f" [uncertain: {e.uncertain['max_duration_days']}]" if "max_duration_days" in e.uncertain else ""
    return TournamentCheck("duration", art, PASSED if ok else FAILED,
                           msg("check.duration", "{days} days, at most {most}{note}", days=days, most=e.max_duration_days, note=note))


def check_long_event(t: Tournament, e: Edition) -> TournamentCheck:
    """1.15 / 1.1.4: in long events the ratings and titles at the time of each game are used."""
    dates = _dates(t) + [d for d in (t.start_date, t.end_date) if d is not None]
    art = e.article("long_event")
    if not dates or e.long_event_days is None:
        return TournamentCheck(
            "long_event", art, NOT_DETERMINABLE,
            msg("check.no_dates", "no dates") if not dates else msg("check.no_rule", "no such rule known for this edition"),
        )
    days = (max(dates) - min(dates)).days + 1
    if days <= e.long_event_days:
        return TournamentCheck("long_event", art, PASSED, msg(
            "check.short_event", "{days} days (<= {limit}): one rating list for the event", days=days, limit=e.long_event_days))
    return TournamentCheck("long_event", art, NOT_DETERMINABLE,
                           msg("check.long_event", "{days} days (> {limit}): ratings and titles at the time of each game apply; "
                               "the file holds one rating per player", days=days, limit=e.long_event_days))


def _game_seconds(tc: TimeControl) -> int:
    return tc.base_for(60) + tc.increments_for(60)


def check_time_control(t: Tournament, e: Edition) -> TournamentCheck:
    """1.13 / 1.1.3: the minimum rate of play for title events (from TRF-2026 222, else 122: :func:`time_control_code`)."""
    art = e.article("time_control")
    rule = e.time_control
    code = time_control_code(t)
    tc = parse_time_control(code) if code else None
    if tc is None:
        what = (
            msg("check.tc_unknown", "time control {code!r} not understood", code=t.time_control_code)
            if t.time_control_code
            else msg("check.no_tc", "no encoded time control (222)")
        )
        return TournamentCheck("time_control", art, NOT_DETERMINABLE, what)
    base, inc = tc.base_for(60), tc.min_increment
    if rule.any_increment_counts:
        have, need, how = base + tc.increments_for(60), rule.with_increment_min * 60, msg("check.tc_60", "for 60 moves incl. increments")
    elif inc >= rule.increment_seconds:
        have = base + (tc.increments_for(60) if rule.with_increment_includes_increment else 0)
        need = rule.with_increment_min * 60
        how = (
            msg("check.tc_60", "for 60 moves incl. increments")
            if rule.with_increment_includes_increment
            else msg("check.tc_base", "base time")
        )
    else:
        start = t.start_date or (min(_dates(t)) if _dates(t) else None)
        invalid = rule.without_increment_min is None or (
            rule.no_increment_invalid_from is not None and start is not None and start >= rule.no_increment_invalid_from
        )
        if invalid:
            return TournamentCheck("time_control", art, FAILED,
                                   msg("check.tc_no_increment", "{code}: no increment of {seconds} s; not valid for norms ({note})",
                                       code=code, seconds=rule.increment_seconds, note=rule.note))
        assert rule.without_increment_min is not None
        have, need, how = base, rule.without_increment_min * 60, msg("check.tc_without", "without increment")
    ok = have >= need
    return TournamentCheck("time_control", art, PASSED if ok else FAILED,
                           msg("check.time_control", "{code}: {have} min per player ({how}), at least {need} min",
                               code=code, have=have // 60, how=how, need=need // 60))


def check_hours_per_day(t: Tournament, e: Edition) -> TournamentCheck:
    """1.12 / 1.1.2: no more than 12 hours of play in one day, computed for 60-move games."""
    art = e.article("hours_per_day")
    code = time_control_code(t)
    tc = parse_time_control(code) if code else None
    dates = _dates(t)
    if tc is None or not dates:
        return TournamentCheck("hours_per_day", art, NOT_DETERMINABLE, msg("check.hours_needs", "needs the time control (222) and round dates (132)"))
    most = max(Counter(dates).values())
    hours = most * 2 * _game_seconds(tc) / 3600
    ok = hours <= e.max_hours_per_day
    return TournamentCheck("hours_per_day", art, PASSED if ok else FAILED,
                           msg("check.hours", "{most} round(s) of up to {each} h: {hours} h, at most {limit}",
                               most=most, each=f"{2 * _game_seconds(tc) / 3600:.1f}", hours=f"{hours:.1f}", limit=e.max_hours_per_day))


_ARBITER_TITLE = re.compile(r"^\s*(IA|FA|NA|IO)\b", re.IGNORECASE)


def check_chief_arbiter(t: Tournament, e: Edition) -> TournamentCheck:
    """1.16 / 1.1.5: the Chief Arbiter is an International Arbiter or a FIDE Arbiter."""
    art = e.article("arbiter")
    text = t.chief_arbiter.strip()
    if not text:
        return TournamentCheck("chief_arbiter", art, NOT_DETERMINABLE, msg("check.no_chief", "no chief arbiter (102)"))
    m = _ARBITER_TITLE.match(text)
    if not m:
        return TournamentCheck("chief_arbiter", art, NOT_DETERMINABLE, msg("check.arbiter_title", "{name!r}: arbiter title not given", name=text))
    ok = m.group(1).upper() in ("IA", "FA")
    if not ok and e.arbiter_supervision_allowed:
        return TournamentCheck("chief_arbiter", art, NOT_DETERMINABLE, msg("check.supervised", "{name}: valid only if supervised by an IA", name=text))
    return TournamentCheck("chief_arbiter", art, PASSED if ok else FAILED, msg("check.chief", "{name} (IA or FA required)", name=text))


def _name_key(name: str) -> str:
    name = _ARBITER_TITLE.sub("", name)
    name = re.sub(r"\(.*?\)", "", name)
    return re.sub(r"[^a-z]", "", name.lower())


def check_arbiters_do_not_play(t: Tournament, e: Edition) -> TournamentCheck:
    """1.17 / 1.1.6: no appointed arbiter may play, even as a filler."""
    art = e.article("arbiter_plays")
    arbiters = [a for a in [t.chief_arbiter, *t.deputy_arbiters] if a.strip()]
    if not arbiters:
        return TournamentCheck("arbiters_do_not_play", art, NOT_DETERMINABLE, msg("check.no_arbiters", "no arbiters listed (102/112)"))
    players = {_name_key(p.name): p.start_rank for p in t.players.values()}
    playing = [a for a in arbiters if _name_key(a) and _name_key(a) in players]
    if playing:
        return TournamentCheck("arbiters_do_not_play", art, FAILED, msg("check.arbiters_play", "arbiter(s) also listed as players: {names}", names=", ".join(playing)))
    return TournamentCheck("arbiters_do_not_play", art, PASSED, msg("check.arbiters", "{n} arbiter(s), none among the players", n=len(arbiters)))


def check_format(t: Tournament, e: Edition) -> TournamentCheck:
    """1.4.2e (2024): Swiss, round robin, double round robin or knockout; others need prior QC approval."""
    art = e.article("format")
    code = (t.system or t.type_text).upper()
    if not code:
        return TournamentCheck("format", art, NOT_DETERMINABLE, msg("check.no_system", "no system (192 / 092)"))
    ok = any(w in code for w in ("SWISS", "DUTCH", "BURSTEIN", "LIM", "DUBOV", "ROUNDROBIN", "ROUND ROBIN", "BERGER", "KNOCKOUT", "KO"))
    return TournamentCheck("format", art, PASSED if ok else NOT_DETERMINABLE,
                           (t.system or t.type_text) if ok  # the file's own words
                           else msg("check.format_unknown", "{system}: not recognised; other formats need prior QC approval",
                                    system=t.system or t.type_text))  # fmt: skip


def check_qualifying_event(t: Tournament, e: Edition) -> TournamentCheck:
    """1.5.6a (2022+): a Swiss with at least 40 participants averaging 2000 or more in every round.

    Players count if they missed at most one round (a PAB is not a miss); the
    average is taken over the rated players present (our reading; uncertain).
    """
    art = e.article("qualifying_event")
    if t.is_round_robin:
        return TournamentCheck("qualifying_event", art, FAILED, msg("norm.not_swiss", "not a Swiss event"))
    rounds = t.played_rounds
    if not rounds:
        return TournamentCheck("qualifying_event", art, NOT_DETERMINABLE, msg("check.no_rounds", "no rounds played"))
    eligible = [p for p in t.players.values() if missed_rounds(p, rounds) <= 1]
    for r in range(1, rounds + 1):
        present = [p for p in eligible if not missed_round(p, r)]
        rated = [p.rating for p in present if p.rating > 0]
        avg = sum(rated) / len(rated) if rated else 0
        if len(present) < 40 or avg < 2000:
            return TournamentCheck("qualifying_event", art, FAILED,
                                   msg("check.qualifying_round", "round {round}: {n} players present, rated average {avg} "
                                       "(40 and 2000 needed) [uncertain: the averaging is our reading of 1.5.6a]",
                                       round=r, n=len(present), avg=f"{avg:.0f}"))
    return TournamentCheck("qualifying_event", art, PASSED,
                           msg("check.qualifying", "at least 40 players averaging 2000+ in every round "
                               "[uncertain: the averaging is our reading of 1.5.6a]"))


def tournament_checks(t: Tournament, e: Edition, options: NormOptions | None = None) -> list[TournamentCheck]:
    """Every B.01 1.1 check the data allows, in article order (``options``: the event kind, as for norms)."""
    rules: list[tuple[str, Callable[[Tournament, Edition], TournamentCheck]]] = [
        ("min_games", lambda t, e: check_rounds(t, e, options)),
        ("rounds_per_day", check_rounds_per_day),
        ("hours_per_day", check_hours_per_day),
        ("time_control", check_time_control),
        ("one_round_per_day", check_one_round_per_day),
        ("duration", check_duration),
        ("long_event", check_long_event),
        ("arbiter", check_chief_arbiter),
        ("arbiter_plays", check_arbiters_do_not_play),
    ]
    checks = [check(t, e) for rule, check in rules if e.has(rule)]
    if e.code == "2024":
        checks.append(check_format(t, e))
    swiss = swiss_exemption(t, e)
    if swiss.passed is not None:
        checks.append(TournamentCheck("swiss_exemption", swiss.article, PASSED if swiss.passed else FAILED, swiss.detail))
    if e.effective_from.year >= 2022:
        checks.append(check_qualifying_event(t, e))
    return checks
