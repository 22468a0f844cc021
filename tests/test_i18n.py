"""arbitro.i18n: the one catalogue of words (issue 32 item 4), without Django."""

from __future__ import annotations

from arbitro import i18n
from arbitro.errors import ArbitroError, Message, msg


def test_the_languages_are_those_with_catalogues_spanish_first() -> None:
    assert i18n.languages()[:2] == ("es", "en")
    assert i18n.language_name("es") == "Español" and i18n.language_name("en") == "English"


def test_every_catalogue_folder_is_owned_by_a_package() -> None:
    domains = dict(i18n.catalogue_dirs())
    assert {"arbitro", "arbitro.tournament", "arbitro.trf", "arbitro.titles", "arbitro.teams"} <= set(domains)
    assert {"arbitro.documents", "arbitro.federations.fma", "arbitro.cli"} <= set(domains)
    assert not any(d.startswith("arbitro.web") for d in domains)  # the web's words are Django's catalogue


def test_a_coded_message_in_each_language_and_its_nested_label() -> None:
    label = msg("field.city", "city")
    err = ArbitroError(msg("text.too_long", "{label}: at most {width} characters (found {length})", label=label,
                           width=5, length=9))
    assert i18n.text(err, "en") == "city: at most 5 characters (found 9)"
    assert i18n.text(err, "es") == "ciudad: como máximo 5 caracteres (tiene 9)"
    assert i18n.text(err, "es-ar") == i18n.text(err, "es")  # a regional variant falls back to its language
    assert i18n.text(err, "xx") == i18n.text(err, "en")  # a language without catalogues: English


def test_a_plural_counts_by_the_parameter_its_catalogue_names() -> None:
    entry = i18n.template("bye.half_point_again", "en")
    assert isinstance(entry, i18n.Plural) and entry.count == "count"
    one = i18n.fill("bye.half_point_again", {"player": 3, "count": 1}, "en")
    two = i18n.fill("bye.half_point_again", {"player": 3, "count": 2}, "en")
    assert one == "player 3 already has 1 half-point bye (TEC checklist)"
    assert two == "player 3 already has 2 half-point byes (TEC checklist)"


def test_unknown_codes_and_plain_text_are_said_as_written() -> None:
    assert i18n.fill("no.such.code", {}, "es") is None
    assert i18n.text(Message("no.such.code", "as {x}", {"x": 1}), "es") == "as 1"
    assert i18n.text("plain", "es") == "plain"
    assert i18n.word("standings", "es") == "Clasificación"
    assert i18n.word("no.such.label", "es", "default") == "default"
