"""``loopcity translations``: keep the gettext catalogues in step with the code, and check them.

Loopcity's own texts (engine, web pages, terminal, debrief) are one catalogue,
``src/loopcity/locale/loopcity.pot``; each game has its own beside it, ``games/<id>/locale/<id>.pot``
(named in its ``GameSpec.locale``). A language is a ``<lang>/LC_MESSAGES/<domain>.po`` beside each
template; content texts (card names and texts) are translated in ``content.<lang>.toml`` beside the
content. ``update`` extracts the templates afresh and merges them into every language's catalogues
(``--lang`` starts a new language); ``check`` lists what is missing or whose placeholders differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from .. import list_games

PACKAGE = Path(__file__).parents[1]
KEYWORDS = {**DEFAULT_KEYWORDS, "ngettext": (1, 2)}


@dataclass(frozen=True)
class Domain:
    """One catalogue: where its texts are written and where its translations live."""

    name: str
    source: Path
    locale: Path
    method_map: tuple[tuple[str, str], ...]

    @property
    def template(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def languages(self) -> list[str]:
        return sorted(p.parent.parent.name for p in self.locale.glob(f"*/LC_MESSAGES/{self.name}.po"))


def domains() -> list[Domain]:
    """Loopcity's own catalogue, then each installed game's that has a locale folder."""
    found = [
        Domain(
            "loopcity",
            PACKAGE,
            PACKAGE / "locale",
            (("games/**", "ignore"), ("**.py", "python"), ("**/templates/**.html", "jinja2")),
        )
    ]
    for spec in list_games():
        if spec.locale is not None:
            found.append(Domain(spec.id, spec.locale.parent, spec.locale, (("**.py", "python"),)))
    return found


def extract(domain: Domain) -> Catalog:
    """The texts marked for translation in a domain's code, as a fresh template."""
    catalog = Catalog(project="Loopcity", fuzzy=False)
    options = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    for _file, _line, message, comments, context in extract_from_dir(
        str(domain.source), list(domain.method_map), options, KEYWORDS
    ):
        catalog.add(message, None, [], auto_comments=comments, context=context)
    return catalog


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def write(path: Path, catalog: Catalog) -> None:
    """A catalogue as a file that changes only when its texts do (templates carry no dated header)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, no_location=True, sort_output=True, omit_header=path.suffix == ".pot")


def update(new_language: str | None = None, only: str | None = None) -> list[str]:
    """Write each template afresh and merge it into each language's catalogue; returns what it did."""
    done = []
    for domain in domains():
        if only and domain.name != only:
            continue
        template = extract(domain)
        write(domain.template, template)
        langs = set(domain.languages()) | ({new_language} if new_language else set())
        for lang in sorted(langs):
            path = domain.po(lang)
            catalog = read(path) if path.exists() else Catalog(locale=lang, project="Loopcity")
            created = catalog.creation_date
            catalog.update(template, no_fuzzy_matching=True)
            catalog.creation_date = created  # a catalogue changes only when its texts do
            catalog.obsolete.clear()
            write(path, catalog)
            done.append(f"{path.relative_to(PACKAGE)}: {len(template)} texts")
    return done


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def problems(domain: Domain, lang: str) -> list[str]:
    """What a language's catalogue lacks against the template: texts without a translation, fuzzy
    ones, and translations whose ``{placeholders}`` differ from the English. A text with a plural
    has the placeholders of both English forms; each of its forms may leave some out (the singular
    its count, as English may), never add one, and together they keep them all."""
    template = {m.id if isinstance(m.id, str) else m.id[0]: m for m in read(domain.template) if m.id}
    path = domain.po(lang)
    if not path.exists():
        return [f"{path}: missing"]
    out = []
    found = {m.id if isinstance(m.id, str) else m.id[0]: m for m in read(path) if m.id}
    for key, source in template.items():
        m = found.get(key)
        said = None if m is None else m.string
        strings = [said] if isinstance(said, str) else list(said or ())
        if m is None or not strings or not all(strings):
            out.append(f"{domain.name} [{lang}] untranslated: {key!r}")
            continue
        if m.fuzzy:
            out.append(f"{domain.name} [{lang}] fuzzy: {key!r}")
        ids = [source.id] if isinstance(source.id, str) else list(source.id)
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        used = [set(PLACEHOLDER.findall(s)) for s in strings]
        for s, has in zip(strings, used, strict=True):
            if has - wanted or (len(ids) == 1 and has != wanted):
                out.append(f"{domain.name} [{lang}] placeholders differ: {key!r} -> {s!r}")
        if len(ids) > 1 and set().union(*used) != wanted:
            out.append(f"{domain.name} [{lang}] placeholders left out of every form: {key!r}")
    return out


def stale(domain: Domain) -> list[str]:
    """Texts in the code that the committed template lacks, or the other way round."""
    fresh = {m.id for m in extract(domain) if m.id}
    kept = {m.id for m in read(domain.template) if m.id} if domain.template.exists() else set()
    return [f"{domain.name}: not in the template: {t!r}" for t in sorted(map(str, fresh - kept))] + [
        f"{domain.name}: no longer in the code: {t!r}" for t in sorted(map(str, kept - fresh))
    ]


def register_commands(app: typer.Typer) -> None:
    @app.command()
    def translations(
        what: Annotated[
            str, typer.Argument(help="update: extract and merge the catalogues; check: list gaps")
        ],
        lang: Annotated[str | None, typer.Option("--lang", help="start or check one language")] = None,
        domain: Annotated[
            str | None, typer.Option("--domain", help="one catalogue: loopcity or a game's id")
        ] = None,
    ) -> None:
        """Keep the translation catalogues in step with the code (docs/translating.md)."""
        if what == "update":
            for line in update(lang, domain):
                typer.echo(line)
            return
        if what != "check":
            typer.echo(f"error: 'update' or 'check', not {what!r}", err=True)
            raise typer.Exit(2)
        found: list[str] = []
        for one in domains():
            if domain and one.name != domain:
                continue
            found += stale(one)
            for language in [lang] if lang else one.languages():
                found += problems(one, language)
        for line in found[:200]:
            typer.echo(line)
        typer.echo(f"{len(found)} problems")
        raise typer.Exit(1 if found else 0)
