"""All user-facing text goes through one gettext layer: a new catalogue translates pages and the play
page's script strings with no code change."""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from loopcity.web import i18n

from .conftest import new_table, seat_tokens


def test_the_message_catalogue_template_lists_the_pages_texts():
    with open(i18n.LOCALE_DIR / "messages.pot", "rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    for text in (
        "Set up a table",
        "Create table",
        "Your turn",
        "Game log",
        "only a seat's own link can act for that seat",
    ):
        assert text in ids


def test_a_new_language_needs_only_a_catalogue(client, monkeypatch, tmp_path):
    catalog = Catalog(locale="de")
    catalog.add("Set up a table", "Einen Tisch aufstellen")
    catalog.add("Your turn", "Du bist dran")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "messages.mo", "wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert i18n.available() == ["de", "en"]
        page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
        assert "Einen Tisch aufstellen" in page.text
        assert "Set up a table" in client.get("/?lang=en").text
        t = new_table(client)
        play = client.get(f"/play/{seat_tokens(t)[0]}?lang=de").text
        assert "Du bist dran" in play
    finally:
        i18n.translations.cache_clear()
