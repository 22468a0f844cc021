"""Every desk operation: one view (an :class:`~.base.Operation`) and one form each, listed in :data:`OPERATIONS`.

The URLs (``desk/t/<slug>/<path>/``, named ``tournaments:desk_<name>``), the manual's help
targets and the test that every operation's button is named in the manual all come from
:data:`OPERATIONS`: a new operation is its form (:mod:`.forms`), its view here and its line
in that list.

The operations (URL name ``tournaments:desk_<name>``, its form):

* ``pair`` (``NoFields``): pair the next round as a draft (in the worker when there is one);
* ``publish`` (``NoFields``): publish the draft;
* ``unpair``, ``finish``, ``reopen`` (``ReasonForm``): each after its confirmation page;
* ``results`` (``ResultsForm``): a round's results; a correction of a round paired on since is confirmed;
* ``no_show`` (``NoShowForm``): a forfeit for non-appearance (the rulebook's default time);
* ``register`` (``RegisterForm``), ``register_many`` (``RegisterManyForm``): players;
* ``change_pairing`` (``ChangePairingForm``), ``pair_by_hand`` (``PairByHandForm``, Level-3 confirmation);
* ``prizes`` (``PrizesForm``), ``bye`` (``ByeForm``), ``withdraw`` (``PlayerForm``);
* the players page's, under ``players/``: ``players_register_found`` (``FoundForm``), ``players_remove``,
  ``players_withdraw``, ``players_return`` (``PlayerForm``), ``players_numbers`` (``NumbersForm``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from arbitro.errors import ArbitroError

from .. import desk_players, models, present, prizes, service, store
from .. import forms as tournament_forms
from ..eventlog import Actor
from . import forms
from .base import F, Operation, Page, Posted, carried, login_required_view, panel_url
from .results import plan_corrections, record_no_show, save_results

_CONFIRMATIONS = "results#confirmations"


class Pair(Operation[forms.NoFields]):
    name = "pair"
    form_class = forms.NoFields
    label = gettext_noop("Pair next round")

    def run(self, row: models.Tournament, form: forms.NoFields, user: Actor) -> str:
        return service.pair_draft(row, user)

    def back_after(self, row: models.Tournament, data: Posted, err: ArbitroError) -> str:
        if err.code == "pair.impossible":  # the round by hand (VCL4THP Q63)
            return f"{panel_url(row)}?by_hand=1#by-hand"
        return panel_url(row)


class Publish(Operation[forms.NoFields]):
    name = "publish"
    form_class = forms.NoFields
    label = gettext_noop("Publish round")

    def run(self, row: models.Tournament, form: forms.NoFields, user: Actor) -> str:
        return _("Round %(n)s published.") % {"n": service.publish(row, user)}


class Unpair(Operation[forms.ReasonForm]):
    name = "unpair"
    form_class = forms.ReasonForm
    label = gettext_noop("Unpair round")
    help = _CONFIRMATIONS

    def run(self, row: models.Tournament, form: forms.ReasonForm, user: Actor) -> str:
        n = service.unpair(row, user, form.cleaned_data["reason"])
        return _("Round %(n)s unpaired: it can be paired again.") % {"n": n}

    def confirmation(self, request: HttpRequest, row: models.Tournament, form: forms.ReasonForm) -> Page:
        st = service.state(row)
        if st is None or not st.rounds:
            raise ArbitroError(_("no round has been paired yet"))
        number = service.last_round_number(st)
        if st.finished:
            raise ArbitroError(_("the tournament is finished: the chief arbiter must re-open it first"))
        if not service.can_unpair(st):
            entered = [str(i) for i, g in enumerate(st.rounds[-1].boards, start=1) if g.has_result]
            raise ArbitroError(
                _("round %(r)s cannot be unpaired: it already has results on board(s) %(b)s")
                % {"r": number, "b": ", ".join(entered) or "?"}
            )
        public = st.rounds[-1].published
        return {
            "title": _("Unpair round %(r)s") % {"r": number},
            "warning": _("Round %(r)s is public: players may have seen its pairing.") % {"r": number} if public else "",
            "lines": [_("Its pairing is taken back and recorded in the log; the round can then be paired again.")],
            "button": _("Unpair round %(r)s") % {"r": number},
        }


class Finish(Operation[forms.ReasonForm]):
    name = "finish"
    form_class = forms.ReasonForm
    label = gettext_noop("Finish tournament")
    help = _CONFIRMATIONS

    def run(self, row: models.Tournament, form: forms.ReasonForm, user: Actor) -> str:
        service.finish(row, form.cleaned_data["reason"], user)
        return _("Tournament marked as finished.")

    def confirmation(self, request: HttpRequest, row: models.Tournament, form: forms.ReasonForm) -> Page:
        service.check_finish(row)
        done, total = present.rounds_progress(store.load(row))
        short = total is not None and done < total
        return {
            "title": _("Finish the tournament"),
            "warning": _("Only %(done)s of %(total)s rounds have been played.") % {"done": done, "total": total}
            if short
            else "",
            "lines": [_("Every result is entered. Once finished, nothing changes until the chief arbiter re-opens it.")],
            "button": _("Finish the tournament"),
        }


class Reopen(Operation[forms.ReasonForm]):
    name = "reopen"
    form_class = forms.ReasonForm
    label = gettext_noop("Re-open tournament")
    help = _CONFIRMATIONS

    def run(self, row: models.Tournament, form: forms.ReasonForm, user: Actor) -> str:
        service.reopen(row, form.cleaned_data["reason"], user)
        return _("Tournament re-opened.")

    def confirmation(self, request: HttpRequest, row: models.Tournament, form: forms.ReasonForm) -> Page:
        st = service.state(row)
        if st is not None and not st.finished:
            raise ArbitroError(_("the tournament is not finished"))
        return {
            "title": _("Re-open the tournament"),
            "warning": "",
            "lines": [_("Results can then be corrected and rounds paired again; the re-opening is recorded in the log.")],
            "button": _("Re-open the tournament"),
        }


class Results(Operation[forms.ResultsForm]):
    name = "results"
    form_class = forms.ResultsForm
    permission = "result"
    label = gettext_noop("Save results")
    help = _CONFIRMATIONS

    def run(self, row: models.Tournament, form: forms.ResultsForm, user: Actor) -> str:
        data = form.cleaned_data
        saved = save_results(
            row, data["round"], data["boards"], user,
            reason=data["reason"], rating_report=data["rating_report"], confirmed=data["confirmed"],
        )  # fmt: skip
        return ngettext("%(n)s result saved.", "%(n)s results saved.", saved) % {"n": saved}

    def back(self, row: models.Tournament, data: Posted) -> str:
        return panel_url(row, data.get("round"))

    def confirmation(self, request: HttpRequest, row: models.Tournament, form: forms.ResultsForm) -> Page | None:
        plan = plan_corrections(row, form.cleaned_data["round"], form.cleaned_data["boards"], request.user)
        if not plan.needs_confirmation:
            return None
        ctx: Page = {
            "title": _("Correct results of round %(r)s") % {"r": plan.round},
            "warning": _(
                "Rounds were paired since on the old score. The correction changes the standings and the pairings "
                "still to be made (C.04.2 4.3); the rounds already paired stay as they are. Check before confirming."
            ),
            "paired_since": plan.paired_since,
            "changes": plan.changes,
            "button": _("Confirm the correction"),
            "back": panel_url(row, plan.round),
        }
        if plan.rating_report:  # FIDE mode: older than the round before the last (VCL4THP Q189-Q193)
            ctx.update(
                title=_("Correct results of round %(r)s for the rating report only") % {"r": plan.round},
                warning=_(
                    "Round %(r)s is older than the round before the last paired round: in FIDE mode its results stay "
                    "as they are for the standings and the pairings. The correction goes into the rating report (the "
                    "TRF) only, with a ### line saying so (C.04.2 4.3)."
                )
                % {"r": plan.round},
                paired_since=[],
                button=_("Correct for the rating report only"),
                hidden=[*carried(request.POST), ("rating_report", "1")],
            )
        return ctx


class NoShow(Operation[forms.NoShowForm]):
    name = "no_show"
    form_class = forms.NoShowForm
    permission = "result"
    label = gettext_noop("Record default")

    def run(self, row: models.Tournament, form: forms.NoShowForm, user: Actor) -> str:
        d = form.cleaned_data
        return record_no_show(row, d["round"], d["board"], d["absent"], d["start"], d["time"], user)


class Register(Operation[tournament_forms.RegisterForm]):
    name = "register"
    form_class = tournament_forms.RegisterForm
    label = gettext_noop("Register")

    def run(self, row: models.Tournament, form: tournament_forms.RegisterForm, user: Actor) -> str:
        n = service.register_new(row, form.cleaned_data, user)
        return " ".join(filter(None, [_("Player registered with number %(n)s.") % {"n": n}, form.name_note]))


class RegisterMany(Operation[forms.RegisterManyForm]):
    name = "register_many"
    form_class = forms.RegisterManyForm
    label = gettext_noop("Register all")

    def run(self, row: models.Tournament, form: forms.RegisterManyForm, user: Actor) -> str:
        text = form.cleaned_data["players"]
        numbers = service.register_many(row, text, user)
        width = tournament_forms.TRF_NAME_WIDTH
        long = [line.split(";")[0].strip() for line in text.splitlines() if len(line.split(";")[0].strip()) > width]
        notes = [tournament_forms.long_name_note(name) for name in long[:3]]  # the TRF's 33 characters, said
        count = ngettext("%(n)s player registered.", "%(n)s players registered.", len(numbers)) % {"n": len(numbers)}
        return " ".join([count, *notes])


class ChangePairing(Operation[forms.ChangePairingForm]):
    name = "change_pairing"
    form_class = forms.ChangePairingForm
    label = gettext_noop("Change pairing")

    def run(self, row: models.Tournament, form: forms.ChangePairingForm, user: Actor) -> str:
        d = form.cleaned_data
        return service.change_pairing(row, d["boards"], d["bye"], d["reason"], user)


class PairByHand(Operation[forms.PairByHandForm]):
    name = "pair_by_hand"
    form_class = forms.PairByHandForm
    label = gettext_noop("Make the round by hand")
    help = _CONFIRMATIONS

    def run(self, row: models.Tournament, form: forms.PairByHandForm, user: Actor) -> str:
        d = form.cleaned_data
        return service.pair_by_hand(row, d["boards"], d["bye"], d["reason"], user, confirmed=d["confirmed"])

    def back_after(self, row: models.Tournament, data: Posted, err: ArbitroError) -> str:
        return f"{panel_url(row)}?by_hand=1#by-hand"

    def refused(self, request: HttpRequest, row: models.Tournament, err: ArbitroError) -> HttpResponse | None:
        """The Level-3 page of a round made by hand (VCL4THP Q69): what it breaks and the engine's proof;
        confirm (the core is called again with ``confirm``) or cancel (nothing happens)."""
        if err.code != "by_hand.confirm" or request.POST.get("confirmed") == "1":
            return None
        number = err.params.get("round", "?")
        # translated by the web service when it could; else the core's words, one per breach
        breaches = getattr(err, "breaches_shown", None) or [
            b.strip() for b in str(err.params.get("breaches", "")).split(" | ") if b.strip()
        ]
        return self.confirm_page(
            request,
            row,
            {
                "back": f"{panel_url(row)}?by_hand=1#by-hand",
                "title": _("Round %(r)s by hand") % {"r": number},
                "warning": _(
                    "The engine proves that no pairing of round %(r)s satisfies the absolute criteria. The round you "
                    "typed breaks the rules listed below; it is made only if you confirm, and the report (TRF) says so "
                    "in a ### MPA line (Level 3)."
                )
                % {"r": number},
                "proof_label": _("The engine's proof"),
                "proof": str(err.params.get("why", "")),
                "breaches_label": _("What the round breaks"),
                "breaches": breaches,
                "reason": request.POST.get("reason", ""),
                "button": _("Make round %(r)s anyway") % {"r": number},
            },
        )


class Prizes(Operation[forms.PrizesForm]):
    name = "prizes"
    form_class = forms.PrizesForm
    label = gettext_noop("Save prize list")

    def run(self, row: models.Tournament, form: forms.PrizesForm, user: Actor) -> str:
        prizes.save(row, form.cleaned_data["prize_list"])  # issue 20 (docs/formats/prizes.md); empty removes it
        return _("Prize list saved.")


class Bye(Operation[forms.ByeForm]):
    name = "bye"
    form_class = forms.ByeForm
    label = gettext_noop("Record bye")

    def run(self, row: models.Tournament, form: forms.ByeForm, user: Actor) -> str:
        d = form.cleaned_data
        service.record_bye(row, d["player"], d["round"], d["kind"], user)
        return _("Bye recorded.")


class Withdraw(Operation[forms.PlayerForm]):
    name = "withdraw"
    form_class = forms.PlayerForm
    label = gettext_noop("Withdraw")

    def run(self, row: models.Tournament, form: forms.PlayerForm, user: Actor) -> str:
        service.withdraw(row, form.cleaned_data["player"], user)
        return _("Player withdrawn.")


# -- the players page (issue 15 item 4): back to it, with its own messages --------------------------------


class PlayersOperation(Operation[F]):
    """An operation of the players page: the ``players`` permission, back to the players page."""

    permission = "players"
    template = "tournaments/desk_players.html"

    def back(self, row: models.Tournament, data: Posted) -> str:
        return reverse("tournaments:desk_players", kwargs={"slug": row.slug})

    def open_to(self, row: models.Tournament) -> bool:
        """Not an import the core cannot continue (read-only here)."""
        return service.is_event_based(row) or service.state(row) is not None


class PlayersRegisterFound(PlayersOperation[forms.FoundForm]):
    """A person found in the FIDE rating list or the registry, registered with the list's data."""

    name = "players_register_found"
    form_class = forms.FoundForm
    label = gettext_noop("Register")

    def run(self, row: models.Tournament, form: forms.FoundForm, user: Actor) -> str:
        st = service.state(row)
        rating_type = (st.rating_type if st is not None else "") or "standard"
        data = desk_players.fields_from(form.cleaned_data["source"], form.cleaned_data["key"], rating_type)
        check = tournament_forms.RegisterForm(data)  # the list's own data pass the same checks as typed data
        if not check.is_valid():
            raise ArbitroError(forms.error_text(check))
        n = desk_players.register(row, check.cleaned_data, user)
        text = _("Player registered with number %(n)s.") % {"n": n}
        return service.Warned(text, [check.name_note] if check.name_note else [])


