"""One catalogue of words (issue 32 item 4): every coded message in every language.

The core, the documents and the rulebooks name what they say by a stable code
(:class:`arbitro.errors.Message`: ``code`` + ``params``; a document's label key;
a rulebook's message id). The words of each code live in gettext catalogues
owned by the package that says it::

    src/arbitro/<package>/locale/<lang>/LC_MESSAGES/arbitro.<package>.po   (and its compiled .mo)

e.g. ``arbitro/tournament/locale/es/LC_MESSAGES/arbitro.tournament.mo`` (the
tournament's codes), ``arbitro/documents/locale/...`` (the documents' labels),
``arbitro/federations/fma/locale/...`` (the FMA rulebook's own words). The
domain is the package's dotted name; ``msgid`` is the code; ``msgstr`` the
template, with ``%(name)s`` fields filled from the message's ``params`` (a
parameter that is itself a :class:`~arbitro.errors.Message` is said first).
A plural entry's ``msgid_plural`` names the parameter that counts.

English is a catalogue like any other (its words are the core's own). A
language is a set of catalogue files: :func:`languages` lists the languages
found, and the CLI, the documents and the web offer exactly those. A folder of
catalogues named by the environment variable ``ARBITRO_LOCALES`` (``<dir>/<lang>/
LC_MESSAGES/<domain>.mo``, several folders separated by ``os.pathsep``) adds a
language without touching the packages (the web reads its ``django.mo`` there too).

Only the compiled ``.mo`` files are read (GNU gettext's format; the ``.po``
beside each is its source, compiled with ``msgfmt --check``; docs/decisions.md).
:func:`read_mo` reads them itself rather than through ``gettext.GNUTranslations``,
which drops a plural's ``msgid_plural`` (here: the parameter that counts); the
plural rule of each catalogue's header is :func:`gettext.c2py`'s.
Pure Python: no Django; the web calls :func:`text` with its active language.
"""

from __future__ import annotations

import gettext
import os
import struct
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from arbitro.errors import ArbitroError, Message

__all__ = [
    "DEFAULT",
    "ENV",
    "Entry",
    "Plural",
    "catalogue_dirs",
    "extra_dirs",
    "fill",
    "is_language",
    "language_name",
    "languages",
    "read_mo",
    "reset",
    "template",
    "text",
    "word",
]

#: The language of the core's own words (``str(message)``) and the last resort of every lookup.
DEFAULT = "en"
#: Extra folders of catalogues (a language pack), ``os.pathsep``-separated.
ENV = "ARBITRO_LOCALES"
_PACKAGE = Path(__file__).resolve().parent
#: The web's own catalogues (Django's ``django`` domain) are not the core's.
_NOT_OURS = ("web",)
#: The code whose text is a language's own name (the language selector's label).
LANGUAGE_NAME = "language.name"


@dataclass(frozen=True, slots=True)
class Plural:
    """A plural entry: the parameter that counts and the forms, chosen by the catalogue's plural rule."""

    count: str
    forms: tuple[str, ...]
    rule: Callable[[int], int]

    def pick(self, n: int) -> str:
        i = self.rule(n)
        return self.forms[i] if 0 <= i < len(self.forms) else self.forms[-1]


Entry = str | Plural


def read_mo(data: bytes) -> dict[str, Entry]:
    """The entries of a GNU ``.mo`` file (header dropped); a plural keeps its ``msgid_plural`` as the count."""
    if len(data) < 20:
        raise ValueError("not a .mo file")
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else ""
    if not order:
        raise ValueError("not a .mo file")
    _, n, originals, translations = struct.unpack(order + "4I", data[4:20])
    pairs: list[tuple[bytes, bytes]] = []
    for i in range(n):
        olen, ooff = struct.unpack(order + "2I", data[originals + 8 * i : originals + 8 * i + 8])
        tlen, toff = struct.unpack(order + "2I", data[translations + 8 * i : translations + 8 * i + 8])
        pairs.append((data[ooff : ooff + olen], data[toff : toff + tlen]))
    rule: Callable[[int], int] = lambda n: int(n != 1)  # noqa: E731 (English's rule until the header says)
    for original, translated in pairs:
        if original == b"":
            for line in translated.decode("utf-8").splitlines():
                if line.lower().startswith("plural-forms:") and "plural=" in line:
                    rule = gettext.c2py(line.split("plural=", 1)[1].strip().rstrip(";"))
    entries: dict[str, Entry] = {}
    for original, translated in pairs:
        if original == b"":
            continue
        ids = original.decode("utf-8").split("\x00")
        forms = translated.decode("utf-8").split("\x00")
        if len(ids) == 2:
            entries[ids[0]] = Plural(ids[1], tuple(forms), rule)
        elif forms[0]:
            entries[ids[0]] = forms[0]
    return entries


def extra_dirs() -> list[Path]:
    """The folders of catalogues named by ``ARBITRO_LOCALES`` (a language pack; the web adds them to Django's)."""
    return [Path(p) for p in os.environ.get(ENV, "").split(os.pathsep) if p]


def _code(folder: str) -> str:
    """A catalogue folder's language code, as the web names it (``pt_BR`` -> ``pt-br``)."""
    return folder.replace("_", "-").lower()


