"""The manual's chapters: read from ``content/<lang>/<slug>.md`` and rendered to HTML once.

Headings carry explicit anchors (``## Drafts {#drafts}``, Markdown's ``attr_list``) that are
the same in every language, so a help link or a cross-reference points to the same section
whatever the reader's language. A link to another chapter is written as in the repository
(``[Pairing](pairing.md#drafts)``, readable on GitHub from ``docs/manual``) and becomes the
chapter's address in the app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

CONTENT = Path(__file__).resolve().parent / "content"
LANGUAGES = ("en", "es")

#: The chapters in reading order (file names without ``.md``).
PAGES = (
    "index",
    "install",
    "tournament",
    "ratings",
    "players",
    "byes",
    "pairing",
    "results",
    "tiebreaks",
    "documents",
    "fide-mode",
    "teams",
    "records",
    "command-line",
)

_CHAPTER_LINK = re.compile(r'href="([a-z0-9-]+)\.md(#[a-z0-9-]+)?"')


@dataclass(frozen=True)
class Chapter:
    slug: str
    title: str
    html: str
    anchors: tuple[str, ...]  # every heading's id, in order


class _Headings(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self.ids.extend(v for k, v in attrs if k == "id" and v)


def source(lang: str, slug: str) -> str:
    """The Markdown text of one chapter; KeyError when there is no such chapter."""
    if lang not in LANGUAGES or slug not in PAGES:
        raise KeyError((lang, slug))
    return (CONTENT / lang / f"{slug}.md").read_text(encoding="utf-8")


def _link(match: re.Match[str], base: str) -> str:
    slug, anchor = match.group(1), match.group(2) or ""
    if slug not in PAGES:
        raise ValueError(f"manual: a link to {slug}.md, which is not a chapter")
    return f'href="{base}{"" if slug == "index" else slug + "/"}{anchor}"'


@lru_cache(maxsize=64)
def chapter(lang: str, slug: str, base: str = "/manual/") -> Chapter:
    """One chapter rendered (``base``: the manual's address, where chapter links point)."""
    import markdown

    text = source(lang, slug)
    first = text.lstrip().splitlines()[0]
    title = re.sub(r"\s*\{#[^}]*\}\s*$", "", first.lstrip("# ")).strip()
    html = markdown.markdown(text, extensions=["attr_list", "tables", "fenced_code", "toc", "sane_lists"])
    html = _CHAPTER_LINK.sub(lambda m: _link(m, base), html)
    parser = _Headings()
    parser.feed(html)
    return Chapter(slug=slug, title=title, html=html, anchors=tuple(parser.ids))


@lru_cache(maxsize=4)
def titles(lang: str) -> tuple[tuple[str, str], ...]:
    """(slug, title) of every chapter, in order (the manual's table of contents)."""
    out = []
    for slug in PAGES:
        first = source(lang, slug).lstrip().splitlines()[0]
        out.append((slug, re.sub(r"\s*\{#[^}]*\}\s*$", "", first.lstrip("# ")).strip()))
    return tuple(out)