class PlayersRemove(PlayersOperation[forms.PlayerForm]):
    name = "players_remove"
    form_class = forms.PlayerForm
    label = gettext_noop("Remove")

    def run(self, row: models.Tournament, form: forms.PlayerForm, user: Actor) -> str:
        desk_players.remove(row, form.cleaned_data["player"], user)
        return _("Player removed.")


class PlayersWithdraw(PlayersOperation[forms.PlayerForm]):
    name = "players_withdraw"
    form_class = forms.PlayerForm
    label = gettext_noop("Withdraw")

    def run(self, row: models.Tournament, form: forms.PlayerForm, user: Actor) -> str:
        desk_players.withdraw(row, form.cleaned_data["player"], user)
        return _("Player withdrawn.")


class PlayersReturn(PlayersOperation[forms.PlayerForm]):
    name = "players_return"
    form_class = forms.PlayerForm
    label = gettext_noop("Return")

    def run(self, row: models.Tournament, form: forms.PlayerForm, user: Actor) -> str:
        desk_players.return_player(row, form.cleaned_data["player"], user)
        return _("Player returns to the tournament.")


class PlayersNumbers(PlayersOperation[forms.NumbersForm]):
    name = "players_numbers"
    form_class = forms.NumbersForm
    label = gettext_noop("Set the numbers")

    def run(self, row: models.Tournament, form: forms.NumbersForm, user: Actor) -> str:
        desk_players.set_numbers(row, form.cleaned_data["order"], user)  # a round robin's, by hand (VCL4THP Q95)
        return _("Pairing numbers set by hand.")