def _folders(lang: str) -> list[str]:
    """The catalogue folders of a language code (``pt-br`` -> ``pt-br``, ``pt_BR``; ``es`` -> ``es``)."""
    if "-" not in lang:
        return [lang]
    head, tail = lang.split("-", 1)
    return [lang, f"{head}_{tail.upper() if len(tail) <= 2 else tail.title()}"]


@cache
def catalogue_dirs() -> tuple[tuple[str, Path], ...]:
    """Every ``(domain, locale folder)`` of the packages (the domain is the owning package's dotted name)."""
    found: list[tuple[str, Path]] = []
    for locale in sorted(_PACKAGE.rglob("locale")):
        rel = locale.parent.relative_to(_PACKAGE).parts
        if not locale.is_dir() or (rel and rel[0] in _NOT_OURS):
            continue
        found.append((".".join(("arbitro", *rel)), locale))
    return tuple(found)


def _files(lang: str) -> list[Path]:
    """The ``.mo`` files of ``lang``: each package's, then the extra folders' (later ones win)."""
    files: list[Path] = []
    for name in _folders(lang):
        files += [d / name / "LC_MESSAGES" / f"{domain}.mo" for domain, d in catalogue_dirs()]
        for extra in extra_dirs():
            folder = extra / name / "LC_MESSAGES"
            if folder.is_dir():
                files += sorted(p for p in folder.glob("*.mo") if p.stem != "django")
    return [f for f in files if f.is_file()]


@cache
def _catalogue(lang: str) -> dict[str, Entry]:
    merged: dict[str, Entry] = {}
    for path in _files(lang):
        merged.update(read_mo(path.read_bytes()))
    return merged


def _language_folders(base: Path) -> Iterable[str]:
    if base.is_dir():
        for child in base.iterdir():
            if (child / "LC_MESSAGES").is_dir() and any((child / "LC_MESSAGES").glob("*.mo")):
                yield _code(child.name)


@cache
def languages() -> tuple[str, ...]:
    """The languages that have catalogues, Spanish and English first (the project's own), then by code.

    A language counts when its catalogues name it (``language.name``). Read once per process
    (:func:`reset` reads again).
    """
    found: set[str] = set()
    for _, d in catalogue_dirs():
        found.update(_language_folders(d))
    for extra in extra_dirs():
        found.update(_language_folders(extra))
    found = {lang for lang in found if LANGUAGE_NAME in _catalogue(lang)}
    own = [lang for lang in ("es", "en") if lang in found]
    return (*own, *sorted(found - set(own)))


def is_language(lang: str) -> bool:
    return lang in languages()


def language_name(lang: str) -> str:
    """A language's name in itself (``"Español"``, ``"English"``), from its own catalogue."""
    entry = _catalogue(lang).get(LANGUAGE_NAME)
    return entry if isinstance(entry, str) else lang


def reset() -> None:
    """Forget what was read (a test that adds catalogue files, or changes ``ARBITRO_LOCALES``)."""
    _catalogue.cache_clear()
    catalogue_dirs.cache_clear()
    languages.cache_clear()


def _candidates(lang: str) -> list[str]:
    """``es-ar`` -> ``es-ar``, then ``es``; then the default."""
    lang = _code(lang or DEFAULT)
    out = [lang]
    if "-" in lang:
        out.append(lang.split("-", 1)[0])
    if DEFAULT not in out:
        out.append(DEFAULT)
    return out


def _entry(code: str, lang: str) -> Entry | None:
    for candidate in _candidates(lang):
        entry = _catalogue(candidate).get(code)
        if entry is not None:
            return entry
    return None


def template(code: str, lang: str) -> Entry | None:
    """The catalogue entry of ``code`` in ``lang`` (its English when ``lang`` lacks it; ``None``: unknown)."""
    return _entry(code, lang)


def word(code: str, lang: str, default: str | None = None) -> str:
    """A code without parameters (a label): its text in ``lang``, else English, else ``default`` or the code."""
    entry = _entry(code, lang)
    if isinstance(entry, str):
        return entry
    if isinstance(entry, Plural):
        return entry.pick(1)
    return code if default is None else default


def fill(code: str, params: Mapping[str, Any], lang: str, say: Callable[[Any], Any] | None = None) -> str | None:
    """``code``'s template in ``lang`` filled with ``params`` (each first said by ``say``); ``None``: unknown code."""
    entry = _entry(code, lang)
    if entry is None:
        return None
    values = {k: say(v) for k, v in params.items()} if say is not None else dict(params)
    if isinstance(entry, Plural):
        return entry.pick(int(values[entry.count])) % values
    return entry % values


def text(value: object, lang: str) -> str:
    """What ``value`` (an error or a message with a code, or plain text) says in ``lang``.

    A message of a code no catalogue knows is said in its maker's own words
    (:attr:`~arbitro.errors.Message.translations`, then ``str()``: the English).
    """
    def say(v: Any) -> Any:
        return text(v, lang) if isinstance(v, Message | ArbitroError) else v

    if isinstance(value, ArbitroError):
        arg = value.args[0] if value.args else ""
        if isinstance(arg, Message):
            return text(arg, lang)
        if value.code:
            return fill(value.code, value.params, lang, say) or str(value)
        return str(value)
    if isinstance(value, Message):
        return fill(value.code, value.params, lang, say) or value.text(lang) or str(value)
    return str(value)