#: Every desk operation; the URLs, the manual's help targets and the manual's test come from this list.
OPERATIONS: tuple[type[Operation], ...] = (
    Pair,
    Publish,
    Unpair,
    Finish,
    Reopen,
    Results,
    NoShow,
    Register,
    RegisterMany,
    ChangePairing,
    PairByHand,
    Prizes,
    Bye,
    Withdraw,
    PlayersRegisterFound,
    PlayersRemove,
    PlayersWithdraw,
    PlayersReturn,
    PlayersNumbers,
)


def urlpatterns() -> list[URLPattern]:
    """``desk/t/<slug>/<path>/`` for each operation, named ``desk_<name>`` (the players page's under ``players/``)."""
    patterns = []
    for op in OPERATIONS:
        piece = op.path().replace("players-", "players/", 1) if op.name.startswith("players_") else op.path()
        patterns.append(path(f"desk/t/<slug:slug>/{piece}/", login_required_view(op).as_view(), name=op.url_name()))
    return patterns


def help_targets() -> dict[str, str]:
    """``tournaments:desk_<name>`` -> the manual's section, for the operations that can answer with a page."""
    return {f"tournaments:{op.url_name()}": op.help for op in OPERATIONS if op.help}


def redirects() -> frozenset[str]:
    """The URL names of the operations that answer with a redirect only (no page, no help link)."""
    return frozenset(f"tournaments:{op.url_name()}" for op in OPERATIONS if not op.help)
